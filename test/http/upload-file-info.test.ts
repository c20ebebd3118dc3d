/**
 * POST /api/upload's `fileInfo`, `?id=` and claimed types, as the Strapi 5.54 peer answered the
 * same requests (docs/uploads.md, "Routes"): one object per file, a list for several, numbers
 * and booleans taken as text, an empty `id` as none, an unknown one "Entity not found".
 */
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_UID } from '../../src/schema/builtin-upload.js';
import { startTestServer, type TestServer } from './support.js';

type Part = [name: string, value: string | Blob, filename?: string];
const text = (content: string, name = 'a.txt', type = 'text/plain'): Part => ['files', new Blob([content], { type }), name];
const info = (json: string): Part => ['fileInfo', json];

describe('fileInfo and ?id= on POST /api/upload', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('node');
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function post(parts: Part[], query = '') {
    const body = new FormData();
    for (const [name, value, filename] of parts) if (typeof value === 'string') body.append(name, value); else body.append(name, value, filename);
    const response = await fetch(`${server.base}/api/upload${query}`, { method: 'POST', body });
    return { status: response.status, body: JSON.parse(await response.text()) };
  }

  it('takes a number or a boolean as its text, and a list of one object for one file', async () => {
    const r = await post([text('x'), info('{"name":5,"alternativeText":true,"caption":12.5}')]);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body[0]).toMatchObject({ name: '5', alternativeText: 'true', caption: '12.5' });
    const listed = await post([text('x'), info('[{"name":"one"}]')]);
    expect(listed.body[0].name).toBe('one');
  });

  it('stores a focal point, keeps it through an info update without one, and refuses one out of range', async () => {
    const r = await post([text('x'), info('{"focalPoint":{"x":25,"y":"75.5"}}')]);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body[0].focalPoint).toEqual({ x: 25, y: 75.5 });
    const updated = await post([info('{"caption":"moved"}')], `?id=${r.body[0].id}`);
    expect(updated.body).toMatchObject({ caption: 'moved', focalPoint: { x: 25, y: 75.5 } });
    const moved = await post([info('{"focalPoint":{"x":0,"y":100}}')], `?id=${r.body[0].id}`);
    expect(moved.body.focalPoint).toEqual({ x: 0, y: 100 });
    for (const [bad, path] of [['{"x":101,"y":5}', 'fileInfo.focalPoint.x'], ['{"x":5,"y":"up"}', 'fileInfo.focalPoint.y'], ['[1,2]', 'fileInfo.focalPoint']] as const) {
      const refused = await post([text('x'), info(`{"focalPoint":${bad}}`)]);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ name: 'ValidationError', details: { path } });
    }
  });

  it('several files take a list, or one field per file', async () => {
    const list = await post([text('x', 'a.txt'), text('y', 'b.txt'), info('[{"name":"A"},{"caption":"B"}]')]);
    expect(list.body.map((f: { name: string; caption: string | null }) => [f.name, f.caption])).toEqual([['A', null], ['b.txt', 'B']]);
    const fields = await post([text('x', 'a.txt'), text('y', 'b.txt'), info('{"name":"A"}'), info('{"caption":"B"}')]);
    expect(fields.status).toBe(201);
    expect(fields.body[0].name).toBe('A');
  });

  it('refuses what the peer refuses, at fileInfo, and keeps nothing', async () => {
    const records = await server.quarry.documents(FILE_UID).count();
    const stored = await readdir(server.quarry.files.folder);
    const cases: [Part[], string][] = [
      [[text('x'), info('null')], 'fileInfo'],
      [[text('x'), info('"text"')], 'fileInfo'],
      // One file, two fileInfo fields: a list where an object is wanted.
      [[text('x'), info('{"name":"one"}'), info('{"name":"two"}')], 'fileInfo'],
      // Several files, one object (a list of one stands for its object).
      [[text('x', 'a.txt'), text('y', 'b.txt'), info('{"name":"only"}')], 'fileInfo'],
      [[text('x', 'a.txt'), text('y', 'b.txt'), info('[{"name":"A"}]')], 'fileInfo'],
      [[text('x', 'a.txt'), text('y', 'b.txt'), info('[{"name":"A"},{"caption":{}}]')], 'fileInfo.1.caption'],
      [[text('x'), info('{"name":["a"]}')], 'fileInfo.name'],
    ];
    for (const [parts, path] of cases) {
      const r = await post(parts);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error).toMatchObject({ name: 'ValidationError', details: { path } });
    }
    expect(await server.quarry.documents(FILE_UID).count()).toBe(records);
    expect((await readdir(server.quarry.files.folder)).sort()).toEqual(stored.sort());
  });

  it('an info update takes one object: a list is a 400; an unknown id is Entity not found, an empty one is none', async () => {
    const [file] = (await post([text('base', 'base.txt')])).body;
    const updated = await post([info('{"name":5,"caption":"c"}')], `?id=${file.id}`);
    expect(updated.body).toMatchObject({ id: file.id, name: '5', caption: 'c', isUrlSigned: false });
    const listed = await post([info('[{"name":"x"}]')], `?id=${file.id}`);
    expect(listed.status).toBe(400);
    expect(listed.body.error.details.path).toBe('fileInfo');
    for (const id of ['987654', 'abc']) {
      for (const parts of [[info('{"name":"x"}')], [text('new')]]) {
        const r = await post(parts, `?id=${id}`);
        expect(r.status).toBe(404);
        expect(r.body.error).toMatchObject({ name: 'NotFoundError', message: 'Entity not found' });
      }
    }
    const noFile = await post([info('{"name":"x"}')], '?id=');
    expect(noFile.body.error).toMatchObject({ name: 'ValidationError', message: 'Files are empty' });
    const created = await post([text('new', 'new.txt')], '?id=');
    expect(created.status).toBe(201);
    expect(created.body[0].id).not.toBe(file.id);
  });

  it('takes text claimed as application/octet-stream for text, and gives a name without extension its type\'s', async () => {
    const [octet] = (await post([text('plain words', 'w.txt', 'application/octet-stream')])).body;
    expect(octet).toMatchObject({ mime: 'text/plain', ext: '.txt' });
    const [csv] = (await post([text('a,b\n1,2\n', 'data', 'text/csv')])).body;
    expect(csv).toMatchObject({ name: 'data', mime: 'text/csv', ext: '.csv' });
    expect(csv.url).toBe(`/uploads/${csv.hash}.csv`);
  });
});
