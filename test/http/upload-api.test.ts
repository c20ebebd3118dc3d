/**
 * POST /api/upload over real HTTP on both transports: files streamed into the uploads folder,
 * their records created through the document service, and nothing left behind when the body is
 * refused (too large, truncated, no file, no write access).
 */
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_UID } from '../../src/schema/builtin-upload.js';
import { call, startTestServer, type TestServer, type Transport } from './support.js';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();

function form(files: { name: string; bytes: Uint8Array; type?: string }[], fields: Record<string, string[]> = {}): FormData {
  const body = new FormData();
  for (const file of files) body.append('files', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  for (const [name, values] of Object.entries(fields)) for (const value of values) body.append(name, value);
  return body;
}

async function upload(server: TestServer, body: FormData | string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.base}/api/upload`, { method: 'POST', body, headers });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) };
}

/** The stored files (temporaries included): none once a refused upload has been answered. */
async function folderOf(server: TestServer): Promise<string[]> {
  return readdir(server.quarry.files.folder).catch(() => []);
}

const count = (server: TestServer) => server.quarry.documents(FILE_UID).count();

describe.each<Transport>(['uws', 'node'])('POST /api/upload on %s', (transport) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(transport, { uploadMaxFileBytes: 64 * 1024 });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 201 with the created files, named by fileInfo, their bytes served at their url', async () => {
    const text = Buffer.from('hello, quarry\n');
    const r = await upload(server, form([
      { name: 'red square.png', bytes: await png(40, 30), type: 'image/png' },
      { name: 'notes.txt', bytes: text, type: 'text/plain' },
    ], { fileInfo: [JSON.stringify([{ name: 'Red', alternativeText: 'a red square' }, { caption: 'some notes' }])] }));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toHaveLength(2);
    const [image, notes] = r.body;
    expect(Object.keys(image)).toEqual(['id', 'documentId', 'name', 'alternativeText', 'caption', 'focalPoint', 'width', 'height',
      'formats', 'hash', 'ext', 'mime', 'size', 'url', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt', 'publishedAt',
      'isUrlSigned']);
    expect(image).toMatchObject({ name: 'Red', alternativeText: 'a red square', caption: null, width: 40, height: 30, formats: null,
      ext: '.png', mime: 'image/png', provider: 'local', provider_metadata: null, previewUrl: null });
    expect(image.hash).toMatch(/^red_square_[0-9a-f]{10}$/);
    expect(image.url).toBe(`/uploads/${image.hash}.png`);
    expect(notes).toMatchObject({ name: 'notes.txt', caption: 'some notes', alternativeText: null, ext: '.txt', mime: 'text/plain',
      width: null, height: null, size: 0.01 });
    const served = await fetch(server.base + notes.url);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(text);
    const found = await server.quarry.documents(FILE_UID).findOne({ documentId: image.documentId });
    expect(found?.url).toBe(image.url);
  });

  it('a large image gets its thumbnail and formats, each stored and served', async () => {
    const r = await upload(server, form([{ name: 'wide.png', bytes: await png(600, 400), type: 'image/png' }],
      { fileInfo: [JSON.stringify({ caption: 'wide' })] }));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const [file] = r.body;
    expect(file.caption).toBe('wide');
    expect(Object.keys(file.formats).sort()).toEqual(['small', 'thumbnail']);
    expect(file.formats.thumbnail).toMatchObject({ width: 234, height: 156, url: `/uploads/thumbnail_${file.hash}.png` });
    for (const url of [file.url, file.formats.thumbnail.url, file.formats.small.url]) {
      expect((await fetch(server.base + url)).status, url).toBe(200);
    }
  });

  describe('refusals leave nothing behind', () => {
    let before: { files: string[]; records: number };
    beforeAll(async () => {
      before = { files: (await folderOf(server)).sort(), records: await count(server) };
    });
    const unchanged = async () => {
      expect((await folderOf(server)).sort()).toEqual(before.files);
      expect(await count(server)).toBe(before.records);
    };

    it('no file is a 400 Files are empty, as Strapi answers', async () => {
      // Strapi's controller also takes a lone empty file for none.
      const empty = form([{ name: 'empty.txt', bytes: new Uint8Array(0), type: 'text/plain' }]);
      for (const body of [form([], { fileInfo: ['{}'] }), JSON.stringify({ data: {} }), empty]) {
        const r = await upload(server, body, typeof body === 'string' ? { 'content-type': 'application/json' } : {});
        expect(r.status).toBe(400);
        expect(r.body.error).toMatchObject({ name: 'ValidationError', message: 'Files are empty' });
      }
      await unchanged();
    });

    it('a file past the size limit is a 413, the files sent with it are not kept', async () => {
      const r = await upload(server, form([
        { name: 'small.txt', bytes: Buffer.from('small'), type: 'text/plain' },
        { name: 'big.bin', bytes: Buffer.alloc(64 * 1024 + 1, 7) },
      ]));
      expect(r.status).toBe(413);
      expect(r.body).toMatchObject({ data: null, error: { status: 413, name: 'PayloadTooLargeError', details: { path: 'files' } } });
      await unchanged();
    });

    it('a file of exactly the size limit is kept, as Strapi keeps it', async () => {
      const r = await upload(server, form([{ name: 'exact.bin', bytes: Buffer.alloc(64 * 1024, 7) }]));
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body[0].size).toBe(65.54);
      await server.quarry.uploads.remove(r.body[0]);
      await unchanged();
    });

    it('a truncated multipart body is a 400', async () => {
      const boundary = 'quarryboundary';
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="cut.txt"\r\nContent-Type: text/plain\r\n\r\nhalf of a fi`;
      const r = await upload(server, body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ name: 'ValidationError', details: { path: 'files' } });
      await unchanged();
    });

    it('fileInfo that is not JSON is a 400 at its path', async () => {
      const r = await upload(server, form([{ name: 'a.txt', bytes: Buffer.from('a'), type: 'text/plain' }], { fileInfo: ['{nope'] }));
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ name: 'ValidationError', details: { path: 'fileInfo' } });
      await unchanged();
    });
  });
});

describe('POST /api/upload access', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('node', { access: { writes: 'token' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('needs write access as other writes do, and reads no body without it', async () => {
    const r = await upload(server, form([{ name: 'a.txt', bytes: Buffer.from('a'), type: 'text/plain' }]));
    expect(r.status).toBe(403);
    expect(await folderOf(server)).toEqual([]);
    expect(await count(server)).toBe(0);
    const get = await call(server.base, 'GET', '/api/upload');
    expect(get.status).toBe(405);
  });
});
