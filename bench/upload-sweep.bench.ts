/**
 * What the start-up sweep of the uploads folder costs (docs/uploads.md, "The start-up sweep"):
 * N file records, each with a thumbnail and a small format (3 stored files each), and the time
 * from opening a Quarry for writing to the end of its sweep, in three folders:
 *
 * - `all-named`: every stored file named by a record: the sweep reads every record.
 * - `one-orphan`: the same plus one file no record names, found and removed.
 * - `empty-folder`: the records without their files: the folder is listed, no record is read.
 *
 *   node dist/bench/upload-sweep.bench.js [10k|100k] [--rounds=3]
 *
 * The medians of `rounds` opens go to bench/results/upload-sweep.json.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../fixtures/repo-root.js';
import { createQuarry, type Quarry } from '../src/index.js';
import { FILE_UID } from '../src/schema/builtin-upload.js';
import { storedNamesOf } from '../src/uploads/file-names.js';
import { numberFlag, parseSize, readArgs } from './args.js';
import { printRows } from './table.js';

const WRITE_BATCH = 1_000;

const open = (path: string): Quarry => createQuarry({ schemas: join(repoRoot(), 'data', 'schemas'), path, noSync: true, i18n: { locales: ['en', 'fr'] } });

/** A record as an upload of a 600×400 image writes it, its formats included. */
function recordOf(i: number): Record<string, unknown> {
  const hash = `photo_${i.toString(16).padStart(10, '0')}`;
  const format = (name: string, width: number) => ({ name: `${name}_photo.jpg`, hash: `${name}_${hash}`, ext: '.jpg', mime: 'image/jpeg', width, height: 156, size: 1, sizeInBytes: 1000, url: `/uploads/${name}_${hash}.jpg` });
  return {
    name: 'photo.jpg', hash, ext: '.jpg', mime: 'image/jpeg', size: 12.34, width: 600, height: 400, url: `/uploads/${hash}.jpg`, provider: 'local',
    formats: { thumbnail: format('thumbnail', 234), small: format('small', 500) },
  };
}

async function fill(path: string, size: number): Promise<void> {
  const quarry = open(path);
  try {
    const files = quarry.documents(FILE_UID);
    for (let start = 0; start < size; start += WRITE_BATCH) {
      const writes = quarry.store.transact(() => Array.from({ length: Math.min(WRITE_BATCH, size - start) }, (_, j) => files.create({ data: recordOf(start + j) })));
      await Promise.all(writes);
    }
  } finally {
    await quarry.close();
  }
}

/** ms from the open to the end of the sweep, and what it removed. */
async function timeSweep(path: string): Promise<{ ms: number; removed: number }> {
  const started = performance.now();
  const quarry = open(path);
  try {
    const removed = await quarry.swept!;
    return { ms: performance.now() - started, removed: removed.length };
  } finally {
    await quarry.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const { positional, flags } = readArgs(process.argv.slice(2), '10k');
  const size = parseSize(positional);
  const rounds = numberFlag(flags, 'rounds', 3, 1);
  const dir = mkdtempSync(join(tmpdir(), 'quarry-bench-sweep-'));
  const results: Record<string, unknown>[] = [];
  try {
    const data = join(dir, 'data');
    const loadStart = performance.now();
    await fill(data, size);
    console.log(`${size} file records written in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);
    const uploads = join(data, 'uploads');
    const aside = join(dir, 'uploads-aside');
    mkdirSync(aside);
    for (let i = 0; i < size; i++) for (const name of storedNamesOf(recordOf(i) as { hash: string; ext: string; formats: unknown })) writeFileSync(join(aside, name), '');
    // Each runs before every round: the sweep removes the orphan, and the last case the files.
    const cases: [string, () => void][] = [
      ['all-named', () => undefined],
      ['one-orphan', () => writeFileSync(join(uploads, 'stray_0123456789.jpg'), '')],
      ['empty-folder', () => rmSync(uploads, { recursive: true, force: true })],
    ];
    renameSync(aside, uploads);
    for (const [name, prepare] of cases) {
      const times: number[] = [];
      let removed = 0;
      for (let round = 0; round < rounds; round++) {
        prepare();
        const run = await timeSweep(data);
        times.push(run.ms);
        removed = run.removed;
      }
      results.push({ case: name, records: size, storedFiles: name === 'empty-folder' ? 0 : size * 3, medianMs: median(times), removedLastRound: removed, runsMs: times });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  printRows(['case', 'records', 'stored files', 'median ms', 'removed'], results.map((r) => [
    String(r.case), String(r.records), String(r.storedFiles), (r.medianMs as number).toFixed(1), String(r.removedLastRound),
  ]));
  const out = join(repoRoot(), 'bench', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'upload-sweep.json'), `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cores: cpus().length, loadavg: loadavg(), results }, null, 2)}\n`);
}

await main();
