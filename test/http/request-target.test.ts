import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, oneAnswer, rawBody, rawExchange, startTestServer, type TestServer, type Transport } from './support.js';
import { seed } from './seed.js';

/**
 * What `curl -g` sends for a URL typed with non-ASCII characters: their UTF-8 bytes, raw, in the
 * request line. HTTP allows them only percent-encoded; the 400 must say so.
 */
const rawGet = (target: string) => Buffer.from(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, 'utf8');

describe.each<Transport>(['node', 'uws'])('%s transport: request targets that are not percent-encoded', (transport) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(transport);
    await seed(server.quarry);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const send = async (target: string) => {
    const r = await rawExchange(server.port, [rawGet(target)], { until: oneAnswer, waitMs: 2_000 });
    // The raw answer is read as latin1: its body is UTF-8.
    return { status: r.status, body: JSON.parse(Buffer.from(rawBody(r.text), 'latin1').toString('utf8')) };
  };

  it('a raw non-ASCII character in the query string is a 400 that says the target must be percent-encoded', async () => {
    const r = await send('/api/chefs?filters[name][$startsWithi]=CHLOÉ&fields[0]=name');
    expect(r.status).toBe(400);
    expect(r.body.data).toBeNull();
    expect(r.body.error).toMatchObject({ status: 400, name: 'BadRequestError', details: { part: 'query' } });
    expect(r.body.error.message).toContain('the request target must be percent-encoded');
    expect(r.body.error.message).toContain('query string');
    expect(r.body.error.details.fix).toContain('%C3%A5');
  });

  it('in the path too', async () => {
    const r = await send('/api/chefs/é');
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ status: 400, name: 'BadRequestError', details: { part: 'path' } });
    expect(r.body.error.message).toContain('the request target must be percent-encoded');
  });

  it('the same request percent-encoded finds the entry', async () => {
    const r = await send(`/api/chefs?filters[name][$startsWithi]=${encodeURIComponent('CHLOÉ')}&fields[0]=name`);
    expect(r.status).toBe(200);
    expect(r.body.data.map((c: { name: string }) => c.name)).toEqual(['Chloé Martin']);
    expect((await call(server.base, 'GET', '/api/chefs?fields[0]=name&pagination[pageSize]=1')).status).toBe(200);
  });
});

describe('node transport: other heads it cannot parse', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('node');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('are a 400 whose details give the parser\'s reason', async () => {
    const r = await rawExchange(server.port, ['HELLO WORLD\r\n\r\n'], { until: oneAnswer, waitMs: 2_000 });
    expect(r.status).toBe(400);
    expect(JSON.parse(rawBody(r.text)).error).toEqual({
      status: 400, name: 'BadRequestError', message: 'Malformed HTTP request', details: { reason: 'Invalid method encountered' },
    });
  });
});
