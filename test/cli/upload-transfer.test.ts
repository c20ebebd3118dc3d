/**
 * `quarry export` / `quarry import` carry uploaded files' bytes: the export copies every stored
 * file (originals and formats) to the folder beside it with its size and SHA-256, the import
 * checks each and restores it into the new folder's uploads folder, where it is served again.
 */
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { createQuarry, type Entry, type Quarry } from '../../src/index.js';
import { FILE_UID } from '../../src/schema/builtin-upload.js';
import { storedNamesOf } from '../../src/uploads/file-names.js';
import { FORMAT_VERSION } from '../../src/cli/transfer/format.js';
import { SCHEMAS, startTestServer } from '../http/support.js';
import { alphaPng, rotatedJpeg, tinyJpeg } from '../uploads/sample-files.js';
import { tempDir, testContext } from './support.js';

const ARTICLE = 'api::article.article';
const env = { QUARRY_SCHEMAS: SCHEMAS, QUARRY_LOCALES: 'en,fr' };
const open = (path: string, readOnly = false): Quarry =>
  createQuarry({ schemas: SCHEMAS, path, noSync: true, readOnly, i18n: { defaultLocale: 'en', locales: ['en', 'fr'] } });

async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const ctx = testContext(env);
  const code = await main(argv, ctx);
  return { code, stdout: ctx.stdout.text, stderr: ctx.stderr.text };
}

/** Uploads over HTTP three images (two with formats; the last becomes an article's cover) and a text file, then stops serving. */
async function fill(path: string): Promise<void> {
  const quarry = open(path);
  const server = await startTestServer('node', {}, quarry);
  try {
    const article = await quarry.documents(ARTICLE).create({ data: { title: 'With a cover' } });
    const upload = async (files: [string, Buffer, string][], fields: Record<string, string>) => {
      const body = new FormData();
      for (const [name, bytes, type] of files) body.append('files', new Blob([bytes], { type }), name);
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      const response = await fetch(`${server.base}/api/upload`, { method: 'POST', body });
      expect(response.status, await response.clone().text()).toBe(201);
    };
    await upload([['sideways.jpg', await rotatedJpeg(), 'image/jpeg'], ['alpha.png', await alphaPng(), 'image/png'], ['tiny.jpg', await tinyJpeg(), 'image/jpeg']],
      { ref: ARTICLE, refId: String(article.id), field: 'cover' });
    await upload([['notes.txt', Buffer.from('plain notes\n'), 'text/plain']], {});
  } finally {
    await server.stop();
    await quarry.close();
  }
}

const stored = (data: string) => readdirSync(join(data, 'uploads')).sort();
const bytesOf = (folder: string, names: readonly string[]) => Object.fromEntries(names.map((name) => [name, readFileSync(join(folder, name))]));

