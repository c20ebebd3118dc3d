/**
 * `quarry.uploads.upload`: files added in process from a path, bytes or a stream, stored as an
 * HTTP upload stores them, attached through ref / refId / field, and nothing kept on failure.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuarry, ValidationError, type Quarry } from '../../src/index.js';
import { FILE_UID } from '../../src/schema/builtin-upload.js';
import { DEMO_SCHEMAS } from '../support/temp-quarry.js';
import { csv, pdf, webp, widePng } from './sample-files.js';

const ARTICLE = 'api::article.article';

describe('quarry.uploads.upload', () => {
  let folder: string;
  let q: Quarry;
  const open = (images?: { formats: boolean }) => createQuarry({ schemas: DEMO_SCHEMAS, path: join(folder, 'data'), noSync: true, ...(images ? { images } : {}) });
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'quarry-library-upload-'));
    q = open();
  });
  afterEach(async () => {
    await q.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const stored = async () => (await readdir(q.files.folder).catch(() => [] as string[])).sort();
  const bytesOf = (url: unknown) => readFile(join(q.files.folder, String(url).replace('/uploads/', '')));

  it('adds a file from a path, named by its base name, with its formats', async () => {
    const path = join(folder, 'wide banner.png');
    const png = await widePng();
    writeFileSync(path, png);
    const [file] = await q.uploads.upload({ files: { path } });
    expect(file).toMatchObject({ name: 'wide banner.png', mime: 'image/png', ext: '.png', width: 2400, height: 600 });
    expect(Object.keys(file!.formats as object).sort()).toEqual(['large', 'medium', 'small', 'thumbnail']);
    expect((await bytesOf(file!.url)).subarray(0, 8)).toEqual(png.subarray(0, 8));
    expect(await stored()).toHaveLength(5);
  });

  it('adds bytes and a stream with their info, answered in the order given', async () => {
    const chunks = async function* () {
      yield csv.subarray(0, 10);
      yield csv.subarray(10);
    };
    const files = await q.uploads.upload({
      files: [{ buffer: pdf, name: 'menu.pdf' }, { stream: Readable.from(chunks()), name: 'prices.csv' }],
      fileInfo: [{ caption: 'the menu' }, { name: 'Prices', alternativeText: 'a table' }],
    });
    expect(files.map((f) => [f.name, f.mime, f.ext, f.caption, f.alternativeText])).toEqual([
      ['menu.pdf', 'application/pdf', '.pdf', 'the menu', null],
      ['Prices', 'text/csv', '.csv', null, 'a table'],
    ]);
    expect(await bytesOf(files[1]!.url)).toEqual(csv);
    expect(await q.documents(FILE_UID).count()).toBe(2);
  });

  it('attaches the new file to an entry\'s media field through ref, refId and field', async () => {
    const article = await q.documents(ARTICLE).create({ data: { title: 'With a cover' } });
    const [file] = await q.uploads.upload({ files: { buffer: await webp(), name: 'cover.webp' }, ref: ARTICLE, refId: Number(article.id), field: 'cover' });
    const read = await q.documents(ARTICLE).findOne({ documentId: String(article.documentId), populate: { cover: true } });
    expect((read?.cover as { documentId: string }).documentId).toBe(file!.documentId);
  });

  it('keeps no file and no record when one of the files cannot be read', async () => {
    const attempt = q.uploads.upload({ files: [{ buffer: pdf, name: 'menu.pdf' }, { path: join(folder, 'missing.png') }] });
    await expect(attempt).rejects.toMatchObject({ name: 'ValidationError', details: { path: 'files.1.path' } });
    expect(await stored()).toEqual([]);
    expect(await q.documents(FILE_UID).count()).toBe(0);
  });

  it('keeps no file and no record when the attach is refused (a PDF in an images-only field)', async () => {
    const article = await q.documents(ARTICLE).create({ data: { title: 'No PDF cover' } });
    const attempt = q.uploads.upload({ files: { buffer: pdf, name: 'menu.pdf' }, ref: ARTICLE, refId: Number(article.id), field: 'cover' });
    await expect(attempt).rejects.toBeInstanceOf(ValidationError);
    expect(await stored()).toEqual([]);
    expect(await q.documents(FILE_UID).count()).toBe(0);
  });

  it('refuses bytes without a name and no files at all', async () => {
    await expect(q.uploads.upload({ files: [] })).rejects.toMatchObject({ message: 'Files are empty' });
    await expect(q.uploads.upload({ files: { buffer: pdf, name: '' } })).rejects.toMatchObject({ details: { path: 'files.0.name' } });
    expect(await stored()).toEqual([]);
  });

  it('checks the info a caller gives as a request\'s is checked: a focal point is two percentages', async () => {
    const bad = { focalPoint: { x: 150, y: 10 } } as const;
    await expect(q.uploads.upload({ files: { buffer: await widePng(), name: 'off.png' }, fileInfo: bad })).rejects.toMatchObject({ name: 'ValidationError', details: { path: 'fileInfo.focalPoint.x' } });
    await expect(q.uploads.upload({ files: [{ buffer: pdf, name: 'a.pdf' }], fileInfo: [{ focalPoint: { x: 5, y: -1 } }] })).rejects.toMatchObject({ details: { path: 'fileInfo.0.focalPoint.y' } });
    expect(await stored()).toEqual([]);
    expect(await q.documents(FILE_UID).count()).toBe(0);

    // A JavaScript caller is not held to the types: a number given for a text is kept as its text, as over HTTP.
    const [file] = await q.uploads.upload({ files: { buffer: await widePng(), name: 'on.png' }, fileInfo: { caption: 5 as unknown as string, focalPoint: { x: 25, y: 75 } } });
    expect(file).toMatchObject({ caption: '5', focalPoint: { x: 25, y: 75 } });
    await expect(q.uploads.updateInfo(file!, { focalPoint: { x: 0, y: 101 } })).rejects.toMatchObject({ details: { path: 'fileInfo.focalPoint.y' } });
    expect(await q.documents(FILE_UID).findOne({ documentId: String(file!.documentId) })).toMatchObject({ focalPoint: { x: 25, y: 75 } });
    expect(await q.uploads.updateInfo(file!, { focalPoint: { x: 50, y: 50 } })).toMatchObject({ focalPoint: { x: 50, y: 50 } });
  });

  it('makes no formats when the images setting turns them off', async () => {
    await q.close();
    q = open({ formats: false });
    const [file] = await q.uploads.upload({ files: { buffer: await widePng(), name: 'plain.png' } });
    expect(file).toMatchObject({ formats: null, width: 2400, height: 600 });
    expect(await stored()).toHaveLength(1);
  });
});
