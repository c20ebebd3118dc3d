import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { open } from 'lmdb';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { DEMO_DATASET, DEMO_SCHEMAS } from '../../src/cli/paths.js';
import { createQuarry } from '../../src/index.js';
import { openRowDb } from '../../src/store/dbs.js';
import { FILE_UID } from '../../src/schema/builtin-upload.js';
import { fileData } from '../support/media-models.js';
import { tempDir, testContext } from './support.js';

const env = { QUARRY_SCHEMAS: DEMO_SCHEMAS, QUARRY_LOCALES: 'en,fr' };

async function check(data: string, how: 'flag' | 'argument' | 'env' = 'flag'): Promise<{ code: number; stdout: string; stderr: string }> {
  const ctx = testContext(how === 'env' ? { ...env, QUARRY_DATA: data } : env);
  const code = await main(how === 'flag' ? ['check', '--data', data] : how === 'argument' ? ['check', data] : ['check'], ctx);
  return { code, stdout: ctx.stdout.text, stderr: ctx.stderr.text };
}

describe('quarry check', () => {
  let data: string;

  beforeAll(async () => {
    data = join(tempDir(), 'db');
    expect(await main(['import', DEMO_DATASET, '--data', data], testContext(env))).toBe(0);
  }, 60_000);

  it('finds the imported demo dataset consistent: a summary, exit 0', async () => {
    const { code, stdout, stderr } = await check(data);
    expect(stderr).toMatch(/--schemas +\S+ +env QUARRY_SCHEMAS/);
    expect(stdout).toMatch(/^consistent: \d+ types, \d+ rows, \d+ components, \d+ index sets, \d+ relation lists, \d+ links, 8 file records, \d+ stored files\n$/);
    expect(code).toBe(0);
  });

  it('lists each problem with its kind, then how many, and exits 3', async () => {
    const quarry = createQuarry({ schemas: DEMO_SCHEMAS, path: data, i18n: { locales: ['en', 'fr'] } });
    const [restaurant] = quarry.store.rows.ids('api::restaurant.restaurant', { status: 'published', locale: null });
    const category = [...quarry.store.rows.ids('api::category.category', { status: 'published', locale: null })]
      .find((c) => !quarry.store.links.has('api::restaurant.restaurant.categories', restaurant!, c));
    // One side of a relation written without the other: what a half-applied write would leave.
    quarry.store.transact(() => quarry.store.links.place('api::restaurant.restaurant.categories', restaurant!, category!, { at: 'start' }));
    await quarry.close();
    const { code, stdout } = await check(data);
    expect(stdout).toMatch(/^partner: api::restaurant\.restaurant\.categories: \d+ → \d+ has no mirror api::category\.category\.restaurants: \d+ → \d+\n1 problems in \d+ types/);
    expect(code).toBe(3);
  });

  it('takes the data folder as --data, as every data command does, or as DIR, or from QUARRY_DATA', async () => {
    const byFlag = await check(data, 'flag');
    expect(byFlag.stderr).toMatch(/--data +\S+ +flag --data/);
    const byArgument = await check(data, 'argument');
    expect(byArgument.stderr).toMatch(/--data +\S+ +argument/);
    const byEnv = await check(data, 'env');
    expect(byEnv.stderr).toMatch(/--data +\S+ +env QUARRY_DATA/);
    for (const r of [byFlag, byArgument, byEnv]) expect(r.stdout).toBe(byFlag.stdout);
  });

  it('a data folder named twice, or not at all, is a usage error', async () => {
    const twice = testContext(env);
    expect(await main(['check', data, '--data', data], twice)).toBe(2);
    expect(twice.stderr.text).toContain('name the data folder once: as DIR or as --data');
    const none = testContext(env);
    expect(await main(['check'], none)).toBe(2);
    expect(none.stderr.text).toContain('--data is required (or set QUARRY_DATA)');
    const many = testContext(env);
    expect(await main(['check', data, data], many)).toBe(2);
    expect(many.stderr.text).toMatch(/expected \[DIR\], got/);
  });

  it('a data folder that does not exist is a usage error', async () => {
    for (const how of ['flag', 'argument'] as const) {
      const { code, stderr } = await check(join(tempDir(), 'nothing'), how);
      expect(code).toBe(2);
      expect(stderr).toMatch(/--data \S+: no such folder/);
    }
  });
});

