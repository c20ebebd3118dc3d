import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuarry, type Quarry } from '../../src/index.js';
import { fileHash, isStoredName, safeExtension, storedNamesOf } from '../../src/uploads/file-names.js';
import { FileStore } from '../../src/uploads/file-store.js';
import { SCHEMAS } from '../http/support.js';

describe('file store', () => {
  let dir: string;
  let store: FileStore;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'quarry-files-'));
    store = new FileStore(join(dir, 'uploads'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const listed = () => readdirSync(store.folder).sort();

  it('keeps written files out of place until the batch commits', async () => {
    const batch = store.batch();
    const pending = batch.begin('a_0123456789.txt');
    pending.stream.write('hello ');
    pending.stream.end('world');
    const stored = await pending.finish();
    expect(stored).toMatchObject({ name: 'a_0123456789.txt', path: join(store.folder, 'a_0123456789.txt'), size: 11 });
    expect(stored.sha256).toBe(createHash('sha256').update('hello world').digest('hex'));
    expect(listed()).toEqual([expect.stringMatching(/^\.upload-[0-9a-f]{16}\.tmp$/)]);
    expect(readFileSync(stored.stagedPath, 'utf8')).toBe('hello world');
    await batch.commit();
    expect(listed()).toEqual(['a_0123456789.txt']);
    expect(readFileSync(stored.path, 'utf8')).toBe('hello world');
  });

  it('leaves nothing when a batch is discarded, before or after its commit', async () => {
    const before = store.batch();
    await before.write('a_0123456789.txt', Buffer.from('a'));
    await before.discard();
    expect(listed()).toEqual([]);
    const after = store.batch();
    await after.write('b_0123456789.txt', Buffer.from('b'));
    await after.write('thumbnail_b_0123456789.txt', Buffer.from('t'));
    await after.commit();
    expect(listed()).toEqual(['b_0123456789.txt', 'thumbnail_b_0123456789.txt']);
    await after.discard();
    expect(listed()).toEqual([]);
  });

  it('removes the temporary of an aborted write and of a source that fails', async () => {
    const batch = store.batch();
    const pending = batch.begin('a_0123456789.txt');
    pending.stream.write('half');
    await pending.abort();
    await expect(pending.finish()).rejects.toThrow();
    async function* broken() {
      yield Buffer.from('some');
      throw new Error('client went away');
    }
    await expect(batch.write('b_0123456789.txt', broken())).rejects.toThrow('client went away');
    expect(listed()).toEqual([]);
  });

  it('refuses names that could leave the folder', () => {
    const batch = store.batch();
    for (const name of ['../x', 'a/b', 'a\\b', '..', '.', '.hidden', 'a\u0000b', 'a\nb', '', 'x'.repeat(256)]) {
      expect(() => batch.begin(name), JSON.stringify(name)).toThrow(/Invalid stored file name/);
      expect(isStoredName(name)).toBe(false);
    }
  });

  it('removes a file with its formats, missing ones being no error', async () => {
    const record = { hash: 'p_0123456789', ext: '.png', formats: { thumbnail: { hash: 'thumbnail_p_0123456789', ext: '.png' }, small: { hash: 'small_p_0123456789', ext: '.png' } } };
    const batch = store.batch();
    for (const name of storedNamesOf(record)) await batch.write(name, Buffer.from(name));
    await batch.write('other_0123456789.png', Buffer.from('x'));
    await batch.commit();
    await store.remove(storedNamesOf({ ...record, formats: { ...record.formats, large: { hash: 'large_p_0123456789', ext: '.png' } } }));
    expect(listed()).toEqual(['other_0123456789.png']);
  });

  it('sweeps temporaries and files no record names, and keeps the rest', async () => {
    const batch = store.batch();
    await batch.write('kept_0123456789.jpg', Buffer.from('k'));
    await batch.write('orphan_0123456789.jpg', Buffer.from('o'));
    await batch.commit();
    const interrupted = store.batch();
    interrupted.begin('never_0123456789.jpg').stream.write('half');
    await new Promise((resolve) => setTimeout(resolve, 50));
    writeFileSync(join(store.folder, '.upload-leftover.tmp'), 'x');
    let offered: readonly string[] = [];
    const removed = await store.sweepFirst(async (stored) => {
      offered = stored;
      return new Set(stored.filter((name) => name !== 'kept_0123456789.jpg'));
    });
    // Only stored names are offered to be judged; temporaries go whatever is said of them.
    expect([...offered].sort()).toEqual(['kept_0123456789.jpg', 'orphan_0123456789.jpg']);
    expect(removed).toHaveLength(3);
    expect(removed).toEqual(expect.arrayContaining(['.upload-leftover.tmp', 'orphan_0123456789.jpg']));
    expect(removed.filter((name) => /^\.upload-[0-9a-f]{16}\.tmp$/.test(name))).toHaveLength(1);
    expect(listed()).toEqual(['kept_0123456789.jpg']);
    expect(await new FileStore(join(dir, 'absent')).sweepFirst(async (stored) => new Set(stored))).toEqual([]);
  });

  it('names files as Strapi 5.54 does: a slug of the name, case kept, and 10 random hex digits', () => {
    // The peer's hashes for these names.
    const peer: [string, string][] = [
      ['Crêpe Suzette (1)', 'Crepe_Suzette_1'], ['fooBar.v2', 'foo_Bar_v2'], ['HTMLParser2x', 'HTML_Parser2x'], ['photo2023Summer', 'photo2023_Summer'],
      ['ABC123def', 'ABC_123def'], ['ß-straße_&_co', 'ss_strasse_and_co'], ['--weird__name--', 'weird_name'],
    ];
    for (const [name, slug] of peer) expect(fileHash(name)).toMatch(new RegExp(`^${slug}_[0-9a-f]{10}$`));
    expect(fileHash('hello')).toMatch(/^hello_[0-9a-f]{10}$/);
    expect(fileHash('../../etc/passwd')).toMatch(/^etc_passwd_[0-9a-f]{10}$/);
    expect(fileHash('日本')).toMatch(/^file_[0-9a-f]{10}$/);
    expect(fileHash('a')).not.toBe(fileHash('a'));
    expect([safeExtension('.JPG'), safeExtension('./../x'), safeExtension('.a\u0000'), safeExtension('')]).toEqual(['.JPG', '', '', '']);
  });
});

describe('a Quarry\'s uploads folder', () => {
  it('is <data folder>/uploads unless set, and made only when a file is written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quarry-files-'));
    let quarry: Quarry | undefined;
    try {
      quarry = createQuarry({ schemas: SCHEMAS, path: join(dir, 'data'), noSync: true });
      expect(quarry.files.folder).toBe(join(dir, 'data', 'uploads'));
      expect(readdirSync(join(dir, 'data'))).not.toContain('uploads');
      await quarry.close();
      quarry = createQuarry({ schemas: SCHEMAS, path: join(dir, 'data'), uploads: join(dir, 'media'), noSync: true });
      const batch = quarry.files.batch();
      await batch.write('a_0123456789.txt', Buffer.from('a'));
      await batch.commit();
      expect(readdirSync(join(dir, 'media'))).toEqual(['a_0123456789.txt']);
    } finally {
      await quarry?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
