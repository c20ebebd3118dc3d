/**
 * Media fields over REST. What Strapi 5.54 answered to the same requests on the same models
 * (a peer given test/support/media-models.ts's types, files uploaded through POST /api/upload) is
 * pinned here: the shape of a populated file, what populate's filters, sort and count do to a
 * media field, and filters and sort through one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../src/index.js';
import { createFiles, fileNames, mediaSchemas } from '../support/media-models.js';
import { call, startTestServer, type TestServer } from './support.js';

let server: TestServer;
let f: Awaited<ReturnType<typeof createFiles>>;
/** documentIds by title. */
const albums: Record<string, string> = {};

const get = (path: string) => call(server.base, 'GET', path);
const send = (method: string, path: string, data: unknown) => call(server.base, method, path, { json: { data } });
const id = (e: Entry) => e.id as number;

beforeAll(async () => {
  server = await startTestServer('uws', {}, undefined, mediaSchemas);
  f = await createFiles(server.quarry);
  const made = [
    { title: 'A', cover: id(f.red), gallery: [id(f.clip), id(f.blue), id(f.red)] },
    { title: 'B', cover: id(f.blue), attachment: id(f.doc) },
    { title: 'C', gallery: [id(f.blue)] },
    { title: 'D' },
  ];
  for (const data of made) {
    const r = await send('POST', '/api/albums', data);
    expect(r.status).toBe(201);
    albums[data.title] = r.body.data.documentId;
  }
});
afterAll(async () => {
  await server?.stop();
});

/** Titles of the albums a list request answers, in its order. */
async function titles(query: string): Promise<string[]> {
  const r = await get(`/api/albums?fields[0]=title&${query}`);
  expect(r.status, r.text).toBe(200);
  return r.body.data.map((e: Entry) => e.title);
}

describe('reading media fields', () => {
  it('are absent unless populated; a single one populates to a file or null, a multiple one to a list in its order', async () => {
    const plain = await get(`/api/albums/${albums.A}`);
    expect(Object.keys(plain.body.data)).toEqual(['id', 'documentId', 'title', 'createdAt', 'updatedAt', 'publishedAt']);
    const all = await get('/api/albums?populate=*&sort=title');
    expect(all.body.data.map((e: Entry) => [e.title, fileNames(e.cover), fileNames(e.gallery), fileNames(e.attachment)])).toEqual([
      ['A', 'red.png', ['clip.mp4', 'blue.png', 'red.png'], null],
      ['B', 'blue.png', [], 'doc.pdf'],
      ['C', null, ['blue.png'], null],
      ['D', null, [], null],
    ]);
    const one = await get(`/api/albums/${albums.A}?populate[0]=cover`);
    expect(Object.keys(one.body.data)).toContain('cover');
    expect(Object.keys(one.body.data)).not.toContain('gallery');
  });

  it('a populated file shows the fields Strapi 5.54 shows, in its order: no folderPath, no related', async () => {
    const r = await get(`/api/albums/${albums.A}?populate=cover`);
    expect(r.body.data.cover).toEqual({
      id: id(f.red), documentId: f.red.documentId, name: 'red.png', alternativeText: null, caption: null, focalPoint: null,
      width: 40, height: 30, formats: null, hash: 'red_0a1b2c3d4e', ext: '.png', mime: 'image/png', size: 0.11,
      url: '/uploads/red_0a1b2c3d4e.png', previewUrl: null, provider: 'local', provider_metadata: null,
      createdAt: f.red.createdAt, updatedAt: f.red.updatedAt, publishedAt: f.red.publishedAt,
    });
    expect(Object.keys(r.body.data.cover)).toEqual(Object.keys(f.red));
  });

  it('populate[field][fields] selects a file\'s fields; folderPath is a 400 there, as in filters', async () => {
    const r = await get(`/api/albums/${albums.A}?populate[cover][fields][0]=url&populate[gallery][fields][0]=name`);
    expect(r.body.data.cover).toEqual({ id: id(f.red), documentId: f.red.documentId, url: '/uploads/red_0a1b2c3d4e.png' });
    expect(r.body.data.gallery.map((e: Entry) => Object.keys(e))).toEqual([['id', 'documentId', 'name'], ['id', 'documentId', 'name'], ['id', 'documentId', 'name']]);
    for (const query of ['populate[gallery][fields][0]=folderPath', 'populate[gallery][populate][related]=true', 'populate[gallery][populate][folder]=true']) {
      const bad = await get(`/api/albums/${albums.A}?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.error.name).toBe('ValidationError');
    }
  });

  it('populate[field][filters] narrows the files shown, [sort] orders them, and [count] shows the files (as on Strapi 5.54)', async () => {
    const narrowed = await get(`/api/albums/${albums.A}?populate[gallery][filters][mime][$startsWith]=image/&populate[cover][filters][mime][$startsWith]=video/`);
    expect(fileNames(narrowed.body.data.gallery)).toEqual(['blue.png', 'red.png']);
    expect(narrowed.body.data.cover).toBeNull();
    const sorted = await get(`/api/albums/${albums.A}?populate[gallery][sort][0]=name:asc`);
    expect(fileNames(sorted.body.data.gallery)).toEqual(['blue.png', 'clip.mp4', 'red.png']);
    const counted = await get(`/api/albums/${albums.A}?populate[gallery][count]=true&populate[cover][count]=true`);
    expect(fileNames(counted.body.data.gallery)).toEqual(['clip.mp4', 'blue.png', 'red.png']);
    expect(fileNames(counted.body.data.cover)).toBe('red.png');
  });

  it('files have no route of their own', async () => {
    expect((await get('/api/files')).status).toBe(404);
  });
});

describe('filters and sort through media fields', () => {
  it('filter as a relation to the file type: $null, the file\'s fields, its id', async () => {
    expect(await titles('filters[cover][$null]=true&sort=title')).toEqual(['C', 'D']);
    expect(await titles('filters[cover][$null]=false&sort=title')).toEqual(['A', 'B']);
    expect(await titles('filters[cover][name][$eq]=red.png')).toEqual(['A']);
    expect(await titles('filters[gallery][mime][$startsWith]=image/&sort=title')).toEqual(['A', 'C']);
    expect(await titles('filters[gallery][mime][$startsWith]=video/')).toEqual(['A']);
    expect(await titles('filters[gallery][$null]=true&sort=title')).toEqual(['B', 'D']);
    expect(await titles(`filters[cover]=${id(f.blue)}`)).toEqual(['B']);
    expect(await titles(`filters[cover][id][$in][0]=${id(f.blue)}&filters[cover][id][$in][1]=${id(f.red)}&sort=title`)).toEqual(['A', 'B']);
  });

  it('sort by a single media field\'s file, entries without one last when descending', async () => {
    expect(await titles('sort[0]=cover.name:desc&sort[1]=title:asc')).toEqual(['A', 'B', 'C', 'D']);
    expect(await titles('sort[0]=cover.name:asc&sort[1]=title:desc')).toEqual(['D', 'C', 'B', 'A']);
  });

  it('a file\'s private folderPath and the unserved related relation are 400s in filters', async () => {
    for (const query of ['filters[cover][folderPath][$eq]=/', 'filters[cover][related][id][$eq]=1']) {
      const r = await get(`/api/albums?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.error.details.path).toBe(`filters.cover.${query.includes('related') ? 'related' : 'folderPath'}`);
    }
  });
});

