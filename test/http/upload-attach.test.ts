/**
 * POST /api/upload with `ref`, `refId` and `field`: the new files are attached to that entry's
 * media field in the transaction that creates them, as media writes attach them (allowedTypes
 * checked), and a refused attachment leaves neither the files nor their records.
 */
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../src/index.js';
import { FILE_UID } from '../../src/schema/builtin-upload.js';
import { ALBUM, mediaSchemas } from '../support/media-models.js';
import { call, startTestServer, type TestServer, type Transport } from './support.js';

const png = () => sharp({ create: { width: 20, height: 10, channels: 3, background: { r: 0, g: 0, b: 255 } } }).png().toBuffer();

async function upload(server: TestServer, files: { name: string; bytes: Uint8Array }[], fields: Record<string, string>) {
  const body = new FormData();
  for (const file of files) body.append('files', new Blob([file.bytes]), file.name);
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const response = await fetch(`${server.base}/api/upload`, { method: 'POST', body });
  return { status: response.status, body: JSON.parse(await response.text()) };
}

const names = (files: Entry[] | Entry | null) => (Array.isArray(files) ? files.map((f) => f.name) : files?.name ?? null);

describe.each<Transport>(['uws', 'node'])('attaching uploads to an entry on %s', (transport) => {
  let server: TestServer;
  let draftId: number;
  let publishedId: number;
  let documentId: string;
  beforeAll(async () => {
    server = await startTestServer(transport, {}, undefined, mediaSchemas);
    const made = await call(server.base, 'POST', '/api/albums?status=draft', { json: { data: { title: 'A' } } });
    documentId = made.body.data.documentId;
    draftId = made.body.data.id;
    await server.quarry.documents(ALBUM).publish({ documentId });
    const published = await server.quarry.documents(ALBUM).findOne({ documentId, status: 'published' });
    publishedId = published!.id as number;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const album = async () => (await server.quarry.documents(ALBUM).findOne({ documentId, populate: ['cover', 'gallery'] }))!;

  it('appends to a multiple media field, in the order sent, and sets a single one', async () => {
    const first = await upload(server, [{ name: 'one.png', bytes: await png() }], { ref: ALBUM, refId: String(draftId), field: 'gallery' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const more = await upload(server, [{ name: 'two.png', bytes: await png() }, { name: 'three.png', bytes: await png() }],
      { ref: ALBUM, refId: String(draftId), field: 'gallery' });
    expect(more.status).toBe(201);
    expect(names((await album()).gallery as Entry[])).toEqual(['one.png', 'two.png', 'three.png']);
    const cover = await upload(server, [{ name: 'cover.png', bytes: await png() }], { ref: ALBUM, refId: String(draftId), field: 'cover' });
    expect(cover.status).toBe(201);
    expect(names((await album()).cover as Entry)).toBe('cover.png');
  });

  it('refuses a file the field does not allow, a wrong ref, refId or field, and a published version; nothing is kept', async () => {
    const files = await readdir(server.quarry.files.folder);
    const records = await server.quarry.documents(FILE_UID).count();
    const cases: [Record<string, string>, string][] = [
      [{ ref: ALBUM, refId: String(draftId), field: 'cover' }, 'data.cover'],
      [{ ref: 'api::nothing.nothing', refId: String(draftId), field: 'cover' }, 'ref'],
      [{ ref: ALBUM, refId: '999999', field: 'cover' }, 'refId'],
      [{ ref: ALBUM, refId: String(draftId), field: 'title' }, 'field'],
      [{ ref: ALBUM, refId: String(publishedId), field: 'cover' }, 'refId'],
    ];
    for (const [fields, path] of cases) {
      const r = await upload(server, [{ name: 'notes.txt', bytes: Buffer.from('not an image') }], fields);
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(r.body.error.details.path, JSON.stringify(r.body)).toBe(path);
    }
    expect((await readdir(server.quarry.files.folder)).sort()).toEqual(files.sort());
    expect(await server.quarry.documents(FILE_UID).count()).toBe(records);
    expect(names((await album()).cover as Entry)).toBe('cover.png');
  });
});
