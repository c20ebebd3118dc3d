import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { DEMO_SCHEMAS } from '../../src/cli/paths.js';
import { servingOptions, SERVING_SETTINGS } from '../../src/cli/serving.js';
import { resolveSettings } from '../../src/cli/settings.js';
import { call, startTestServer, type Answer, type TestServer } from '../http/support.js';
import { seed } from '../http/seed.js';
import { tempDir, testContext } from '../cli/support.js';
import { NOTE, openWorld } from '../../fixtures/fuzz/world.js';
import { EXPLOSIVE_POPULATE, loadDataset, openQuarry, type TestQuarry } from '../pool/support.js';

/** `filters[stars][$in][i]=i` for `n` values. */
const inList = (n: number) => Array.from({ length: n }, (_, i) => `filters[stars][$in][${i}]=${i}`).join('&');
/** A key nested `levels` brackets deep under `filters`. */
const nested = (levels: number) => `filters${'[$and][0]'.repeat(Math.floor((levels - 1) / 2))}${(levels - 1) % 2 === 1 ? '[name]' : ''}[$eq]=x`;
const TEXT_OPERATORS = [
  '$eq', '$ne', '$eqi', '$nei', '$contains', '$notContains', '$containsi', '$notContainsi', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi',
];
/**
 * `n` conditions under `$or`, twelve operators on `name` to an item: qs (and so Quarry) reads an
 * `$or` of more than 100 items as an object with index keys, which is not a list of conditions.
 */
const conditions = (n: number) =>
  Array.from({ length: n }, (_, i) => `filters[$or][${Math.floor(i / TEXT_OPERATORS.length)}][name][${TEXT_OPERATORS[i % TEXT_OPERATORS.length]}]=${i}`).join('&');
/** `levels` of populate, alternating restaurant → chef → restaurants. */
const deepPopulate = (levels: number) => `populate[${Array.from({ length: levels }, (_, i) => (i % 2 === 0 ? 'chef' : 'restaurants')).join('][populate][')}]=true`;

function expectLimit(answer: Answer, status: number, message: RegExp): void {
  expect(answer.status).toBe(status);
  expect(answer.body).toMatchObject({ data: null, error: { status, message: expect.stringMatching(message) } });
}

describe('limits at their defaults (docs/limits-and-errors.md), over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('node');
    await seed(server.quarry);
  });
  afterAll(async () => {
    await server?.stop();
  });
  const get = (query: string) => call(server.base, 'GET', `/api/restaurants?${query}`);

  it('query-string depth: 20 levels pass, 21 are a 400 naming the limit', async () => {
    expect((await get(nested(20))).status).toBe(200);
    expectLimit(await get(nested(21)), 400, /depth limit of 20/);
  });

  it('$in: 1,000 values pass, 1,001 are a 400 naming the limit', async () => {
    expect((await get(inList(1_000))).status).toBe(200);
    expectLimit(await get(inList(1_001)), 400, /limit of 1000 values/);
  });

  it('filter conditions: 1,000 pass, 1,001 are a 400 naming the limit', async () => {
    expect((await get(conditions(1_000))).status).toBe(200);
    expectLimit(await get(conditions(1_001)), 400, /limit of 1000 conditions/);
  });

  it('page size: above 100 is capped, and the meta says the size applied', async () => {
    const answer = await get('pagination[pageSize]=1000');
    expect(answer.body.meta.pagination.pageSize).toBe(100);
    expect((await get('pagination[limit]=1000')).body.meta.pagination.limit).toBe(100);
  });

  it('populate depth: 5 levels pass, 6 are a 400 naming the limit', async () => {
    expect((await get(deepPopulate(5))).status).toBe(200);
    expectLimit(await get(deepPopulate(6)), 400, /depth limit of 5/);
  });

  it('body: 1 MiB passes the size check, one byte more is a 413 naming the limit', async () => {
    const body = (size: number) => {
      const text = JSON.stringify({ data: { name: 'x', description: '' } });
      return text.replace('"description":""', `"description":"${'d'.repeat(size - text.length)}"`);
    };
    const headers = { 'content-type': 'application/json' };
    expect((await call(server.base, 'POST', '/api/restaurants', { body: body(1024 * 1024), headers })).status).toBe(201);
    expectLimit(await call(server.base, 'POST', '/api/restaurants', { body: body(1024 * 1024 + 1), headers }), 413, /limit of 1048576 bytes/);
  });
});

