/**
 * A media field of a localized type without `pluginOptions.i18n.localized` (the poster's
 * `picture`) is shared by the locales of a document; one that says it is localized (`slides`) is
 * each locale's own. Each case is what Strapi 5.54 answered to the same requests on the same
 * models (test/support/media-models.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../src/index.js';
import { createFiles, fileNames, mediaSchemas } from '../support/media-models.js';
import { call, startTestServer, type TestServer } from './support.js';

let server: TestServer;
let f: Awaited<ReturnType<typeof createFiles>>;

beforeAll(async () => {
  server = await startTestServer('uws', {}, undefined, mediaSchemas);
  f = await createFiles(server.quarry);
});
afterAll(async () => {
  await server?.stop();
});

const id = (e: Entry) => e.id as number;
const send = (method: string, path: string, data: unknown) => call(server.base, method, path, { json: { data } });
const POPULATE = 'populate[picture][fields][0]=name&populate[slides][fields][0]=name';

/** Each locale's picture and slides, by locale, in the version asked for. */
async function locales(documentId: string, status = 'published'): Promise<Record<string, { picture: unknown; slides: unknown }>> {
  const r = await call(server.base, 'GET', `/api/posters?locale=*&status=${status}&filters[documentId]=${documentId}&sort=locale&${POPULATE}`);
  return Object.fromEntries(r.body.data.map((e: Entry) => [e.locale, { picture: fileNames(e.picture), slides: fileNames(e.slides) }]));
}

async function create(locale: string, data: unknown): Promise<string> {
  const r = await send('POST', `/api/posters?locale=${locale}`, data);
  expect(r.status, r.text).toBe(201);
  return r.body.data.documentId;
}

describe('a media field that is not localized', () => {
  it('a new locale takes the others\' file; a change in one locale, null included, reaches every other', async () => {
    const doc = await create('en', { title: 'en1', picture: id(f.red), slides: [id(f.blue)] });
    const fr = await send('PUT', `/api/posters/${doc}?locale=fr&${POPULATE}`, { title: 'fr1' });
    expect(fr.body.data).toMatchObject({ locale: 'fr', picture: { name: 'red.png' }, slides: [] });
    expect(await locales(doc)).toEqual({ en: { picture: 'red.png', slides: ['blue.png'] }, fr: { picture: 'red.png', slides: [] } });

    await send('PUT', `/api/posters/${doc}?locale=fr`, { picture: id(f.blue) });
    expect(await locales(doc)).toEqual({ en: { picture: 'blue.png', slides: ['blue.png'] }, fr: { picture: 'blue.png', slides: [] } });
    await send('PUT', `/api/posters/${doc}?locale=en`, { picture: null });
    expect(await locales(doc)).toEqual({ en: { picture: null, slides: ['blue.png'] }, fr: { picture: null, slides: [] } });
  });

  it('a new locale given null takes the others\' file; given one, gives it to them', async () => {
    const taking = await create('fr', { title: 'fr-only', picture: id(f.blue) });
    await send('PUT', `/api/posters/${taking}?locale=en`, { title: 'en-new', picture: null });
    expect(await locales(taking)).toEqual({ en: { picture: 'blue.png', slides: [] }, fr: { picture: 'blue.png', slides: [] } });

    const giving = await create('fr', { title: 'fr-only2', picture: id(f.blue) });
    await send('PUT', `/api/posters/${giving}?locale=en`, { title: 'en-new2', picture: id(f.red) });
    expect(await locales(giving)).toEqual({ en: { picture: 'red.png', slides: [] }, fr: { picture: 'red.png', slides: [] } });
  });

  it('the other locales\' updatedAt moves when their file does', async () => {
    const doc = await create('en', { title: 'u-en', picture: id(f.red) });
    await send('PUT', `/api/posters/${doc}?locale=fr`, { title: 'u-fr' });
    const stamp = async (locale: string) => (await call(server.base, 'GET', `/api/posters/${doc}?locale=${locale}`)).body.data.updatedAt as string;
    const before = await stamp('en');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await send('PUT', `/api/posters/${doc}?locale=fr`, { picture: id(f.blue) });
    expect(await stamp('en') > before).toBe(true);
  });
});
