/**
 * GET /api/upload/files, GET and DELETE /api/upload/files/:id on both transports: bare answers
 * as the upload plugin gives them, and a deletion that takes the file out of every entry and its
 * bytes (its formats' too) off the disk.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../src/index.js';
import { ALBUM, mediaSchemas } from '../support/media-models.js';
import { call, startTestServer, type TestServer, type Transport } from './support.js';

async function upload(server: TestServer, files: { name: string; bytes: Uint8Array }[], fields: Record<string, string> = {}) {
  const body = new FormData();
  for (const file of files) body.append('files', new Blob([file.bytes]), file.name);
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const response = await fetch(`${server.base}/api/upload`, { method: 'POST', body });
  expect(response.status).toBe(201);
  return (await response.json()) as Entry[];
}

describe.each<Transport>(['uws', 'node'])('upload files routes on %s', (transport) => {
  let server: TestServer;
  let files: Entry[];
  let albumId: string;
  beforeAll(async () => {
    server = await startTestServer(transport, {}, undefined, mediaSchemas);
    const made = await call(server.base, 'POST', '/api/albums?status=draft', { json: { data: { title: 'A' } } });
    albumId = made.body.data.documentId;
    const wide = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 9, g: 9, b: 9 } } }).png().toBuffer();
    const blue = await sharp({ create: { width: 20, height: 20, channels: 3, background: { r: 0, g: 0, b: 200 } } }).png().toBuffer();
    files = await upload(server, [{ name: 'b-wide.png', bytes: wide }, { name: 'a-blue.png', bytes: blue }],
      { ref: ALBUM, refId: String(made.body.data.id), field: 'gallery' });
    files.push(...await upload(server, [{ name: 'c-notes.txt', bytes: Buffer.from('notes') }, { name: 'd-more.txt', bytes: Buffer.from('more') }]));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lists every file as a bare array, with filters, sort, fields and a top-level start / limit', async () => {
    const all = await call(server.base, 'GET', '/api/upload/files');
    expect(all.status).toBe(200);
    expect(all.body.map((f: Entry) => f.name)).toEqual(['b-wide.png', 'a-blue.png', 'c-notes.txt', 'd-more.txt']);
    expect(all.body[0]).toEqual(files[0]);
    const sorted = await call(server.base, 'GET', '/api/upload/files?sort=name:asc&fields[0]=name&start=1&limit=1');
    // Strapi's controller signs every file it answers: isUrlSigned comes after the fields asked for.
    expect(sorted.body).toEqual([{ id: files[0]!.id, documentId: files[0]!.documentId, name: 'b-wide.png', isUrlSigned: false }]);
    // pagination[...] is not the upload list's window: every file is answered.
    expect((await call(server.base, 'GET', '/api/upload/files?pagination[pageSize]=1')).body).toHaveLength(4);
    const text = await call(server.base, 'GET', '/api/upload/files?filters[ext][$eq]=.txt&sort=name:desc');
    expect(text.body.map((f: Entry) => f.name)).toEqual(['d-more.txt', 'c-notes.txt']);
    const bad = await call(server.base, 'GET', '/api/upload/files?filters[folderPath][$eq]=/');
    expect(bad.status).toBe(400);
  });

  it('answers one file by its id, or a 404', async () => {
    const one = await call(server.base, 'GET', `/api/upload/files/${files[1]!.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(files[1]);
    for (const id of ['999999', files[1]!.documentId as string, '0']) {
      const missing = await call(server.base, 'GET', `/api/upload/files/${id}`);
      expect(missing.status, id).toBe(404);
      // Strapi's controller answers ctx.notFound('file.notFound').
      expect(missing.body).toEqual({ data: null, error: { status: 404, name: 'NotFoundError', message: 'file.notFound', details: {} } });
    }
  });

  it('DELETE answers the file, takes it out of every entry and removes its bytes and formats\' bytes', async () => {
    const [wide] = files;
    const urls = [wide!.url as string, ...Object.values(wide!.formats as Record<string, { url: string }>).map((f) => f.url)];
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) expect((await fetch(server.base + url)).status).toBe(200);
    const deleted = await call(server.base, 'DELETE', `/api/upload/files/${wide!.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual(wide);
    for (const url of urls) expect((await fetch(server.base + url)).status, url).toBe(404);
    const album = await server.quarry.documents(ALBUM).findOne({ documentId: albumId, populate: ['gallery'] });
    expect((album!.gallery as Entry[]).map((f) => f.name)).toEqual(['a-blue.png']);
    expect((await call(server.base, 'GET', `/api/upload/files/${wide!.id}`)).status).toBe(404);
    expect((await call(server.base, 'DELETE', `/api/upload/files/${wide!.id}`)).status).toBe(404);
  });

  it('other paths and methods under /api/upload are 404 and 405', async () => {
    expect((await call(server.base, 'GET', '/api/upload/nothing')).status).toBe(404);
    const put = await call(server.base, 'PUT', `/api/upload/files/${files[1]!.id}`);
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, DELETE, OPTIONS');
  });
});
