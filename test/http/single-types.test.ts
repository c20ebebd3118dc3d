import { describe, expect, it } from 'vitest';
import { FOOTER, HOMEPAGE, STORY, singleTypeServer } from '../support/single-types.js';
import { call, NOT_FOUND } from './support.js';

/**
 * `GET`, `PUT`, `DELETE /api/<singularName>`, answered as Strapi 5.54 answered them on the peer
 * (docs/single-types.md): PUT creates the document or updates it (200 either way), GET without one
 * is a 404, DELETE is a 204 whether or not there was one, and the query takes `status`, `locale`,
 * `fields` and `populate` as a document's routes take them.
 */

const served = singleTypeServer();
const { dishes } = served;

const put = (path: string, data: unknown) => call(served.base, 'PUT', path, { json: { data } });
const get = (path: string) => call(served.base, 'GET', path);

describe('routes', () => {
  it('serve a single type at its singular name only, and a collection type at its plural name only', async () => {
    await put('/api/homepage', { title: 'Home' });
    const homepage = served.server.quarry.singleType(HOMEPAGE).documentId();
    for (const path of ['/api/homepages', `/api/homepages/${homepage}`, `/api/homepage/${homepage}`, '/api/dish', `/api/dish/${dishes.Soup}`]) {
      expect([path, (await get(path)).body]).toEqual([path, NOT_FOUND]);
    }
    expect((await get('/api/homepage/')).status).toBe(200);
  });

  it('POST is a 405 that lists the methods the route serves', async () => {
    const r = await call(served.base, 'POST', '/api/homepage', { json: { data: { title: 'Home' } } });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET, HEAD, PUT, DELETE, OPTIONS');
    expect(r.body.error.name).toBe('MethodNotAllowedError');
    expect(served.server.quarry.singleType(HOMEPAGE).documentId()).toBeUndefined();
  });
});

describe('GET, PUT, DELETE', () => {
  it('GET without a document is a 404 in Strapi\'s error shape', async () => {
    const r = await get('/api/homepage');
    expect([r.status, r.body]).toEqual([404, NOT_FOUND]);
  });

  it('PUT creates the document, then updates the same one; both answer 200 { data, meta: {} }', async () => {
    const created = await put('/api/homepage', { title: 'Home' });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ data: expect.objectContaining({ title: 'Home', subtitle: null }), meta: {} });
    const updated = await put('/api/homepage', { subtitle: 'Welcome' });
    expect([updated.status, updated.body.data.documentId, updated.body.data.title]).toEqual([200, created.body.data.documentId, 'Home']);
    expect((await get('/api/homepage')).body).toEqual({ data: updated.body.data, meta: {} });
    expect(await served.server.quarry.documents(HOMEPAGE).count()).toBe(1);
  });

  it('DELETE answers 204 with no body, also when there is nothing to delete', async () => {
    await put('/api/homepage', { title: 'Home' });
    for (let i = 0; i < 2; i++) {
      const r = await call(served.base, 'DELETE', '/api/homepage');
      expect([r.status, r.text]).toEqual([204, '']);
      expect((await get('/api/homepage')).status).toBe(404);
    }
  });

  it('relations take connect, disconnect, set and positions; populate and fields shape reads and writes', async () => {
    const r = await put('/api/homepage?fields[0]=title&populate[featured][fields][0]=name&populate[special][fields][0]=name', {
      title: 'Home', special: dishes.Soup, featured: { connect: [dishes.Soup, dishes.Stew] },
    });
    expect(r.body.data).toEqual({
      id: expect.any(Number), documentId: expect.any(String), title: 'Home',
      special: { id: expect.any(Number), documentId: dishes.Soup, name: 'Soup' },
      featured: [{ id: expect.any(Number), documentId: dishes.Soup, name: 'Soup' }, { id: expect.any(Number), documentId: dishes.Stew, name: 'Stew' }],
    });
    await put('/api/homepage', { featured: { connect: [{ documentId: dishes.Tart, position: { start: true } }], disconnect: [dishes.Soup] } });
    const read = await get('/api/homepage?fields[0]=title&populate[featured][fields][0]=name&populate[featured][sort]=price:desc');
    expect(read.body.data.featured.map((d: { name: string }) => d.name)).toEqual(['Stew', 'Tart']);
    const stored = await get('/api/homepage?fields[0]=subtitle&populate=featured');
    expect(Object.keys(stored.body.data)).toEqual(['id', 'documentId', 'subtitle', 'featured']);
    expect(stored.body.data.featured.map((d: { name: string }) => d.name)).toEqual(['Tart', 'Stew']);
    await put('/api/homepage', { featured: { set: [dishes.Soup] } });
    expect((await get('/api/homepage?populate=featured')).body.data.featured.map((d: { name: string }) => d.name)).toEqual(['Soup']);
  });

  it('a bad query is a 400 naming it, whether or not the document exists', async () => {
    for (let i = 0; i < 2; i++) {
      const r = await get('/api/homepage?fields[0]=nope');
      expect([r.status, r.body.error.name, r.body.error.details.path]).toEqual([400, 'ValidationError', 'fields.nope']);
      await put('/api/homepage', { title: 'Home' });
    }
  });
});