describe('every limit is a library setting', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('node', {
      maxBodyBytes: 100,
      queryLimits: { maxDepth: 4, maxArrayLength: 3 },
      listParams: { maxPageSize: 2, maxPopulateDepth: 1 },
    });
    await seed(server.quarry);
  });
  afterAll(async () => {
    await server?.stop();
  });
  const get = (query: string) => call(server.base, 'GET', `/api/restaurants?${query}`);

  it('each answers with the limit it was given', async () => {
    expectLimit(await get(nested(5)), 400, /depth limit of 4/);
    expectLimit(await get(inList(4)), 400, /limit of 3 values/);
    expect((await get('pagination[pageSize]=50')).body.meta.pagination.pageSize).toBe(2);
    expectLimit(await get(deepPopulate(2)), 400, /depth limit of 1/);
    expectLimit(await call(server.base, 'POST', '/api/restaurants', { json: { data: { name: 'x'.repeat(100) } } }), 413, /limit of 100 bytes/);
  });
});

describe('limits without a setting of their own', () => {
  it('a request head past --max-head-bytes is a 431 in Strapi\'s shape (node:http answers it itself otherwise)', async () => {
    const server = await startTestServer('node', { maxHeadBytes: 2_048 });
    try {
      const answer = await call(server.base, 'GET', `/api/restaurants?filters[name][$eq]=${'x'.repeat(4_096)}`);
      expectLimit(answer, 431, /limit of 2048 bytes/);
    } finally {
      await server.stop();
    }
  });

  it('a json field nested past 100 levels is a 400 naming the limit, not a stack overflow', async () => {
    const world = await openWorld();
    try {
      const body = (n: number) => `{"data":{"title":"x","meta":${'['.repeat(n)}${']'.repeat(n)}}}`;
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${world.tokens.full}` };
      expect((await call(world.base, 'POST', '/api/notes', { body: body(100), headers })).status).toBe(201);
      expectLimit(await call(world.base, 'POST', '/api/notes', { body: body(101), headers }), 400, /limit of 100 levels/);
      expectLimit(await call(world.base, 'POST', '/api/notes', { body: body(200_000), headers }), 400, /limit of 100 levels/);
      expect(await world.quarry.documents(NOTE).count()).toBe(2);
    } finally {
      await world.close();
    }
  });
});

describe('read time limit on the main thread (no pool)', () => {
  let t: TestQuarry;
  let server: TestServer;
  beforeAll(async () => {
    t = openQuarry({ queryTimeoutMs: 1, pool: undefined });
    await loadDataset(t.quarry, 2_000);
    server = await startTestServer('node', {}, t.quarry);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await t?.dispose();
  });

  it('a list that reads past the limit is a 503 naming it, and the server answers the next request', async () => {
    const slow = await call(server.base, 'GET', `/api/restaurants?${EXPLOSIVE_POPULATE}`);
    expect(slow.status).toBe(503);
    expect(slow.body.error).toEqual({
      status: 503, name: 'ServiceUnavailableError', message: 'The read exceeds the limit of 1 ms (the read time limit) and was cancelled', details: { timeoutMs: 1 },
    });
    expect((await call(server.base, 'GET', '/api/restaurants/nope')).status).toBe(404);
  });
});

describe('the CLI passes each limit to the server', () => {
  it('maps every serving setting where it belongs', () => {
    const s = resolveSettings(SERVING_SETTINGS, {}, {
      QUARRY_READ_ACCESS: 'token', QUARRY_MAX_BODY_BYTES: '10', QUARRY_MAX_QUERY_DEPTH: '3', QUARRY_MAX_FILTER_CONDITIONS: '4',
      QUARRY_MAX_IN_VALUES: '5', QUARRY_MAX_PAGE_SIZE: '6', QUARRY_MAX_POPULATE_DEPTH: '2', QUARRY_POOL_THREADS: '1',
      QUARRY_QUERY_TIMEOUT_MS: '700', QUARRY_SHUTDOWN_GRACE_MS: '800', QUARRY_GRAPHQL_MAX_DEPTH: '7', QUARRY_GRAPHQL_MAX_COST: '900',
      QUARRY_IMAGE_FORMATS: 'off', QUARRY_UPLOAD_MAX_FILE_BYTES: '11',
    });
    expect(servingOptions(s)).toEqual({
      http: {
        access: { reads: 'token', writes: 'token' },
        maxBodyBytes: 10,
        uploadMaxFileBytes: 11,
        queryLimits: { maxDepth: 3, maxArrayLength: 5 },
        listParams: { maxPageSize: 6, maxPopulateDepth: 2 },
        graphql: { maxDepth: 7, maxCost: 900 },
      },
      quarry: {
        filterLimits: { maxConditions: 4, maxListValues: 5, maxDepth: 3 }, queryTimeoutMs: 700, pool: { threads: 1, timeoutMs: 700 }, images: { formats: false },
      },
      shutdownGraceMs: 800,
    });
  });

  it('gives each serving process a pool by default: the cores the processes leave, at least one thread', () => {
    for (const processes of [1, 2, 8]) {
      const s = resolveSettings(SERVING_SETTINGS, {}, { QUARRY_PROCESSES: String(processes) });
      expect(s.poolThreads.value).toBe('auto');
      const threads = Math.max(1, Math.floor((availableParallelism() - processes) / processes));
      expect(servingOptions(s).quarry.pool).toEqual({ threads, timeoutMs: s.queryTimeoutMs.value });
    }
    expect(servingOptions(resolveSettings(SERVING_SETTINGS, {}, { QUARRY_POOL_THREADS: '0' })).quarry.pool).toBeUndefined();
  });

  it('`quarry serve` answers with the limits of its flags, and prints them at start-up', async () => {
    const ctx = testContext({ QUARRY_PORT: '0' });
    const exit = main([
      'serve', '--schemas', DEMO_SCHEMAS, '--data', join(tempDir(), 'db'), '--locales', 'en,fr',
      '--max-filter-conditions', '2', '--max-in-values', '3', '--max-page-size', '4', '--max-query-depth', '6', '--max-populate-depth', '1',
      '--graphql-max-depth', '3', '--upload-max-file-bytes', '1000', '--write-access', 'public',
    ], ctx);
    let url: string | undefined;
    for (let waited = 0; url === undefined && waited < 30_000; waited += 50) {
      url = /at (http\S+)/.exec(ctx.stdout.text)?.[1];
      if (url === undefined) await new Promise((r) => setTimeout(r, 50));
    }
    try {
      expect(ctx.stderr.text).toMatch(/--max-filter-conditions +2 +flag/);
      const get = (query: string) => call(url!, 'GET', `/restaurants?${query}`);
      expectLimit(await get(conditions(3)), 400, /limit of 2 conditions/);
      expectLimit(await get(inList(4)), 400, /limit of 3 values/);
      expect((await get('pagination[pageSize]=50')).body.meta.pagination.pageSize).toBe(4);
      expectLimit(await get(nested(7)), 400, /depth limit of 6/);
      expectLimit(await get(deepPopulate(2)), 400, /depth limit of 1/);
      const graphql = await fetch(new URL('/graphql', url), {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ restaurants { categories { restaurants { name } } } }' }),
      });
      expect(graphql.status).toBe(400);
      expect(JSON.stringify(await graphql.json())).toMatch(/depth/i);
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(1001)]), 'big.bin');
      const upload = await fetch(`${url}/upload`, { method: 'POST', body: form });
      expect(upload.status).toBe(413);
    } finally {
      ctx.stop();
      expect(await exit).toBe(0);
    }
  });
});
