/**
 * The start-up sweep: a Quarry opened for writing removes temporaries and stored files no file
 * record names before any batch writes; referenced files (formats included) stay, and a
 * read-only open never touches the folder.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { createQuarry, type Quarry } from '../../src/index.js';
import { FILE_UID } from '../../src/schema/builtin-upload.js';
import { PACKAGE_ROOT } from '../../src/cli/paths.js';
import { start, testContext } from '../cli/support.js';
import { ensureBuilt } from '../pool/support.js';
import { SCHEMAS } from '../http/support.js';
import { fileData } from '../support/media-models.js';
import { fileRecords } from '../../src/uploads/file-records.js';

const KEPT = 'kept_0a1b2c3d4e.png';
const THUMBNAIL = 'thumbnail_kept_0a1b2c3d4e.png';
const OTHER_KEPT = 'notes_0a1b2c3d4e.txt';
const STRAY = 'stray_0123456789.png';
const STRAY_FORMAT = 'small_kept_0a1b2c3d4e.png';
const TEMPORARY = '.upload-0123456789abcdef.tmp';

describe('the start-up sweep of the uploads folder', () => {
  let dir: string;
  let data: string;
  let uploads: string;
  const open = (readOnly = false): Quarry => createQuarry({ schemas: SCHEMAS, path: data, noSync: true, readOnly, i18n: { locales: ['en', 'fr'] } });
  const listed = () => readdirSync(uploads).sort();

  /** Two records (one with a thumbnail), their files, and what a crash would leave: a stray file, a dropped format, a temporary. */
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'quarry-sweep-'));
    data = join(dir, 'data');
    uploads = join(data, 'uploads');
    const quarry = open();
    await quarry.swept;
    const files = quarry.documents(FILE_UID);
    await files.create({ data: fileData('kept.png', 'image/png', { formats: { thumbnail: { hash: 'thumbnail_kept_0a1b2c3d4e', ext: '.png', url: `/uploads/${THUMBNAIL}` } } }) });
    await files.create({ data: fileData('notes.txt', 'text/plain') });
    await quarry.close();
    mkdirSync(uploads);
    for (const name of [KEPT, THUMBNAIL, OTHER_KEPT, STRAY, STRAY_FORMAT, TEMPORARY]) writeFileSync(join(uploads, name), name);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('removes temporaries and files no record names when a Quarry opens for writing; referenced files and formats stay', async () => {
    const quarry = open();
    try {
      expect((await quarry.swept)!.sort()).toEqual([TEMPORARY, STRAY_FORMAT, STRAY].sort());
      expect(listed()).toEqual([OTHER_KEPT, KEPT, THUMBNAIL].sort());
    } finally {
      await quarry.close();
    }
  });

  it('holds a batch begun at once until it is done, so a new upload is never taken for a leftover', async () => {
    const quarry = open();
    try {
      const batch = quarry.files.batch();
      const writing = batch.write('fresh_0123456789.png', Buffer.from('new'));
      expect(await quarry.swept).toContain(TEMPORARY);
      // Nothing of the batch was on disk while the sweep ran.
      expect(listed().filter((name) => name.startsWith('.upload-'))).toEqual([]);
      await writing;
      await batch.commit();
      expect(listed()).toContain('fresh_0123456789.png');
    } finally {
      await quarry.close();
    }
  });

  it('never touches the folder on a read-only open', async () => {
    const quarry = open(true);
    try {
      expect(quarry.swept).toBeUndefined();
      await quarry.documents(FILE_UID).count();
      expect(listed()).toEqual([KEPT, THUMBNAIL, OTHER_KEPT, STRAY, STRAY_FORMAT, TEMPORARY].sort());
      const ctx = testContext({ QUARRY_SCHEMAS: SCHEMAS, QUARRY_LOCALES: 'en,fr' });
      expect(await main(['check', data], ctx)).toBe(3);
      expect(listed()).toHaveLength(6);
    } finally {
      await quarry.close();
    }
  });

  it('a Quarry closed while it sweeps removes nothing and closes cleanly', async () => {
    const quarry = open();
    await quarry.close();
    await expect(quarry.swept).rejects.toThrow(/closed before the start-up sweep/);
    expect(listed()).toHaveLength(6);
  });

  it('runs when quarry serve starts, which says what it removed', async () => {
    const ctx = testContext({ QUARRY_SCHEMAS: SCHEMAS, QUARRY_LOCALES: 'en,fr', QUARRY_DATA: data });
    const { exit } = await start(['serve', '--port', '0', '--processes', '1'], ctx, /(http:\/\/\S+)/);
    try {
      for (let waited = 0; waited < 5_000 && !ctx.stderr.text.includes('leftovers'); waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(ctx.stderr.text).toContain('quarry: removed 3 leftovers from the uploads folder (temporaries, files no record names)');
      expect(listed()).toEqual([OTHER_KEPT, KEPT, THUMBNAIL].sort());
    } finally {
      ctx.stop();
      expect(await exit).toBe(0);
    }
  });

  it('with quarry serve --processes 2, the primary sweeps once before the serving processes start, and they do not', async () => {
    ensureBuilt();
    const primary = spawn(process.execPath, [join(PACKAGE_ROOT, 'bin', 'quarry.js'), 'serve', '--schemas', SCHEMAS, '--data', data, '--locales', 'en,fr',
      '--port', '0', '--processes', '2'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise((resolve) => primary.once('exit', resolve));
    let stdout = '';
    let stderr = '';
    primary.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    primary.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      for (let waited = 0; !/\(2 processes\)/.test(stdout); waited += 50) {
        if (waited > 60_000) throw new Error(`not serving: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(stderr.match(/removed \d+ leftovers/g)).toEqual(['removed 3 leftovers']);
      expect(listed()).toEqual([OTHER_KEPT, KEPT, THUMBNAIL].sort());
    } finally {
      primary.kill('SIGTERM');
      await exited;
    }
  }, 90_000);

  it('reads every record however many pages they take, and keeps the files of each', async () => {
    const quarry = open();
    await quarry.swept;
    const files = quarry.documents(FILE_UID);
    const names = Array.from({ length: 250 }, (_, i) => `page_${String(i).padStart(10, '0')}`);
    await Promise.all(quarry.store.transact(() => names.map((hash) => files.create({ data: { ...fileData('page.png', 'image/png'), hash, url: `/uploads/${hash}.png` } }))));
    await quarry.close();
    // That open swept the leftovers beforeEach made: these are new ones.
    for (const name of [...names.map((hash) => `${hash}.png`), STRAY, TEMPORARY]) writeFileSync(join(uploads, name), 'p');
    const reopened = open();
    try {
      expect((await reopened.swept)!.sort()).toEqual([TEMPORARY, STRAY].sort());
      expect(listed()).toHaveLength(3 + names.length);
    } finally {
      await reopened.close();
    }
  });

  it('reads every record once though one it has read is deleted while it reads the rest', async () => {
    const quarry = open();
    try {
      await quarry.swept;
      const files = quarry.documents(FILE_UID);
      const made = await Promise.all(quarry.store.transact(() => Array.from({ length: 150 }, (_, i) =>
        files.create({ data: { ...fileData('page.png', 'image/png'), hash: `page_${String(i).padStart(10, '0')}`, url: '/uploads/x.png' } }))));
      const seen: string[] = [];
      for await (const record of fileRecords(files)) {
        seen.push(record.files[0]!.name);
        // The first page read, one of its records deleted before the second is: an offset would now skip the record the second page starts with.
        if (seen.length === 100) await files.delete({ documentId: String(made[3]!.documentId) });
      }
      expect(seen.filter((name) => name.startsWith('page_'))).toEqual(made.map((f) => `${String(f.hash)}.png`));
    } finally {
      await quarry.close();
    }
  });
});