describe('a refused PUT writes nothing', () => {
  it.each([
    ['no data', { other: 1 }, 'Missing "data" payload in the request body'],
    ['a required field missing on create', { data: { subtitle: 'hi' } }, 'title must be defined.'],
    ['a field past its maxLength', { data: { title: 'Home', subtitle: 'far too long' } }, /subtitle/],
    ['an unknown relation target', { data: { title: 'Home', special: 'nosuchdocumentidnosuchdo' } }, 'Document with id "nosuchdocumentidnosuchdo", locale "null" not found'],
    ['a documentId in data', { data: { title: 'Home', documentId: 'x' } }, /documentId/],
  ])('%s: a 400, and no document', async (_what, body, message) => {
    const r = await call(served.base, 'PUT', '/api/homepage', { json: body });
    expect([r.status, r.body.error.name]).toEqual([400, 'ValidationError']);
    expect(r.body.error.message).toMatch(message);
    expect((await get('/api/homepage')).status).toBe(404);
  });

  it('nor changes the document there is', async () => {
    await put('/api/homepage?populate=featured', { title: 'Home', featured: [dishes.Soup] });
    const before = (await get('/api/homepage?populate=*')).text;
    const r = await put('/api/homepage', { title: 'Changed', featured: { connect: [dishes.Stew, 'nosuchdocumentidnosuchdo'] } });
    expect(r.status).toBe(400);
    expect((await get('/api/homepage?populate=*')).text).toBe(before);
  });
});

describe('draft & publish', () => {
  it('PUT publishes unless ?status=draft; GET reads the published version unless ?status=draft', async () => {
    const draft = await put('/api/about?status=draft', { title: 'Draft only' });
    expect([draft.status, draft.body.data.publishedAt]).toEqual([200, null]);
    expect((await get('/api/about')).status).toBe(404);
    expect((await get('/api/about?status=published')).status).toBe(404);
    expect((await get('/api/about?status=draft')).body.data.title).toBe('Draft only');

    const published = await put('/api/about', { title: 'Published' });
    expect([published.body.data.documentId, published.body.data.title]).toEqual([draft.body.data.documentId, 'Published']);
    expect(published.body.data.publishedAt).toEqual(expect.any(String));

    await put('/api/about?status=draft', { title: 'Newer draft' });
    expect((await get('/api/about')).body.data.title).toBe('Published');
    expect((await get('/api/about?status=draft')).body.data).toMatchObject({ title: 'Newer draft', publishedAt: null });
  });

  it('a draft links drafts and the published version published targets', async () => {
    const story = await served.server.quarry.documents(STORY).create({ data: { title: 'Our story' } });
    const storyId = story.documentId as string;
    await put('/api/about?status=draft&populate=stories', { title: 'About', stories: [storyId] });
    expect((await get('/api/about?status=draft&populate=stories')).body.data.stories.map((s: { title: string }) => s.title)).toEqual(['Our story']);
    await put('/api/about', {});
    expect((await get('/api/about?populate=stories')).body.data.stories).toEqual([]);
    await served.server.quarry.documents(STORY).publish({ documentId: storyId });
    await put('/api/about', {});
    expect((await get('/api/about?populate=stories')).body.data.stories.map((s: { publishedAt: unknown }) => typeof s.publishedAt)).toEqual(['string']);
  });

  it('DELETE removes both versions', async () => {
    await put('/api/about', { title: 'About' });
    expect((await call(served.base, 'DELETE', '/api/about')).status).toBe(204);
    expect((await get('/api/about')).status).toBe(404);
    expect((await get('/api/about?status=draft')).status).toBe(404);
  });

  it('a bad status is a 400 and writes nothing', async () => {
    expect((await put('/api/about?status=bogus', { title: 'x' })).status).toBe(400);
    expect((await get('/api/about?status=draft')).status).toBe(404);
  });
});