describe('export and import of uploaded files', () => {
  let dir: string;
  let source: string;
  let exported: string;
  let names: string[];

  beforeAll(async () => {
    dir = tempDir();
    source = join(dir, 'source');
    await fill(source);
    names = stored(source);
    exported = join(dir, 'backup.json');
    const out = await run(['export', exported, '--data', source]);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stderr).toMatch(/10 files \(\d+\.\d MiB\) in \S+backup\.json\.uploads/);
  }, 60_000);

  it('carry every original and format beside the export, byte-identical, listed with size and SHA-256 in their records', () => {
    // sideways.jpg (800×1200 once upright) has a thumbnail, small, medium and large; alpha.png a thumbnail and small; tiny.jpg and notes.txt none.
    expect(names).toHaveLength(10);
    expect(readdirSync(`${exported}.uploads`).sort()).toEqual(names);
    expect(bytesOf(`${exported}.uploads`, names)).toEqual(bytesOf(join(source, 'uploads'), names));
    const lines = readFileSync(exported, 'utf8').split('\n');
    expect(JSON.parse(lines[0]!.slice(0, -',"records":['.length) + '}')).toMatchObject({ format: 'quarry-export', version: FORMAT_VERSION });
    const records = lines.slice(1, -2).map((line) => JSON.parse(line.replace(/,$/, '')) as Record<string, unknown>);
    const files = records.filter((r) => r.type === FILE_UID);
    // File records come first, so an import stages their files before writing anything.
    expect(records.slice(0, 4).map((r) => r.type)).toEqual([FILE_UID, FILE_UID, FILE_UID, FILE_UID]);
    const sideways = files.find((r) => (r.data as Entry).name === 'sideways.jpg')!;
    const carried = sideways.files as { name: string; size: number; sha256: string }[];
    expect(carried.map((f) => f.name)).toEqual(storedNamesOf(sideways.data as Parameters<typeof storedNamesOf>[0]));
    const original = readFileSync(join(source, 'uploads', carried[0]!.name));
    expect(carried[0]).toEqual({ name: carried[0]!.name, size: original.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('restore them into the new folder, byte-identical, served under /uploads/ and consistent for quarry check', async () => {
    const copy = join(dir, 'copy');
    const imported = await run(['import', exported, '--data', copy]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).toContain('import: 10 files');
    expect(stored(copy)).toEqual(names);
    expect(bytesOf(join(copy, 'uploads'), names)).toEqual(bytesOf(join(source, 'uploads'), names));
    const checked = await run(['check', copy]);
    expect(checked.stdout).toMatch(/^consistent: .*, 4 file records, 10 stored files\n$/);
    expect(checked.code).toBe(0);

    const quarry = open(copy);
    const server = await startTestServer('node', {}, quarry);
    try {
      const article = (await quarry.documents(ARTICLE).findMany({ populate: ['cover'] }))[0]!;
      expect((article.cover as Entry).name).toBe('tiny.jpg');
      for (const file of await quarry.documents(FILE_UID).findMany()) {
        const urls = [file.url as string, ...Object.values((file.formats ?? {}) as Record<string, { url: string }>).map((f) => f.url)];
        for (const url of urls) {
          const response = await fetch(server.base + url);
          expect(response.status, url).toBe(200);
          expect(Buffer.from(await response.arrayBuffer())).toEqual(readFileSync(join(source, url)));
        }
      }
    } finally {
      await server.stop();
      await quarry.close();
    }
  });

  it('stops on a changed or missing file, naming its record, and leaves neither records nor files', async () => {
    const carried = readdirSync(`${exported}.uploads`);
    const damaged = join(dir, 'damaged.json');
    const cases: [string, (folder: string) => void, RegExp][] = [
      ['changed', (folder) => writeFileSync(join(folder, carried[0]!), Buffer.concat([readFileSync(join(folder, carried[0]!)), Buffer.from('x')])),
        /record \d \(version of plugin::upload\.file \S+ published\): its file \S+ in \S+ has \d+ bytes with SHA-256 [0-9a-f]{64}; the export recorded \d+ bytes .*: it was changed or damaged/],
      ['missing', (folder) => rmSync(join(folder, carried[1]!)),
        /record \d \(version of plugin::upload\.file \S+ published\): its file \S+ is not in \S+damaged\.json\.uploads/],
    ];
    for (const [what, damage, message] of cases) {
      writeFileSync(damaged, readFileSync(exported));
      rmSync(`${damaged}.uploads`, { recursive: true, force: true });
      const ctx = await run(['export', damaged, '--data', source]);
      expect(ctx.code).toBe(0);
      damage(`${damaged}.uploads`);
      const data = join(dir, `into-${what}`);
      const out = await run(['import', damaged, '--data', data]);
      expect(out.code, what).toBe(1);
      expect(out.stderr, what).toMatch(message);
      expect(out.stderr).toContain('Nothing was written to the data folder.');
      expect(existsSync(join(data, 'uploads')) ? readdirSync(join(data, 'uploads')) : []).toEqual([]);
      const quarry = open(data, true);
      try {
        for (const ct of quarry.registry.types) expect(await quarry.documents(ct.uid).count({ status: 'published', locale: '*' }), ct.uid).toBe(0);
      } finally {
        await quarry.close();
      }
    }
  });

  it('refuses files listed after records of other types, and takes back the files it had put in place', async () => {
    const lines = readFileSync(exported, 'utf8').split('\n');
    // The second file record moved behind the first record of another type.
    const [fileLine] = lines.splice(2, 1);
    const other = lines.findIndex((line, i) => i > 0 && !line.includes('"type":"plugin::upload.file"'));
    lines.splice(other + 1, 0, fileLine!);
    const moved = join(dir, 'moved.json');
    writeFileSync(moved, lines.join('\n'));
    cpSync(`${exported}.uploads`, `${moved}.uploads`, { recursive: true });
    const data = join(dir, 'into-moved');
    const out = await run(['import', moved, '--data', data]);
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/record \d+ \(version of plugin::upload\.file \S+ published\): its file \S+ is listed after records of other types/);
    // The files of the file records before it were staged and committed, then removed again.
    expect(readdirSync(join(data, 'uploads'))).toEqual([]);
  });

  it('warns about a file a record names that the uploads folder lacks, and exports the rest', async () => {
    const partial = join(dir, 'partial');
    await fill(partial);
    const [lost] = stored(partial);
    rmSync(join(partial, 'uploads', lost!));
    const out = await run(['export', join(dir, 'partial.msgpack'), '--data', partial]);
    expect(out.code).toBe(0);
    expect(out.stderr).toMatch(new RegExp(`export: warning: 1 files named by file records are not in the uploads folder, so not exported \\(\`quarry check\` reports them\\): file \\S+: ${lost!.replace('.', '\\.')}\\n`));
    expect(readdirSync(join(dir, 'partial.msgpack.uploads'))).toHaveLength(9);
    const copy = join(dir, 'partial-copy');
    expect((await run(['import', join(dir, 'partial.msgpack'), '--data', copy])).code).toBe(0);
    expect(stored(copy)).toHaveLength(9);
  });
});
