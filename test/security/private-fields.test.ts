import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuarry, type Quarry } from '../../src/index.js';
import type { SchemaSource } from '../../src/schema/raw.js';
import { call, startTestServer, type TestServer } from '../http/support.js';

/**
 * Private attributes (`private: true`, every `password`) and private relations never leave the
 * server and cannot be asked about: not in lists, single entries, populated relations or write
 * answers, and naming one in `fields`, `filters`, `sort` or `populate` is a 400, at any depth.
 */

const MEMBER = 'api::member.member';
const CLUB = 'api::club.club';
const SECRETS = ['secret', 'password', 'pin'];

const SCHEMAS: SchemaSource[] = [
  {
    uid: MEMBER,
    file: 'member/schema.json',
    schema: {
      kind: 'collectionType',
      info: { singularName: 'member', pluralName: 'members', displayName: 'member' },
      options: { draftAndPublish: false },
      attributes: {
        name: { type: 'string' },
        secret: { type: 'string', private: true },
        password: { type: 'password' },
        pin: { type: 'integer', private: true },
        clubs: { type: 'relation', relation: 'manyToMany', target: CLUB, mappedBy: 'members' },
      },
    },
  },
  {
    uid: CLUB,
    file: 'club/schema.json',
    schema: {
      kind: 'collectionType',
      info: { singularName: 'club', pluralName: 'clubs', displayName: 'club' },
      options: { draftAndPublish: false },
      attributes: {
        name: { type: 'string' },
        members: { type: 'relation', relation: 'manyToMany', target: MEMBER, inversedBy: 'clubs' },
        owner: { type: 'relation', relation: 'oneToOne', target: MEMBER, private: true },
      },
    },
  },
];

let path: string;
let quarry: Quarry;
let server: TestServer;
let member: string;
let club: string;

beforeAll(async () => {
  path = mkdtempSync(join(tmpdir(), 'quarry-private-'));
  quarry = createQuarry({ schemas: SCHEMAS, path, noSync: true });
  server = await startTestServer('node', {}, quarry);
  member = (await quarry.documents(MEMBER).create({ data: { name: 'Ada', secret: 's3cr3t', password: 'hunter22', pin: 1234 } })).documentId as string;
  club = (await quarry.documents(CLUB).create({ data: { name: 'Chess', members: [member], owner: member } })).documentId as string;
});
afterAll(async () => {
  await server?.stop();
  await quarry?.close();
  rmSync(path, { recursive: true, force: true });
});

const get = (url: string) => call(server.base, 'GET', url);

/** No private name or value anywhere in the text of an answer. */
function expectNoSecrets(text: string): void {
  for (const name of [...SECRETS, 'owner']) expect(text).not.toContain(`"${name}"`);
  for (const value of ['s3cr3t', 'hunter22', '1234']) expect(text).not.toContain(value);
}

describe('private fields never appear in answers', () => {
  it.each([
    ['a list', '/api/members'],
    ['a list asking for every field', '/api/members?fields=*'],
    ['one entry', () => `/api/members/${member}`],
    ['populate=*', '/api/clubs?populate=*'],
    ['populate of a relation to a type with private fields', '/api/clubs?populate[members]=true'],
    ['populate with fields=*', '/api/clubs?populate[members][fields]=*'],
    ['populate in both directions', '/api/members?populate[clubs][populate]=*'],
    ['one entry with populate', () => `/api/clubs/${club}?populate=members`],
  ] as [string, string | (() => string)][])('%s', async (_, url) => {
    const answer = await get(typeof url === 'string' ? url : url());
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('Ada');
    expectNoSecrets(answer.text);
  });

  it('nor in the answer to a write that sets them', async () => {
    const made = await call(server.base, 'POST', '/api/members', { json: { data: { name: 'Bob', secret: 'x9y8z7', password: 'pa55word' } } });
    expect(made.status).toBe(201);
    for (const text of ['x9y8z7', 'pa55word', '"secret"', '"password"']) expect(made.text).not.toContain(text);
  });
});

describe('naming a private field is a 400, as an unknown key', () => {
  it.each([
    ['fields', '/api/members?fields=password'],
    ['fields list', '/api/members?fields[0]=name&fields[1]=secret'],
    ['fields with *', '/api/members?fields=*,pin'],
    ['filters', '/api/members?filters[password][$eq]=hunter22'],
    ['filters, a guess by prefix', '/api/members?filters[secret][$startsWith]=s'],
    ['filters under $or', '/api/members?filters[$or][0][pin][$gt]=0&filters[$or][1][name][$eq]=Ada'],
    ['filters through a relation', '/api/clubs?filters[members][secret][$eq]=s3cr3t'],
    ['filters on a private relation', `/api/clubs?filters[owner][name][$eq]=Ada`],
    ['sort', '/api/members?sort=password'],
    ['sort, object form', '/api/members?sort[0][secret]=asc'],
    ['populate of a private relation', '/api/clubs?populate=owner'],
    ['populate fields', '/api/clubs?populate[members][fields][0]=secret'],
    ['populate filters', '/api/clubs?populate[members][filters][pin][$eq]=1234'],
    ['populate sort', '/api/clubs?populate[members][sort]=password'],
    ['users: password', '/api/users?fields=password'],
    ['users: reset token filter', '/api/users?filters[resetPasswordToken][$null]=false'],
  ])('%s', async (_, url) => {
    const answer = await get(url);
    expect(answer.status).toBe(400);
    expect(answer.body.data).toBeNull();
    expect(answer.body.error).toMatchObject({ status: 400, name: 'ValidationError' });
    expect(answer.body.error.message).toMatch(/^Invalid key/);
  });

  it('the error reads exactly like the one for a key that does not exist', async () => {
    const hidden = await get('/api/members?filters[secret][$eq]=x');
    const unknown = await get('/api/members?filters[nothing][$eq]=x');
    expect(hidden.body.error.message.replace('secret', 'KEY')).toBe(unknown.body.error.message.replace('nothing', 'KEY'));
  });
});