describe('locales', () => {
  it('PUT ?locale=fr creates the French version; PUT without locale adds the default one to the same document', async () => {
    const fr = await put('/api/footer?locale=fr', { text: 'Bonjour', code: 'F1' });
    expect(fr.body.data).toMatchObject({ text: 'Bonjour', code: 'F1', locale: 'fr' });
    expect((await get('/api/footer')).status).toBe(404);
    expect((await get('/api/footer?locale=fr')).body.data.text).toBe('Bonjour');

    const en = await put('/api/footer', { text: 'Hello' });
    // `code` is not localized: the new locale takes the document's value.
    expect(en.body.data).toMatchObject({ documentId: fr.body.data.documentId, text: 'Hello', code: 'F1', locale: 'en' });
    expect((await get('/api/footer?locale=fr')).body.data.text).toBe('Bonjour');
  });

  it('DELETE removes the default locale, ?locale=fr that one, ?locale=* all of them', async () => {
    await put('/api/footer', { text: 'Hello' });
    await put('/api/footer?locale=fr', { text: 'Bonjour' });
    await call(served.base, 'DELETE', '/api/footer');
    expect((await get('/api/footer')).status).toBe(404);
    expect((await get('/api/footer?locale=fr')).status).toBe(200);

    await put('/api/footer', { text: 'Hello' });
    await call(served.base, 'DELETE', '/api/footer?locale=fr');
    expect([(await get('/api/footer')).status, (await get('/api/footer?locale=fr')).status]).toEqual([200, 404]);

    await put('/api/footer?locale=fr', { text: 'Bonjour' });
    await call(served.base, 'DELETE', '/api/footer?locale=*');
    expect(served.server.quarry.singleType(FOOTER).documentId()).toBeUndefined();
  });

  it('draft & publish per locale', async () => {
    await put('/api/banner?locale=fr&status=draft', { text: 'brouillon' });
    expect((await get('/api/banner?locale=fr')).status).toBe(404);
    expect((await get('/api/banner?locale=fr&status=draft')).body.data.text).toBe('brouillon');
    await put('/api/banner', { text: 'published' });
    expect((await get('/api/banner')).body.data).toMatchObject({ text: 'published', locale: 'en' });
    await call(served.base, 'DELETE', '/api/banner?locale=fr');
    expect((await get('/api/banner?locale=fr&status=draft')).status).toBe(404);
    expect((await get('/api/banner')).status).toBe(200);
  });

  it('an unconfigured locale is a 400 on every method, as on collection routes, and writes nothing', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const r = await call(served.base, method, '/api/footer?locale=de', method === 'PUT' ? { json: { data: { text: 'Hallo' } } } : {});
      expect([method, r.status, r.body.error.details.path]).toEqual([method, 400, 'locale']);
    }
    expect(served.server.quarry.singleType(FOOTER).documentId()).toBeUndefined();
  });
});
