import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessControl, bearerToken } from '../../src/http/index.js';
import { TokenStore } from '../../src/store/tokens.js';
import { call, startTestServer, type TestServer, type Transport } from '../http/support.js';
import { CHEF, seed } from '../http/seed.js';

/** Strapi's 403, with which of its cases it is in `details`. */
const forbidden = (reason: 'no-token' | 'not-bearer' | 'read-only-token', explanation: RegExp) => ({
  data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: { reason, explanation: expect.stringMatching(explanation) } },
});
const NO_TOKEN_WRITE = forbidden('no-token', /^Writing needs a full-access API token, sent as "Authorization: Bearer <token>"; the request has no Authorization header$/);
const UNAUTHORIZED = { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const WRONG = 'f'.repeat(64);

describe('AccessControl decides by token type, setting and access kind', () => {
  const tokens = { verify: (t: string) => (t === 'ro' ? { type: 'read-only' as const } : t === 'full' ? { type: 'full-access' as const } : undefined) };
  const cases: [reads: 'public' | 'token', authorization: string | undefined, kind: 'read' | 'write', status: number | undefined][] = [
    ['public', undefined, 'read', undefined],
    ['public', undefined, 'write', 403],
    ['public', 'Bearer nope', 'read', 401],
    ['public', 'Bearer ro', 'read', undefined],
    ['public', 'Bearer ro', 'write', 403],
    ['public', 'Bearer full', 'write', undefined],
    ['public', 'bearer   full', 'write', undefined],
    ['token', undefined, 'read', 403],
    ['token', 'Bearer ro', 'read', undefined],
    ['token', 'Bearer nope', 'read', 401],
    // Another scheme carries no API token, as in Strapi: the request is anonymous.
    ['public', 'Basic dXNlcjpwdw==', 'read', undefined],
    ['public', 'Basic dXNlcjpwdw==', 'write', 403],
  ];
  it.each(cases)('reads %s, %s, %s → %s', (reads, authorization, kind, status) => {
    const access = new AccessControl({ reads, writes: 'token' }, tokens);
    const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
    expect(access.check(headers, kind)?.status).toBe(status);
  });

  it('reads the bearer token as Strapi does: one value after the scheme', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('BEARER abc')).toBe('abc');
    expect(bearerToken('Bearer')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});

describe('the token store', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('node');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps a SHA-256 of each token, never the token', async () => {
    const tokens = server.quarry.tokens!;
    const { token, record } = tokens.create('hashed', 'read-only');
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(tokens.verify(token)).toEqual(record);
    expect(tokens.list().map((t) => t.name)).toContain('hashed');
    const file = readFileSync(join(server.path!, 'data.mdb'));
    expect(file.includes(Buffer.from(token))).toBe(false);
    expect(file.includes(Buffer.from(createHash('sha256').update(token).digest('hex')))).toBe(true);
  });

  it('sees tokens made and revoked through another handle on the folder (the CLI) at the next check', async () => {
    const other = TokenStore.open(server.path!);
    try {
      const { token } = other.create('elsewhere', 'full-access');
      await nextTurn();
      expect(server.quarry.tokens!.verify(token)?.type).toBe('full-access');
      expect(other.revoke('elsewhere')?.name).toBe('elsewhere');
      await nextTurn();
      expect(server.quarry.tokens!.verify(token)).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('refuses a second token of the same name, and malformed tokens without a lookup', () => {
    const tokens = server.quarry.tokens!;
    tokens.create('unique', 'read-only');
    expect(() => tokens.create('unique', 'full-access')).toThrow(/already exists/);
    expect(tokens.verify('not a token')).toBeUndefined();
    expect(tokens.verify('A'.repeat(64))).toBeUndefined();
  });
});

for (const transport of ['node', 'uws'] as Transport[]) {
  describe(`access over HTTP (${transport}), default settings: public reads, writes with a full-access token`, () => {
    let server: TestServer;
    let readOnly: string;
    let full: string;
    let chef: string;
    beforeAll(async () => {
      server = await startTestServer(transport, { access: { writes: 'token' } });
      chef = (await seed(server.quarry)).chefs['Ana Souza']!;
      readOnly = server.quarry.tokens!.create('reader', 'read-only').token;
      full = server.quarry.tokens!.create('writer', 'full-access').token;
    });
    afterAll(async () => {
      await server?.stop();
    });
    const create = (headers: Record<string, string> = {}) => call(server.base, 'POST', '/api/chefs', { json: { data: { name: 'New' } }, headers });

    it('reads are public; a wrong token is a 401 even there', async () => {
      expect((await call(server.base, 'GET', '/api/chefs')).status).toBe(200);
      expect((await call(server.base, 'GET', `/api/chefs/${chef}`)).status).toBe(200);
      expect((await call(server.base, 'GET', '/api/users')).status).toBe(200);
      const wrong = await call(server.base, 'GET', '/api/chefs', { headers: bearer(WRONG) });
      expect([wrong.status, wrong.body]).toEqual([401, UNAUTHORIZED]);
      expect((await call(server.base, 'HEAD', '/api/chefs', { headers: bearer('short') })).status).toBe(401);
      expect((await call(server.base, 'GET', '/api/chefs', { headers: bearer(readOnly) })).status).toBe(200);
    });

    it('a write without a token is a 403 and writes nothing', async () => {
      const before = await server.quarry.documents(CHEF).count();
      const denied = await create();
      expect([denied.status, denied.body]).toEqual([403, NO_TOKEN_WRITE]);
      expect((await call(server.base, 'PUT', `/api/chefs/${chef}`, { json: { data: { name: 'x' } } })).status).toBe(403);
      expect((await call(server.base, 'DELETE', `/api/chefs/${chef}`)).status).toBe(403);
      expect(await server.quarry.documents(CHEF).count()).toBe(before);
    });

    it('a token not sent as Bearer is no token: a 403 that says so', async () => {
      for (const authorization of [`Token ${full}`, `Basic ${Buffer.from(`u:${full}`).toString('base64')}`, `Bearer ${full} extra`, full]) {
        const denied = await create({ authorization });
        expect([denied.status, denied.body], authorization).toEqual([403, forbidden('not-bearer', /^Writing needs a full-access API token, sent as "Authorization: Bearer <token>"; the Authorization header is not in that form/)]);
      }
    });

    it('a read-only token may not write (403); a wrong one is a 401', async () => {
      const denied = await create(bearer(readOnly));
      expect([denied.status, denied.body]).toEqual([403, forbidden('read-only-token', /^The token is read-only: writing needs a full-access API token$/)]);
      expect((await create(bearer(WRONG))).body).toEqual(UNAUTHORIZED);
    });

    it('a full-access token writes: create, update, delete', async () => {
      const made = await create(bearer(full));
      expect(made.status).toBe(201);
      const id = made.body.data.documentId as string;
      expect((await call(server.base, 'PUT', `/api/chefs/${id}`, { json: { data: { name: 'Renamed' } }, headers: bearer(full) })).status).toBe(200);
      expect((await call(server.base, 'DELETE', `/api/chefs/${id}`, { headers: bearer(full) })).status).toBe(204);
    });

    it('a revoked token is a 401 from the next request on', async () => {
      const { token } = server.quarry.tokens!.create('short-lived', 'full-access');
      expect((await call(server.base, 'GET', '/api/chefs', { headers: bearer(token) })).status).toBe(200);
      server.quarry.tokens!.revoke('short-lived');
      expect((await call(server.base, 'GET', '/api/chefs', { headers: bearer(token) })).status).toBe(401);
    });

    it('preflights need no token; routing answers (404, 405) come before access', async () => {
      const preflight = await call(server.base, 'OPTIONS', '/api/chefs', { headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' } });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
      expect((await call(server.base, 'GET', '/api/nope', { headers: bearer(WRONG) })).status).toBe(404);
      expect((await call(server.base, 'PATCH', '/api/chefs', { headers: bearer(WRONG) })).status).toBe(405);
    });
  });
}

describe('access over HTTP with reads that need a token', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('node', { access: { reads: 'token', writes: 'token' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a read without a token is a 403; read-only and full-access tokens read', async () => {
    const denied = await call(server.base, 'GET', '/api/chefs');
    expect([denied.status, denied.body]).toEqual([403, forbidden('no-token', /^Reading needs an API token, sent as "Authorization: Bearer <token>"; the request has no Authorization header$/)]);
    expect((await call(server.base, 'GET', '/api/users/count')).status).toBe(403);
    for (const type of ['read-only', 'full-access'] as const) {
      const { token } = server.quarry.tokens!.create(`reads-${type}`, type);
      expect((await call(server.base, 'GET', '/api/chefs', { headers: bearer(token) })).status).toBe(200);
    }
  });
});

/** lmdb-js renews its read snapshot once per event-loop turn: another handle's commit shows from the next one. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 5));
}
