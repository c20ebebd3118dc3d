import { scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quarry } from '../../src/index.js';
import type { Row } from '../../src/store/layout.js';
import { gql } from '../graphql/support.js';
import { collection } from '../relations/fixtures.js';
import { call, startTestServer, type TestServer } from './support.js';

/**
 * Password fields are stored as scrypt hashes and never shown. The hash is worked out before the
 * write transaction opens, off the main thread: a write carrying a password holds neither the
 * write lock nor the event loop while it is hashed.
 */

const MEMBER = 'api::member.member';
const CLUB = 'api::club.club';
const USER = 'plugin::users-permissions.user';

let server: TestServer;
let q: Quarry;

beforeAll(async () => {
  server = await startTestServer('node', {}, undefined, [
    collection('member', {
      name: { type: 'string', unique: true },
      password: { type: 'password', minLength: 6 },
      club: { type: 'relation', relation: 'manyToOne', target: CLUB, inversedBy: 'members' },
    }),
    collection('club', { name: { type: 'string' }, members: { type: 'relation', relation: 'oneToMany', target: MEMBER, mappedBy: 'club' } }),
  ]);
  q = server.quarry;
});
afterAll(async () => {
  await server?.stop();
});

/** The stored value of a password field, read from the row itself. */
function storedPassword(uid: string, id: number): string {
  return (q.store.rows.get(uid, id) as Row).password as string;
}

/** Whether a stored `scrypt$salt$hash` is the hash of `plain`. */
function verifies(stored: string, plain: string): boolean {
  const [scheme, salt, hash] = stored.split('$');
  return scheme === 'scrypt' && scryptSync(plain, Buffer.from(salt!, 'base64'), 32).toString('base64') === hash;
}

describe('password fields', () => {
  // GraphQL's inputs have no password fields (passwords are private): REST and the document service write them.
  it('are stored as hashes that verify, over REST and the document service, and never shown', async () => {
    const rest = await call(server.base, 'POST', '/api/members', { json: { data: { name: 'Rest', password: 'rest-secret' } } });
    expect(rest.status).toBe(201);
    const user = await q.documents(USER).create({ data: { username: 'ada', email: 'ada@example.com', password: 'user-secret' } });
    const graph = await gql(server.base, '{ members { name } }');
    expect(graph.body.data.members).toEqual([{ name: 'Rest' }]);
    for (const text of [rest.text, graph.text, JSON.stringify(user)]) expect(text).not.toMatch(/secret|password|scrypt/);

    const id = rest.body.data.id as number;
    expect(verifies(storedPassword(MEMBER, id), 'rest-secret')).toBe(true);
    expect(verifies(storedPassword(USER, user.id as number), 'user-secret')).toBe(true);

    const put = await call(server.base, 'PUT', `/api/members/${rest.body.data.documentId}`, { json: { data: { password: 'changed-secret' } } });
    expect(put.status).toBe(200);
    expect(put.text).not.toMatch(/secret|password|scrypt/);
    expect(verifies(storedPassword(MEMBER, id), 'changed-secret')).toBe(true);
  });

  it('are hashed before the write transaction opens: other writes commit while a hash is worked out', async () => {
    const before = q.store.writeGeneration;
    const members = q.documents(MEMBER);
    const created = members.create({ data: { name: 'Patient', password: 'patient-secret' } });
    // Nothing committed yet: the hash is in progress on the thread pool, the write lock is free.
    expect(q.store.writeGeneration).toBe(before);
    await q.documents(CLUB).create({ data: { name: 'Served meanwhile' } });
    expect(q.store.writeGeneration).toBe(before + 1);
    const member = await created;
    expect(q.store.writeGeneration).toBe(before + 2);
    expect(verifies(storedPassword(MEMBER, member.id as number), 'patient-secret')).toBe(true);

    const updated = members.update({ documentId: member.documentId as string, data: { password: 'other-secret' } });
    expect(q.store.writeGeneration).toBe(before + 2);
    await updated;
    expect(q.store.writeGeneration).toBe(before + 3);
    expect(verifies(storedPassword(MEMBER, member.id as number), 'other-secret')).toBe(true);
  });

  it('in a transaction the caller holds open, are hashed in it, so the write lands there', async () => {
    const before = q.store.writeGeneration;
    const made = q.store.transact(() => [
      q.documents(MEMBER).create({ data: { name: 'Batch 1', password: 'batch-secret-1' } }),
      q.documents(MEMBER).create({ data: { name: 'Batch 2', password: 'batch-secret-2' } }),
    ]);
    expect(q.reads.findPageSync(MEMBER, { filters: { name: { $startsWith: 'Batch' } } }).results).toHaveLength(2);
    const [one, two] = await Promise.all(made);
    expect(q.store.writeGeneration).toBe(before + 1);
    expect(verifies(storedPassword(MEMBER, one!.id as number), 'batch-secret-1')).toBe(true);
    expect(verifies(storedPassword(MEMBER, two!.id as number), 'batch-secret-2')).toBe(true);
  });

  it('a write that fails once its password is hashed writes nothing', async () => {
    const members = q.documents(MEMBER);
    const existing = await members.create({ data: { name: 'Taken', password: 'first-secret' } });
    const hash = storedPassword(MEMBER, existing.id as number);
    const before = q.store.writeGeneration;
    const count = await members.count();

    const clash = await call(server.base, 'POST', '/api/members', { json: { data: { name: 'Taken', password: 'second-secret' } } });
    expect(clash.status).toBe(400);
    expect(clash.body.error).toMatchObject({ name: 'ValidationError', message: 'This attribute must be unique' });
    const badRelation = await call(server.base, 'PUT', `/api/members/${existing.documentId}`, {
      json: { data: { password: 'third-secret', club: 'nosuchdocumentidatallxyz' } },
    });
    expect(badRelation.status).toBe(400);
    const tooShort = await call(server.base, 'PUT', `/api/members/${existing.documentId}`, { json: { data: { password: 'x' } } });
    expect(tooShort.status).toBe(400);

    expect(q.store.writeGeneration).toBe(before);
    expect(await members.count()).toBe(count);
    expect(storedPassword(MEMBER, existing.id as number)).toBe(hash);
  });
});
