/**
 * Uploaded files over GraphQL, as Strapi 5.54's GraphQL plugin serves them (checked on the peer):
 * files uploaded with POST /api/upload, then listed, filtered, sorted and paged by `uploadFiles`,
 * `uploadFiles_connection` and `uploadFile`, changed by `updateUploadFile(id, info)` and removed
 * by `deleteUploadFile(id)`, which takes them out of every entry and off the disk.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../src/index.js';
import { call, startTestServer, type TestServer } from '../http/support.js';
import { ALBUM, FILE, mediaSchemas } from '../support/media-models.js';
import { tinyJpeg, widePng } from '../uploads/sample-files.js';
import { codes, gql } from './support.js';

async function upload(server: TestServer, files: { name: string; bytes: Uint8Array }[], fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const body = new FormData();
  for (const file of files) body.append('files', new Blob([file.bytes]), file.name);
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const response = await fetch(`${server.base}/api/upload`, { method: 'POST', body, headers });
  expect(response.status).toBe(201);
  return (await response.json()) as Entry[];
}

/** The `data` of a GraphQL answer that must have no errors. */
async function data(server: TestServer, query: string, variables?: Record<string, unknown>) {
  const answer = await gql(server.base, query, variables);
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const names = (files: readonly { name: string }[]) => files.map((f) => f.name);
const urlsOf = (file: Entry) => [file.url as string, ...Object.values((file.formats ?? {}) as Record<string, { url: string }>).map((f) => f.url)];

describe('uploaded files over GraphQL', () => {
  let server: TestServer;
  let albumId: string;
  /** By name: b-wide.png and a-tiny.jpg in the album's gallery, then c-notes.txt and d-more.txt. */
  const files: Record<string, Entry> = {};
  beforeAll(async () => {
    server = await startTestServer('uws', {}, undefined, mediaSchemas);
    const album = await call(server.base, 'POST', '/api/albums?status=draft', { json: { data: { title: 'A' } } });
    albumId = album.body.data.documentId;
    const images = await upload(server, [{ name: 'b-wide.png', bytes: await widePng() }, { name: 'a-tiny.jpg', bytes: await tinyJpeg() }],
      { ref: ALBUM, refId: String(album.body.data.id), field: 'gallery' });
    const texts = await upload(server, [{ name: 'c-notes.txt', bytes: Buffer.from('some notes') }, { name: 'd-more.txt', bytes: Buffer.from('more') }]);
    for (const file of [...images, ...texts]) files[file.name as string] = file;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const gallery = async () => {
    const album = await server.quarry.documents(ALBUM).findOne({ documentId: albumId, status: 'draft', populate: ['gallery'] });
    return names(album!.gallery as { name: string }[]);
  };

  it('lists the files as the upload routes made them, filtered, sorted and paged', async () => {
    const all = await data(server, '{ uploadFiles { documentId name ext mime size url width height formats provider } }');
    const shown = (file: Entry) => {
      const { documentId, name, ext, mime, size, url, width, height, formats, provider } = file;
      return { documentId, name, ext, mime, size, url, width, height, formats, provider };
    };
    expect(all.uploadFiles).toEqual(['b-wide.png', 'a-tiny.jpg', 'c-notes.txt', 'd-more.txt'].map((n) => shown(files[n]!)));
    expect(Object.keys(all.uploadFiles[0].formats)).toEqual(['thumbnail', 'large', 'medium', 'small']);

    const texts = await data(server, '{ uploadFiles(filters: { ext: { eq: ".txt" } }, sort: ["name:desc"]) { name } }');
    expect(names(texts.uploadFiles)).toEqual(['d-more.txt', 'c-notes.txt']);
    const images = await data(server, '{ uploadFiles(filters: { mime: { startsWith: "image/" }, width: { gt: 200 } }) { name width height } }');
    expect(images.uploadFiles).toEqual([{ name: 'b-wide.png', width: 2400, height: 600 }]);
    const either = await data(server, '{ uploadFiles(filters: { or: [{ name: { eq: "a-tiny.jpg" } }, { size: { lt: 0.005 } }] }, sort: "name") { name } }');
    expect(names(either.uploadFiles)).toEqual(['a-tiny.jpg', 'd-more.txt']);
    const window = await data(server, '{ uploadFiles(sort: ["name:asc"], pagination: { start: 1, limit: 2 }) { name } }');
    expect(names(window.uploadFiles)).toEqual(['b-wide.png', 'c-notes.txt']);

    const page = await data(server, `{ uploadFiles_connection(sort: "name", pagination: { page: 2, pageSize: 3 }) {
      nodes { name } pageInfo { total page pageSize pageCount } } }`);
    expect(page.uploadFiles_connection).toEqual({ nodes: [{ name: 'd-more.txt' }], pageInfo: { total: 4, page: 2, pageSize: 3, pageCount: 2 } });
  });

  it('answers one file by documentId, null for none, and refuses the private folderPath', async () => {
    const notes = files['c-notes.txt']!;
    const one = await data(server, 'query($id: ID!) { uploadFile(documentId: $id) { name url mime } }', { id: notes.documentId });
    expect(one.uploadFile).toEqual({ name: 'c-notes.txt', url: notes.url, mime: notes.mime });
    expect(await data(server, '{ uploadFile(documentId: "nosuchfile") { name } }')).toEqual({ uploadFile: null });
    const hidden = await gql(server.base, '{ uploadFiles(filters: { folderPath: { eq: "/" } }) { name } }');
    expect(hidden.status).toBe(400);
    expect(codes(hidden)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
  });

  it("updateUploadFile changes the info it is given by the file's row id, and keeps what it leaves out or nulls", async () => {
    const tiny = files['a-tiny.jpg']!;
    const update = 'mutation($id: ID!, $info: FileInfoInput) { updateUploadFile(id: $id, info: $info) { documentId name alternativeText caption url } }';
    const first = await data(server, update, { id: tiny.id, info: { alternativeText: 'a grey square', caption: 'grey' } });
    expect(first.updateUploadFile).toEqual({ documentId: tiny.documentId, name: 'a-tiny.jpg', alternativeText: 'a grey square', caption: 'grey', url: tiny.url });
    const second = await data(server, update, { id: String(tiny.id), info: { name: 'grey.jpg', caption: null } });
    expect(second.updateUploadFile).toMatchObject({ name: 'grey.jpg', alternativeText: 'a grey square', caption: 'grey' });
    // Empty texts are values, as on Strapi; no info, or an empty one, changes nothing.
    const third = await data(server, `mutation { updateUploadFile(id: ${String(tiny.id)}, info: { alternativeText: "" }) { alternativeText } }`);
    expect(third.updateUploadFile).toEqual({ alternativeText: '' });
    for (const info of ['', ', info: {}', ', info: null']) {
      const kept = await data(server, `mutation { updateUploadFile(id: ${String(tiny.id)}${info}) { name alternativeText caption } }`);
      expect(kept.updateUploadFile, info).toEqual({ name: 'grey.jpg', alternativeText: '', caption: 'grey' });
    }
    const stored = await server.quarry.documents(FILE).findOne({ documentId: tiny.documentId as string });
    expect(stored).toMatchObject({ name: 'grey.jpg', alternativeText: '', caption: 'grey', hash: tiny.hash, url: tiny.url });
    expect(await gallery()).toContain('grey.jpg');
  });

  it('updateUploadFile answers an id that names no file with STRAPI_NOT_FOUND_ERROR, and bad info with a 400; nothing changes', async () => {
    const before = await server.quarry.documents(FILE).findMany({ sort: 'id' });
    const notes = files['c-notes.txt']!;
    for (const id of ['999999', notes.documentId as string, 'abc', '0', '-1']) {
      const answer = await gql(server.base, 'mutation($id: ID!) { updateUploadFile(id: $id, info: { name: "x" }) { name } }', { id });
      expect(answer.status, id).toBe(200);
      expect(answer.body.data, id).toBeNull();
      expect(answer.body.errors, id).toEqual([expect.objectContaining({
        message: 'Entity not found', path: ['updateUploadFile'],
        extensions: { code: 'STRAPI_NOT_FOUND_ERROR', error: { name: 'NotFoundError', message: 'Entity not found', details: {} } },
      })]);
    }
    const unknownField = await gql(server.base, `mutation { updateUploadFile(id: ${String(notes.id)}, info: { bogus: "x" }) { name } }`);
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.errors[0].message).toBe('Field "bogus" is not defined by type "FileInfoInput".');
    expect(codes(unknownField)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    const notText = await gql(server.base, 'mutation($info: FileInfoInput) { updateUploadFile(id: 1, info: $info) { name } }', { info: { name: 7 } });
    expect(notText.status).toBe(400);
    expect(codes(notText)).toEqual(['BAD_USER_INPUT']);
    const noId = await gql(server.base, 'mutation { updateUploadFile(info: { name: "x" }) { name } }');
    expect(codes(noId)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(await server.quarry.documents(FILE).findMany({ sort: 'id' })).toEqual(before);
  });

  it('deleteUploadFile answers the file as it was, takes it out of the entries that use it and removes its bytes and formats', async () => {
    const wide = files['b-wide.png']!;
    const urls = urlsOf(wide);
    expect(urls).toHaveLength(5);
    for (const url of urls) expect((await fetch(server.base + url)).status, url).toBe(200);
    expect(await gallery()).toEqual(['b-wide.png', 'grey.jpg']);

    const deleted = await data(server, `mutation { deleteUploadFile(id: ${String(wide.id)}) { documentId name url formats } }`);
    expect(deleted.deleteUploadFile).toEqual({ documentId: wide.documentId, name: 'b-wide.png', url: wide.url, formats: wide.formats });
    for (const url of urls) expect((await fetch(server.base + url)).status, url).toBe(404);
    expect(await gallery()).toEqual(['grey.jpg']);
    expect(await data(server, '{ uploadFiles(sort: "name") { name } }')).toEqual({ uploadFiles: [{ name: 'c-notes.txt' }, { name: 'd-more.txt' }, { name: 'grey.jpg' }] });
    const album = await data(server, `{ album(documentId: "${albumId}", status: DRAFT) { gallery { name } } }`);
    expect(album).toEqual({ album: { gallery: [{ name: 'grey.jpg' }] } });
  });

  it('deleteUploadFile answers null for an id that names no file, a second deletion included', async () => {
    const more = files['d-more.txt']!;
    const twice = await data(server, `mutation { a: deleteUploadFile(id: ${String(more.id)}) { name } b: deleteUploadFile(id: ${String(more.id)}) { name } }`);
    expect(twice).toEqual({ a: { name: 'd-more.txt' }, b: null });
    expect((await fetch(server.base + (more.url as string))).status).toBe(404);
    const notes = files['c-notes.txt']!;
    for (const id of ['999999', notes.documentId as string, 'abc', '0']) {
      expect(await data(server, 'mutation($id: ID!) { deleteUploadFile(id: $id) { name } }', { id }), id).toEqual({ deleteUploadFile: null });
    }
    const fractional = await gql(server.base, 'mutation { deleteUploadFile(id: 3.5) { name } }');
    expect(fractional.status).toBe(400);
    expect(codes(fractional)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(await data(server, '{ uploadFiles(sort: "name") { name } }')).toEqual({ uploadFiles: [{ name: 'c-notes.txt' }, { name: 'grey.jpg' }] });
  });
});

describe('access to the upload mutations', () => {
  let server: TestServer;
  let notes: Entry;
  let token: { readOnly: string; full: string };
  beforeAll(async () => {
    server = await startTestServer('node', { access: { reads: 'public', writes: 'token' } }, undefined, mediaSchemas);
    token = { readOnly: server.quarry.tokens!.create('files-ro', 'read-only').token, full: server.quarry.tokens!.create('files-full', 'full-access').token };
    notes = (await upload(server, [{ name: 'notes.txt', bytes: Buffer.from('notes') }], {}, { authorization: `Bearer ${token.full}` }))[0]!;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('needs the write access of other mutations, and changes nothing without it', async () => {
    const rename = `mutation { updateUploadFile(id: ${String(notes.id)}, info: { name: "renamed.txt" }) { name } }`;
    const remove = `mutation { deleteUploadFile(id: ${String(notes.id)}) { name } }`;
    for (const [headers, reason] of [[{}, 'no-token'], [{ authorization: `Bearer ${token.readOnly}` }, 'read-only-token']] as const) {
      for (const mutation of [rename, remove]) {
        const refused = await gql(server.base, mutation, undefined, headers);
        expect(refused.status).toBe(403);
        expect(codes(refused)).toEqual(['STRAPI_FORBIDDEN_ERROR']);
        expect(refused.body.errors[0].extensions.error.details.reason).toBe(reason);
      }
    }
    expect((await gql(server.base, '{ uploadFiles { name } }')).body).toEqual({ data: { uploadFiles: [{ name: 'notes.txt' }] } });
    expect((await fetch(server.base + (notes.url as string))).status).toBe(200);
    const full = { authorization: `Bearer ${token.full}` };
    expect((await gql(server.base, rename, undefined, full)).body).toEqual({ data: { updateUploadFile: { name: 'renamed.txt' } } });
    expect((await gql(server.base, remove, undefined, full)).body).toEqual({ data: { deleteUploadFile: { name: 'renamed.txt' } } });
    expect((await fetch(server.base + (notes.url as string))).status).toBe(404);
  });
});
