/**
 * POST /api/upload?id=<id> on both transports: without a file it updates the file's info, with
 * one it replaces the bytes under the same url (formats remade, those no longer made removed).
 */
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../src/index.js';
import { startTestServer, type TestServer, type Transport } from './support.js';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 1, g: 120, b: 40 } } }).png().toBuffer();

async function post(server: TestServer, query: string, files: { name: string; bytes: Uint8Array }[], fields: Record<string, string> = {}) {
  const body = new FormData();
  for (const file of files) body.append('files', new Blob([file.bytes]), file.name);
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const response = await fetch(`${server.base}/api/upload${query}`, { method: 'POST', body });
  return { status: response.status, body: JSON.parse(await response.text()) };
}

describe.each<Transport>(['uws', 'node'])('POST /api/upload?id= on %s', (transport) => {
  let server: TestServer;
  let file: Entry;
  beforeAll(async () => {
    server = await startTestServer(transport);
    const made = await post(server, '', [{ name: 'big.png', bytes: await png(800, 600) }], { fileInfo: JSON.stringify({ caption: 'first' }) });
    file = made.body[0];
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('without a file updates the info it is given and keeps the rest', async () => {
    const r = await post(server, `?id=${file.id}`, [], { fileInfo: JSON.stringify({ name: 'renamed.png', alternativeText: 'green' }) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ id: file.id, name: 'renamed.png', alternativeText: 'green', caption: 'first', url: file.url, hash: file.hash });
    file = r.body;
  });

  it('with one file replaces the bytes under the same url, and removes formats the new bytes do not have', async () => {
    const before = await readdir(server.quarry.files.folder);
    expect(Object.keys(file.formats as object).sort()).toEqual(['medium', 'small', 'thumbnail']);
    const r = await post(server, `?id=${file.id}`, [{ name: 'small.png', bytes: await png(300, 200) }]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ id: file.id, documentId: file.documentId, hash: file.hash, ext: '.png', url: file.url,
      width: 300, height: 200, name: 'small.png', alternativeText: 'green', caption: 'first' });
    expect(Object.keys(r.body.formats).sort()).toEqual(['thumbnail']);
    const served = await fetch(server.base + file.url);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(300);
    const after = await readdir(server.quarry.files.folder);
    expect(after.sort()).toEqual(before.filter((name) => !name.startsWith('medium_') && !name.startsWith('small_')).sort());
  });

  it('refuses several files, an unknown id, and leaves nothing behind', async () => {
    const before = (await readdir(server.quarry.files.folder)).sort();
    const two = await post(server, `?id=${file.id}`, [{ name: 'a.txt', bytes: Buffer.from('a') }, { name: 'b.txt', bytes: Buffer.from('b') }]);
    expect(two.status).toBe(400);
    expect(two.body.error).toMatchObject({ name: 'ValidationError', message: 'Cannot replace a file with multiple ones' });
    const unknown = await post(server, '?id=999999', [{ name: 'a.txt', bytes: Buffer.from('a') }]);
    expect(unknown.status).toBe(404);
    const listed = await post(server, `?id[0]=${file.id}`, [{ name: 'a.txt', bytes: Buffer.from('a') }]);
    expect(listed.body.error).toMatchObject({ status: 400, message: 'File id is required and must be a single value', details: { path: 'id' } });
    // A lone empty file is no file: the info is updated, and the empty part leaves nothing.
    const info = await post(server, `?id=${file.id}`, [{ name: 'empty.txt', bytes: new Uint8Array(0) }], { fileInfo: JSON.stringify({ caption: 'second' }) });
    expect(info.body).toMatchObject({ caption: 'second', width: 300 });
    expect((await readdir(server.quarry.files.folder)).sort()).toEqual(before);
    expect((await readdir(server.quarry.files.folder)).sort()).toEqual(before);
    const still = await fetch(`${server.base}/api/upload/files/${file.id}`);
    expect(((await still.json()) as Entry).width).toBe(300);
  });
});
