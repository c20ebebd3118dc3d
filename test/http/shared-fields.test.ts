import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../graphql/support.js';
import { call, startTestServer, type TestServer } from './support.js';

/**
 * The demo tag: `name` localized, `code` shared by every locale of a tag. Each case is what
 * Strapi 5.54 answered to the same requests (a peer with the same model).
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer('uws');
});
afterAll(async () => {
  await server?.stop();
});

const send = (method: string, path: string, data?: unknown) => call(server.base, method, path, data === undefined ? {} : { json: { data } });

/** `code` (and `name`) of every locale of a tag, by locale. */
async function locales(documentId: string): Promise<Record<string, { code: unknown; name: unknown }>> {
  const answer = await send('GET', `/api/tags?locale=*&filters[documentId]=${documentId}&sort=locale`);
  return Object.fromEntries(answer.body.data.map((e: Record<string, unknown>) => [e.locale, { code: e.code, name: e.name }]));
}

describe('fields not localized, over REST', () => {
  it('creating a locale with its own value gives it to the others; without one, it takes theirs', async () => {
    const made = await send('POST', '/api/tags', { name: 'Sweet', code: 'sweet' });
    const id = made.body.data.documentId as string;
    const fr = await send('PUT', `/api/tags/${id}?locale=fr`, { name: 'Sucré', code: 'sucre' });
    expect(fr.status).toBe(200);
    expect(fr.body.data).toMatchObject({ locale: 'fr', name: 'Sucré', code: 'sucre' });
    expect(await locales(id)).toEqual({ en: { code: 'sucre', name: 'Sweet' }, fr: { code: 'sucre', name: 'Sucré' } });

    const salty = (await send('POST', '/api/tags', { name: 'Salty', code: 'salty' })).body.data.documentId as string;
    const given = await send('PUT', `/api/tags/${salty}?locale=fr`, { name: 'Salé', code: null });
    expect(given.body.data).toMatchObject({ locale: 'fr', code: 'salty' });
    expect(await locales(salty)).toEqual({ en: { code: 'salty', name: 'Salty' }, fr: { code: 'salty', name: 'Salé' } });
  });

  it('updating one locale gives its value to every other, null included, and touches their updatedAt', async () => {
    const id = (await send('POST', '/api/tags', { name: 'Umami', code: 'u1' })).body.data.documentId as string;
    await send('PUT', `/api/tags/${id}?locale=fr`, { name: 'Umami fr' });
    const enBefore = (await send('GET', `/api/tags/${id}?locale=en`)).body.data.updatedAt;
    await new Promise((resolve) => setTimeout(resolve, 5));

    await send('PUT', `/api/tags/${id}?locale=en`, { code: 'u2' });
    expect(await locales(id)).toEqual({ en: { code: 'u2', name: 'Umami' }, fr: { code: 'u2', name: 'Umami fr' } });
    await send('PUT', `/api/tags/${id}?locale=fr`, { name: 'Umami !' });
    expect(await locales(id)).toEqual({ en: { code: 'u2', name: 'Umami' }, fr: { code: 'u2', name: 'Umami !' } });
    const frBefore = (await send('GET', `/api/tags/${id}?locale=fr`)).body.data.updatedAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await send('PUT', `/api/tags/${id}?locale=fr`, { code: 'u3' });
    const en = (await send('GET', `/api/tags/${id}?locale=en`)).body.data;
    expect(en.code).toBe('u3');
    expect(en.updatedAt > enBefore).toBe(true);
    expect(en.updatedAt > frBefore).toBe(true);
    await send('PUT', `/api/tags/${id}?locale=fr`, { code: null });
    expect(await locales(id)).toEqual({ en: { code: null, name: 'Umami' }, fr: { code: null, name: 'Umami !' } });
  });
});

describe('fields not localized, over GraphQL', () => {
  it('a locale created by updateTag gives its value to the others', async () => {
    const created = await gql(server.base, 'mutation { createTag(data: { name: "Sour", code: "sour" }) { documentId } }');
    const id = created.body.data.createTag.documentId as string;
    const fr = await gql(server.base, 'mutation ($id: ID!) { updateTag(documentId: $id, locale: "fr", data: { name: "Acide", code: "acide" }) { code locale } }', { id });
    expect(fr.body).toEqual({ data: { updateTag: { code: 'acide', locale: 'fr' } } });
    const read = await gql(server.base, 'query ($id: ID!) { en: tag(documentId: $id, locale: "en") { code name } fr: tag(documentId: $id, locale: "fr") { code name } }', { id });
    expect(read.body).toEqual({ data: { en: { code: 'acide', name: 'Sour' }, fr: { code: 'acide', name: 'Acide' } } });
  });
});
