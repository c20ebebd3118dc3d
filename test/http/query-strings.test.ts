import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from './seed.js';
import { call, startTestServer, type TestServer } from './support.js';

/**
 * Malformed query strings over real HTTP, answered as the Strapi 5.54 peer answers them (its
 * answers are quoted where they matter), except where Quarry departs (docs/limits-and-errors.md,
 * Limits). Strapi's `details` give a filter key's path relative to `filters` (or null); Quarry's
 * name the full path.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer('uws');
  await seed(server.quarry);
});
afterAll(async () => {
  await server?.stop();
});

const get = (query: string) => call(server.base, 'GET', `/api/restaurants?${query}`);
const names = (body: { data: { name: string }[] }) => body.data.map((e) => e.name);

describe('malformed keys in a query string', () => {
  it('answers filters[name[$eq]=x with a 400 naming the key qs reads: [name[$eq]', async () => {
    // Strapi: 400 { message: 'Invalid key [name[$eq]', details: { key: '[name[$eq]', path: null, source: 'query', param: 'filters' } }
    for (const query of ['filters[name[$eq]=x', 'filters%5Bname%5B%24eq%5D=x']) {
      const answer = await get(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toEqual({
        data: null,
        error: {
          status: 400,
          name: 'ValidationError',
          message: 'Invalid key [name[$eq]',
          details: { key: '[name[$eq]', source: 'query', param: 'filters', path: 'filters.[name[$eq]' },
        },
      });
    }
  });

  it('reads an open group at the end of a key as one literal name', async () => {
    // Strapi: 400 'Invalid key [$eq at name', details.key '[$eq'.
    const answer = await get('filters[name][$eq&fields[0]=name');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ name: 'ValidationError', message: expect.stringContaining('Invalid key [$eq'), details: { key: '[$eq' } });
  });

  it('skips text after the last group and cuts a pair at its first ]=', async () => {
    // Strapi: filters[name]]=x filters name = x; filters[name][$eq]=a]=b compares with 'a]=b'.
    expect(names((await get('filters[name]]=Sushi%20Zen&fields[0]=name')).body)).toEqual(['Sushi Zen']);
    const cut = await get('filters[name][$eq]=a]=b&fields[0]=name');
    expect(cut.status).toBe(200);
    expect(cut.body.data).toEqual([]);
  });

  it('leaves a key without brackets alone, as any unknown parameter', async () => {
    // Strapi: 200, every entry (`filters]` is not `filters`).
    const answer = await get('filters]=x&fields[0]=name');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(5);
  });

  it('answers a sort past qs\'s list limit with a 400, as Strapi does', async () => {
    // Strapi: 400 'Invalid key 150' (sort[150] reads as an object with the key 150).
    const answer = await get('sort[150]=name');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ name: 'ValidationError', details: { param: 'sort' } });
  });

  it('reads a bare key[] as [null]: a $in of it matches nothing', async () => {
    // Strapi: 200, no entries.
    const answer = await get('filters[name][$in][]&fields[0]=name');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([]);
  });
});

describe('where Quarry departs from what qs and Strapi do', () => {
  it('keeps a $in whose index is past qs\'s limit of 100 (Strapi drops the filter and lists every entry)', async () => {
    expect(names((await get('filters[stars][$in][150]=5&fields[0]=name')).body)).toEqual(['Sushi Zen']);
  });

  it('refuses a key qs would drop silently (Strapi lists every entry)', async () => {
    const answer = await get('filters[toString]=x');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Query key toString is not allowed',
      details: { source: 'query', path: 'filters.toString' },
    });
  });

  it('refuses a key past 20 levels (qs keeps the rest as one name)', async () => {
    const answer = await get(`filters${'[a]'.repeat(21)}=1`);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe('Query nesting exceeds the depth limit of 20');
  });
});

describe('lists past the array limit', () => {
  it('a populate list of more than 100 names is a 400 that says so, as Strapi answers it', async () => {
    // qs reads populate[0]…populate[100] as an object of index keys; Strapi 5.54 (utils/traverse/query-populate) names the cause.
    const query = Array.from({ length: 101 }, (_, i) => `populate[${i}]=chef`).join('&');
    const answer = await get(query);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      name: 'ValidationError',
      message: 'Too many populate entries (101). The maximum number of populate entries when using array notation is 100. '
        + 'Consider using object notation (populate[field]=true), nested population, or reducing the number of fields.',
      details: { source: 'query', param: 'populate', path: 'populate' },
    });
    const hundred = Array.from({ length: 100 }, (_, i) => `populate[${i}]=chef`).join('&');
    expect((await get(hundred)).status).toBe(200);
  });
});
