import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuarry, type Quarry } from '../../src/index.js';
import { readQueryString } from '../../src/query/querystring/index.js';
import { call, rawExchange, startTestServer, type TestServer, type Transport } from '../http/support.js';
import { EXPLOSIVE_POPULATE, loadDataset, openQuarry, RESTAURANT, SCHEMAS, sleep, type TestQuarry, warmUp } from './support.js';

const LIMIT = 1_000;
const CHEAP = '/api/restaurants?filters[stars][$eq]=5&pagination[pageSize]=5';
/** Above the default threshold: a sort through a relation over every row (pooled). */
const POOLED = '/api/restaurants?sort=chef.name:asc&fields[0]=name&pagination[pageSize]=10';

/** The REST list route over a pooled Quarry, on both transports. */
describe('REST lists with a worker pool', () => {
  let t: TestQuarry;
  /** Read-only twin on the same folder with a short time limit. */
  let limited: Quarry;

  beforeAll(async () => {
    t = openQuarry({ pool: { threads: 2, timeoutMs: 30_000 } });
    await loadDataset(t.quarry, 2_000);
    limited = createQuarry({ schemas: SCHEMAS, path: t.path, readOnly: true, i18n: { defaultLocale: 'en', locales: ['en', 'fr'] }, pool: { threads: 2, timeoutMs: LIMIT } });
    await limited.pool!.ready();
    await warmUp(limited, 'fields[0]=name');
  }, 120_000);
  afterAll(async () => {
    await limited?.close();
    await t?.dispose();
  });

  describe.each<Transport>(['uws', 'node'])('%s transport', (transport) => {
    let server: TestServer;
    let fast: TestServer;
    beforeAll(async () => {
      server = await startTestServer(transport, {}, t.quarry);
      fast = await startTestServer(transport, {}, limited);
    });
    afterAll(async () => {
      await server?.stop();
      await fast?.stop();
    });

    it.each([CHEAP, POOLED, '/api/restaurants?populate=*&sort=chef.name:desc&pagination[page]=2&pagination[pageSize]=7'])('%s answers what the document service answers inline', async (path) => {
      const query = readQueryString(path.slice(path.indexOf('?') + 1));
      const page = t.quarry.reads.query(RESTAURANT, query);
      const r = await call(server.base, 'GET', path);
      expect(r.status).toBe(200);
      expect(r.text).toBe(JSON.stringify({ data: page.results, meta: { pagination: page.pagination } }));
    });

    it('the pooled path is the one taken for the expensive list', () => {
      const threshold = t.quarry.pool!.costThreshold;
      expect(t.quarry.reads.estimateQuery(RESTAURANT, readQueryString(CHEAP.split('?')[1]!)).movable).toBeLessThan(threshold);
      expect(t.quarry.reads.estimateQuery(RESTAURANT, readQueryString(POOLED.split('?')[1]!)).movable).toBeGreaterThanOrEqual(threshold);
    });

    it('bad params are the same 400 as without a pool', async () => {
      const r = await call(server.base, 'GET', '/api/restaurants?filters[nope][$eq]=1&sort=chef.name');
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ status: 400, name: 'ValidationError' });
      expect(r.body.error.details).toHaveProperty('path');
    });

    it('a list past the time limit is a 503 while other requests are answered meanwhile', async () => {
      const started = performance.now();
      const slow = call(fast.base, 'GET', `/api/restaurants?${EXPLOSIVE_POPULATE}`).then((r) => ({ r, at: performance.now() - started }));
      const answered: number[] = [];
      while (performance.now() - started < LIMIT - 50) {
        const t0 = performance.now();
        const r = await call(fast.base, 'GET', CHEAP);
        expect(r.status).toBe(200);
        expect(r.body.data).toHaveLength(5);
        answered.push(performance.now() - t0);
        await sleep(5);
      }
      const { r, at } = await slow;
      expect(r.status).toBe(503);
      expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(r.body).toEqual({
        data: null,
        error: { status: 503, name: 'ServiceUnavailableError', message: `The read exceeds the limit of ${LIMIT} ms (the read time limit) and was cancelled`, details: { timeoutMs: LIMIT } },
      });
      expect(at).toBeGreaterThanOrEqual(LIMIT - 10);
      expect(at).toBeLessThan(LIMIT + 500);
      expect(answered.length).toBeGreaterThan(5);
      expect(Math.max(...answered)).toBeLessThan(LIMIT / 4);
      expect((await call(fast.base, 'GET', CHEAP)).status).toBe(200);
    });

    it('keep-alive: requests sent one after another on one connection behind a pooled answer', async () => {
      const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
      expect((await call(server.base, 'GET', POOLED)).status).toBe(200);
      // The second request is sent once the first was answered (a warm worker answers in a few
      // ms; 1 s leaves room on a loaded machine): no pipelining.
      const r = await rawExchange(server.port, [get(POOLED), 1_000, get(CHEAP), 100], {
        until: (text) => (text.match(/HTTP\/1\.1 200/g) ?? []).length === 2, waitMs: 3_000,
      });
      expect([...r.text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1])).toEqual(['200', '200']);
    });

    /**
     * A request PIPELINED behind an answer that is pending across event-loop turns (a pooled
     * list): node:http queues it and answers both in order. This uWebSockets.js build closes
     * the connection instead (its one response state per socket is still pending when the next
     * request is parsed: uNetworking/uWebSockets.js#277, #1301), with nothing written, and the
     * pending answer is dropped through `onAborted`. Inline answers (cheap lists, writes) settle
     * in the same turn and are not affected. Browsers and the usual HTTP clients never pipeline;
     * a client that does gets a closed connection it can retry. This test pins both behaviours.
     */
    it('pipelining behind a pooled answer', async () => {
      const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
      const r = await rawExchange(server.port, [get(POOLED) + get(CHEAP)], {
        until: (text) => (text.match(/HTTP\/1\.1 200/g) ?? []).length === 2, waitMs: 3_000,
      });
      if (transport === 'node') {
        expect([...r.text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1])).toEqual(['200', '200']);
      } else {
        expect(r.closed).toBe(true);
        expect(r.text).toBe('');
      }
      // The server is unharmed either way.
      expect((await call(server.base, 'GET', CHEAP)).status).toBe(200);
      expect((await call(server.base, 'GET', POOLED)).status).toBe(200);
    });
  });
});
