import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/index.js';
import { gql } from '../graphql/support.js';
import { call, startTestServer, type TestServer } from './support.js';
import { CHEF, TAG } from './seed.js';

/**
 * A locale that is not configured (the server has en and fr) is refused alike by reads and writes,
 * REST, GraphQL and the document service: a 400 that names the configured locales. Strapi 5.54
 * answers REST reads of it with an empty list and a 404, creates entries in it on REST writes,
 * and refuses unknown codes in GraphQL literals: Quarry refuses it everywhere instead.
 * Types that are not localized ignore `locale`, as in Strapi.
 */
const REFUSED = {
  data: null,
  error: {
    status: 400, name: 'ValidationError', message: 'Locale "de" is not one of the configured locales (en, fr)',
    details: { path: 'locale', param: 'locale', locales: ['en', 'fr'] },
  },
};

let server: TestServer;
let tag: string;
let chef: string;
beforeAll(async () => {
  server = await startTestServer('node');
  tag = (await server.quarry.documents(TAG).create({ data: { name: 'spicy', code: 'SP' } })).documentId as string;
  await server.quarry.documents(TAG).update({ documentId: tag, locale: 'fr', data: { name: 'épicé' } });
  chef = (await server.quarry.documents(CHEF).create({ data: { name: 'Ana', country: 'Brazil' } })).documentId as string;
});
afterAll(async () => {
  await server?.stop();
});

const tagCount = async () => (await server.quarry.documents(TAG).findMany({ locale: '*' })).length;

describe('REST on a localized type', () => {
  it.each([
    ['GET', () => '/api/tags?locale=de'],
    ['GET', () => `/api/tags/${tag}?locale=de`],
    ['POST', () => '/api/tags?locale=de'],
    ['PUT', () => `/api/tags/${tag}?locale=de`],
    ['DELETE', () => `/api/tags/${tag}?locale=de`],
  ])('%s %s with an unconfigured locale is the same 400, and writes nothing', async (method, path) => {
    const before = await tagCount();
    const r = await call(server.base, method, path(), method === 'POST' || method === 'PUT' ? { json: { data: { name: 'Neu', code: 'NE' } } } : {});
    expect([r.status, r.body]).toEqual([400, REFUSED]);
    expect(await tagCount()).toBe(before);
  });

  it('a configured locale reads and writes', async () => {
    expect((await call(server.base, 'GET', '/api/tags?locale=fr')).body.data).toEqual([expect.objectContaining({ name: 'épicé', locale: 'fr' })]);
    expect((await call(server.base, 'GET', `/api/tags/${tag}?locale=fr`)).body.data.name).toBe('épicé');
    const created = await call(server.base, 'POST', '/api/tags?locale=fr', { json: { data: { name: 'doux', code: 'DX' } } });
    expect([created.status, created.body.data.locale]).toEqual([201, 'fr']);
  });
});

describe('REST on a type that is not localized', () => {
  it('ignores locale on reads and writes', async () => {
    expect((await call(server.base, 'GET', '/api/chefs?locale=de')).body.data).toEqual([expect.objectContaining({ name: 'Ana' })]);
    expect((await call(server.base, 'GET', `/api/chefs/${chef}?locale=de`)).status).toBe(200);
    const created = await call(server.base, 'POST', '/api/chefs?locale=de', { json: { data: { name: 'Hans', country: 'Germany' } } });
    expect(created.status).toBe(201);
    expect(created.body.data).not.toHaveProperty('locale');
    expect((await call(server.base, 'PUT', `/api/chefs/${chef}?locale=de`, { json: { data: { country: 'Peru' } } })).body.data.country).toBe('Peru');
  });
});

describe('GraphQL', () => {
  const refused = { name: 'ValidationError', message: REFUSED.error.message, details: REFUSED.error.details };
  it.each([
    ['a list', '{ tags(locale: "de") { name } }'],
    ['a connection', '{ tags_connection(locale: "de") { nodes { name } } }'],
    ['one entry', (id: string) => `{ tag(documentId: "${id}", locale: "de") { name } }`],
    ['a create', 'mutation { createTag(locale: "de", data: { name: "Neu", code: "NE" }) { name } }'],
    ['an update', (id: string) => `mutation { updateTag(documentId: "${id}", locale: "de", data: { name: "Neu" }) { name } }`],
  ])('%s with an unconfigured locale is refused as the document service refuses it', async (_, query) => {
    const before = await tagCount();
    const r = await gql(server.base, typeof query === 'string' ? query : query(tag));
    expect(r.body.errors).toEqual([expect.objectContaining({ extensions: { code: 'BAD_USER_INPUT', error: refused } })]);
    expect(await tagCount()).toBe(before);
  });

  it('takes a configured locale, also as a variable', async () => {
    const r = await gql(server.base, 'query ($l: I18NLocaleCode) { tags(locale: $l) { name locale } }', { l: 'fr' });
    expect(r.body).toEqual({ data: { tags: [{ name: 'épicé', locale: 'fr' }, { name: 'doux', locale: 'fr' }] } });
    const bad = await gql(server.base, 'query ($l: I18NLocaleCode) { tags(locale: $l) { name locale } }', { l: 'de' });
    expect(bad.body.errors[0].extensions.error).toEqual(refused);
  });
});

describe('the document service', () => {
  it('refuses the locale in reads as in writes', async () => {
    const tags = server.quarry.documents(TAG);
    const calls: [string, () => Promise<unknown>][] = [
      ['findMany', () => tags.findMany({ locale: 'de' })],
      ['findFirst', () => tags.findFirst({ locale: 'de' })],
      ['findPage', () => server.quarry.reads.findPage(TAG, { locale: 'de' })],
      ['findOne', () => tags.findOne({ documentId: tag, locale: 'de' })],
      ['count', () => tags.count({ locale: 'de' })],
      ['create', () => tags.create({ locale: 'de', data: { name: 'Neu' } })],
      ['update', () => tags.update({ documentId: tag, locale: 'de', data: { name: 'Neu' } })],
      ['delete', () => tags.delete({ documentId: tag, locale: 'de' })],
      ['publish', () => tags.publish({ documentId: tag, locale: 'de' })],
    ];
    for (const [name, run] of calls) {
      const error = await run().then(() => undefined, (e: unknown) => e);
      expect(error, name).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).toJSON(), name).toEqual(REFUSED.error);
    }
    expect(await tags.findMany({ locale: '*', fields: ['name'] })).toHaveLength(3);
  });
});