describe('writing media fields over REST', () => {
  it('a gallery is reordered in one request and answers what it wrote', async () => {
    const r = await send('PUT', `/api/albums/${albums.A}?populate[gallery][fields][0]=name`, {
      gallery: { connect: [{ id: id(f.red), position: { start: true } }, { id: id(f.clip), position: { after: f.blue.documentId } }] },
    });
    expect(r.status).toBe(200);
    expect(fileNames(r.body.data.gallery)).toEqual(['red.png', 'blue.png', 'clip.mp4']);
    await send('PUT', `/api/albums/${albums.A}`, { gallery: [id(f.clip), id(f.blue), id(f.red)] });
  });

  it('a file the field does not accept is a 400 ValidationError naming its place, and nothing is written', async () => {
    const before = (await get('/api/albums?populate=*&status=draft&sort=title')).text;
    const r = await send('PUT', `/api/albums/${albums.C}`, { title: 'changed', gallery: [id(f.blue), id(f.song)] });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      data: null,
      error: {
        status: 400, name: 'ValidationError',
        message: `The file with id ${id(f.song)} (audio/mpeg) is not allowed in gallery, which accepts images, videos`,
        details: { key: 'gallery', allowedTypes: ['images', 'videos'], path: 'data.gallery.1' },
      },
    });
    const created = await send('POST', '/api/albums', { title: 'E', cover: id(f.clip) });
    expect(created.status).toBe(400);
    expect(created.body.error.details.path).toBe('data.cover');
    expect((await get('/api/albums?populate=*&status=draft&sort=title')).text).toBe(before);
  });

  it('a missing file is a 400 as for relations', async () => {
    const r = await send('POST', '/api/albums', { title: 'F', gallery: [id(f.red), 999] });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ name: 'ValidationError', message: 'Relation with id 999 not found', details: { path: 'data.gallery.1' } });
  });
});
