import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../http/support.js';
import { CHEF } from '../http/seed.js';
import { codes, gql } from './support.js';

/** API tokens on /graphql: a query is a read, a mutation a write, as REST's GET and PUT are. */
let server: TestServer;
let closed: TestServer;
let tokens: { readOnly: string; full: string };

beforeAll(async () => {
  server = await startTestServer('node', { access: { reads: 'public', writes: 'token' } });
  closed = await startTestServer('uws', { access: { reads: 'token', writes: 'token' } }, server.quarry);
  tokens = { readOnly: server.quarry.tokens!.create('gql-ro', 'read-only').token, full: server.quarry.tokens!.create('gql-full', 'full-access').token };
});
afterAll(async () => {
  await closed?.stop();
  await server?.stop();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const CREATE = 'mutation { createChef(data: { name: "Token Chef" }) { name } }';
const chefs = async () => (await server.quarry.documents(CHEF).findMany({})).map((c) => c.name);

describe('access on /graphql', () => {
  it('lets anyone query where reads are public, and refuses a wrong token with a 401', async () => {
    expect((await gql(server.base, '{ chefs { name } }')).status).toBe(200);
    const wrong = await gql(server.base, '{ chefs { name } }', undefined, bearer('f'.repeat(64)));
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      errors: [{
        message: 'Missing or invalid credentials',
        extensions: { code: 'STRAPI_UNAUTHORIZED_ERROR', error: { name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } },
      }],
    });
  });

  it('needs a full-access token for a mutation, and writes nothing otherwise', async () => {
    const anonymous = await gql(server.base, CREATE);
    expect(anonymous.status).toBe(403);
    expect(codes(anonymous)).toEqual(['STRAPI_FORBIDDEN_ERROR']);
    expect(anonymous.body.errors[0].extensions.error).toMatchObject({ name: 'ForbiddenError', message: 'Forbidden', details: { reason: 'no-token' } });
    const readOnly = await gql(server.base, CREATE, undefined, bearer(tokens.readOnly));
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.errors[0].extensions.error.details.reason).toBe('read-only-token');
    expect(await chefs()).not.toContain('Token Chef');
    const full = await gql(server.base, CREATE, undefined, bearer(tokens.full));
    expect(full.body).toEqual({ data: { createChef: { name: 'Token Chef' } } });
  });

  it('needs a token for queries where reads need one', async () => {
    expect((await gql(closed.base, '{ chefs { name } }')).status).toBe(403);
    expect((await gql(closed.base, '{ chefs { name } }', undefined, bearer(tokens.readOnly))).status).toBe(200);
  });
});