describe('quarry check on components', () => {
  it('names a dynamic-zone item of a component the zone does not allow, and links left from an item no row holds: exit 3', async () => {
    const data = join(tempDir(), 'db');
    expect(await main(['import', DEMO_DATASET, '--data', data], testContext(env))).toBe(0);
    const quarry = createQuarry({ schemas: DEMO_SCHEMAS, path: data, i18n: { locales: ['en', 'fr'] }, readOnly: true });
    const page = (await quarry.documents('api::page.page').findFirst({ filters: { slug: { $eq: 'home' } } }))!;
    const id = quarry.store.rows.idOf('api::page.page', page.documentId as string, 'draft', null)!;
    await quarry.close();
    // The row rewritten past the store: its hero named as another component, its restaurant list gone (its links stay).
    const lmdb = open({ path: data, noSubdir: false, maxDbs: 80 });
    const rows = openRowDb(lmdb, 'api::page.page');
    const row = rows.get(id) as { sections: { __component: string; id: number }[] };
    const [hero, text] = row.sections;
    await lmdb.transactionSync(() => rows.putSync(id, { ...row, sections: [{ ...hero, __component: 'shared.seo' }, text] }));
    await lmdb.close();
    const { code, stdout } = await check(data);
    expect(stdout).toContain(`component: api::page.page row ${id}.sections.0 names component "shared.seo", which the dynamic zone does not allow (page.hero, page.rich-text, page.restaurant-list)\n`);
    expect(stdout).toMatch(/^dangling: page\.restaurant-list\.restaurants: links from page\.restaurant-list instance \d+, which no row holds$/m);
    expect(code).toBe(3);
  }, 60_000);
});

describe('quarry check on the uploads folder', () => {
  it('names each file record whose file or format is missing or of another size, and each stored file no record names: exit 3', async () => {
    const data = join(tempDir(), 'db');
    const quarry = createQuarry({ schemas: DEMO_SCHEMAS, path: data, i18n: { locales: ['en', 'fr'] } });
    const files = quarry.documents(FILE_UID);
    const formats = {
      thumbnail: { hash: 'thumbnail_photo_0a1b2c3d4e', ext: '.png', size: 0.01, sizeInBytes: 10 },
      small: { hash: 'small_photo_0a1b2c3d4e', ext: '.png', size: 0.01, sizeInBytes: 10 },
    };
    const photo = await files.create({ data: fileData('photo.png', 'image/png', { formats }) });
    const notes = await files.create({ data: fileData('notes.txt', 'text/plain') });
    // Another provider keeps its bytes elsewhere: nothing to find in the folder.
    await files.create({ data: fileData('remote.png', 'image/png', { provider: 'aws-s3', url: 'https://cdn.example/remote.png' }) });
    await quarry.close();
    const uploads = join(data, 'uploads');
    mkdirSync(uploads);
    // fileData records 0.11 KB: 110 bytes match, and so does 114 (rounded as Strapi rounds); 500 do not.
    writeFileSync(join(uploads, 'photo_0a1b2c3d4e.png'), Buffer.alloc(114));
    writeFileSync(join(uploads, 'small_photo_0a1b2c3d4e.png'), Buffer.alloc(11));
    writeFileSync(join(uploads, 'notes_0a1b2c3d4e.txt'), Buffer.alloc(500));
    writeFileSync(join(uploads, 'stray_0123456789.png'), 'x');
    writeFileSync(join(uploads, '.upload-0123456789abcdef.tmp'), 'an upload in progress');
    const { code, stdout } = await check(data);
    expect(stdout.split('\n').filter((line) => line.startsWith('file-')).sort()).toEqual([
      `file-missing: file ${photo.id} "photo.png": thumbnail_photo_0a1b2c3d4e.png is not in the uploads folder`,
      'file-orphan: stray_0123456789.png: no file record names it',
      `file-size: file ${notes.id} "notes.txt": notes_0a1b2c3d4e.txt holds 500 bytes, the record says 0.11 KB`,
      `file-size: file ${photo.id} "photo.png": small_photo_0a1b2c3d4e.png holds 11 bytes, the record says 10 bytes`,
    ].sort());
    expect(stdout).toMatch(/\n4 problems in .*, 3 file records, 4 stored files\n$/);
    expect(code).toBe(3);
  });
});

describe('quarry check --compare', () => {
  it('says two folders hold the same content, database by database, and names each database that differs (exit 3)', async () => {
    const dir = tempDir();
    const writer = createQuarry({ schemas: DEMO_SCHEMAS, path: join(dir, 'writer'), noSync: true });
    await writer.documents('api::category.category').create({ data: { name: 'one' } });
    // A compacting copy: another file layout, the same entries.
    await writer.store.copyTo(join(dir, 'copy'));
    const compare = async () => {
      const ctx = testContext({ QUARRY_SCHEMAS: DEMO_SCHEMAS });
      const code = await main(['check', join(dir, 'copy'), '--compare', join(dir, 'writer')], ctx);
      return { code, stdout: ctx.stdout.text, stderr: ctx.stderr.text };
    };
    const same = await compare();
    expect(same.stdout).toMatch(new RegExp(`^consistent: .*\\nsame content as ${join(dir, 'writer')}: \\d+ databases, \\d+ entries\\n$`));
    expect(same.stderr).toMatch(/--compare +\S+writer +flag --compare/);
    expect(same.code).toBe(0);
    await writer.documents('api::category.category').create({ data: { name: 'two' } });
    await writer.close();
    const differs = await compare();
    // Two rows and their shapes against three.
    expect(differs.stdout).toMatch(/differs: rows:api::category\.category: 2 entries here, 3 in \S+writer\n/);
    expect(differs.stdout).toMatch(/differs: meta: /);
    expect(differs.stdout).toMatch(/\d+ of \d+ databases differ from \S+writer\n$/);
    expect(differs.code).toBe(3);
  });
});
