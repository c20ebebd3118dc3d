/**
 * `@strapi/client`'s files API, the real package unchanged, against Quarry over HTTP on both
 * transports: upload (a File, a nameless Blob, a Buffer), find with filters and sort, findOne,
 * update, delete and its errors, and entries read with their media populated. The client has no
 * ref/refId/field option, so attaching goes through its own `fetch` with a FormData body. Every
 * shape asserted here is the one the Strapi 5.54 peer answered to the same calls (docs/uploads.md).
 */
import { HTTPNotFoundError, strapi } from '@strapi/client';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALBUM, mediaSchemas } from '../support/media-models.js';
import { startTestServer, type TestServer, type Transport } from '../http/support.js';

const jpeg = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer();

/** The keys of a file as the upload routes answer it, in the peer's order. */
const FILE_KEYS = ['id', 'documentId', 'name', 'alternativeText', 'caption', 'focalPoint', 'width', 'height', 'formats', 'hash', 'ext',
  'mime', 'size', 'url', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt', 'publishedAt', 'isUrlSigned'];

/** The status and Strapi error a rejected client call carried. */
type ErrorBody = { error: { name: string; message: string } };
async function failure(call: Promise<unknown>): Promise<{ error: unknown; status: number; body: ErrorBody }> {
  const error = await call.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(HTTPNotFoundError);
  const { response } = error as HTTPNotFoundError;
  return { error, status: response.status, body: (await response.json()) as ErrorBody };
}

describe.each<Transport>(['node', 'uws'])('@strapi/client files against Quarry on %s', (transport) => {
  let server: TestServer;
  let client: ReturnType<typeof strapi>;
  let album: { id: number; documentId: string };
  beforeAll(async () => {
    server = await startTestServer(transport, {}, undefined, mediaSchemas);
    client = strapi({ baseURL: `${server.base}/api` });
    const { data } = await client.collection('albums').create({ title: 'Trip' }, { status: 'draft' });
    album = { id: Number(data.id), documentId: data.documentId };
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('uploads a File with its fileInfo: the created files, as the peer answers them', async () => {
    const [red] = await client.files.upload(new File([await jpeg(800, 600, '#c33')], 'red photo.jpg', { type: 'image/jpeg' }),
      { fileInfo: { name: 'Red', alternativeText: 'a red one', caption: 'cap' } });
    expect(Object.keys(red!)).toEqual(FILE_KEYS);
    expect(red).toMatchObject({ name: 'Red', alternativeText: 'a red one', caption: 'cap', width: 800, height: 600, ext: '.jpg',
      mime: 'image/jpeg', provider: 'local', isUrlSigned: false, focalPoint: null, previewUrl: null, provider_metadata: null });
    expect(Object.keys(red!.formats)).toEqual(['thumbnail', 'medium', 'small']);
    expect(red!.formats.thumbnail).toMatchObject({ width: 208, height: 156, ext: '.jpg', mime: 'image/jpeg', path: null });
    const served = await fetch(server.base + red!.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
  });

  it('uploads a nameless Blob as `blob` with the extension of its type, and a Buffer by filename and mimetype', async () => {
    const [blob] = await client.files.upload(new Blob(['hello\n'], { type: 'text/plain' }));
    expect(blob).toMatchObject({ name: 'blob', ext: '.txt', mime: 'text/plain', width: null, height: null, formats: null, size: 0.01 });
    expect(blob!.url).toBe(`/uploads/${blob!.hash}.txt`);
    expect(await (await fetch(server.base + blob!.url)).text()).toBe('hello\n');
    const [blue] = await client.files.upload(await jpeg(300, 200, '#33c'), { filename: 'blue.jpg', mimetype: 'image/jpeg', fileInfo: { caption: 'blue' } });
    expect(blue).toMatchObject({ name: 'blue.jpg', caption: 'blue', alternativeText: null, width: 300, height: 200 });
    expect(Object.keys(blue!.formats)).toEqual(['thumbnail']);
  });

  it('attaches uploads to an entry with ref / refId / field through the client\'s fetch; the entry shows them populated', async () => {
    const attach = async (name: string, field: string) => {
      const body = new FormData();
      body.append('files', new Blob([await jpeg(100, 80, '#3c3')], { type: 'image/jpeg' }), name);
      for (const [key, value] of [['ref', ALBUM], ['refId', String(album.id)], ['field', field]]) body.append(key!, value!);
      const response = await client.fetch('/upload', { method: 'POST', body });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: number }[])[0]!;
    };
    const green = await attach('green.jpg', 'gallery');
    const grey = await attach('grey.jpg', 'cover');
    const one = await client.collection('albums').findOne(album.documentId, { populate: ['cover', 'gallery'], status: 'draft' });
    expect((one.data.cover as { id: number; name: string })).toMatchObject({ id: grey.id, name: 'grey.jpg' });
    expect((one.data.gallery as { name: string }[]).map((f) => f.name)).toEqual(['green.jpg']);
    // Files populated in an entry are the record alone: only the upload routes sign them.
    expect(one.data.cover).not.toHaveProperty('isUrlSigned');
    const all = await client.collection('albums').find({ populate: '*', status: 'draft' });
    expect(all.data.map((a) => (a.gallery as { id: number }[]).map((f) => f.id))).toEqual([[green.id]]);
  });

  it('finds files with filters and sort (a string or a list), and one file by id', async () => {
    const jpegs = await client.files.find({ filters: { mime: { $eq: 'image/jpeg' } }, sort: 'name:desc' });
    // Names compare by code unit, as on the peer's SQLite: capitals first.
    expect(jpegs.map((f) => f.name)).toEqual(['grey.jpg', 'green.jpg', 'blue.jpg', 'Red']);
    const bySize = await client.files.find({ sort: ['size:asc', 'name:asc'] });
    expect(bySize.map((f) => f.name)).toEqual(['blob', 'green.jpg', 'grey.jpg', 'blue.jpg', 'Red']);
    const [red] = await client.files.find({ filters: { name: { $containsi: 'RED' } } });
    const one = await client.files.findOne(red!.id);
    expect(one).toEqual(red);
    expect(Object.keys(one)).toEqual(FILE_KEYS);
  });

  it('updates a file\'s info, keeping what fileInfo leaves out', async () => {
    const [red] = await client.files.find({ filters: { name: { $eq: 'Red' } } });
    const updated = await client.files.update(red!.id, { name: 'Renamed', alternativeText: 'alt 2' });
    expect(updated).toMatchObject({ id: red!.id, name: 'Renamed', alternativeText: 'alt 2', caption: 'cap', url: red!.url, isUrlSigned: false });
    expect((await client.files.findOne(red!.id)).name).toBe('Renamed');
  });

  it('deletes a file, answering it as it was; the entry no longer shows it', async () => {
    const [grey] = await client.files.find({ filters: { name: { $eq: 'grey.jpg' } } });
    const deleted = await client.files.delete(grey!.id);
    expect(deleted).toMatchObject({ id: grey!.id, name: 'grey.jpg', isUrlSigned: false });
    expect((await fetch(server.base + grey!.url)).status).toBe(404);
    const one = await client.collection('albums').findOne(album.documentId, { populate: ['cover'], status: 'draft' });
    expect(one.data.cover).toBeNull();
  });

  it('an unknown id is the client\'s FileNotFoundError: file.notFound to read or delete, Entity not found to update', async () => {
    for (const call of [client.files.findOne(987654), client.files.delete(987654)]) {
      const { error, status, body } = await failure(call);
      expect((error as Error).name).toBe('FileNotFoundError');
      expect(status).toBe(404);
      expect(body.error).toMatchObject({ name: 'NotFoundError', message: 'file.notFound' });
    }
    const { status, body } = await failure(client.files.update(987654, { name: 'x' }));
    expect(status).toBe(404);
    expect(body.error).toMatchObject({ name: 'NotFoundError', message: 'Entity not found' });
  });
});
