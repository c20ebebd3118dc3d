import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from './support.js';

/**
 * `GET /_quarry/health` (issue 20, point 5): what a load balancer reads to leave out a server
 * that is behind. A writer answers its role, the sequence of the folder's last committed write
 * (one a write transaction, a failed write none) and no lag; on both transports, without a token.
 */
describe.each(['node', 'uws'] as const)('the health of a writer over %s', (transport) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(transport, { access: { reads: 'token', writes: 'token' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const health = () => call(server.base, 'GET', '/_quarry/health');

  it('answers its role and the sequence of its last write, which each committed write moves on and a failed one leaves', async () => {
    const before = await health();
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toMatch(/^application\/json/);
    expect(before.body).toEqual({ role: 'writer', sequence: expect.any(Number), lag: 0 });
    const start = before.body.sequence as number;

    await server.quarry.documents('api::category.category').create({ data: { name: 'Health food' } });
    expect((await health()).body.sequence).toBe(start + 1);

    await expect(server.quarry.documents('api::category.category').create({ data: { name: 5 } })).rejects.toThrow();
    expect((await health()).body.sequence).toBe(start + 1);
    expect(server.quarry.health()).toEqual({ role: 'writer', sequence: start + 1, lag: 0 });
  });

  it('is public, answers HEAD without a body and refuses other methods with its Allow header', async () => {
    expect((await call(server.base, 'GET', '/api/categories')).status).toBe(403);
    expect((await call(server.base, 'GET', '/_quarry/health/')).status).toBe(200);
    const head = await call(server.base, 'HEAD', '/_quarry/health');
    expect([head.status, head.text]).toEqual([200, '']);
    const post = await call(server.base, 'POST', '/_quarry/health', { json: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(post.body.error.name).toBe('MethodNotAllowedError');
    expect((await call(server.base, 'GET', '/_quarry/healthz')).status).toBe(404);
  });
});
