/**
 * Bulk load and storage size (issue 19, points 2 and 3): `quarry import` of the benchmark
 * dataset as a real export file, beside tuned SQLite loading the same rows and SQLite filled as
 * Strapi 5.54 stores them, in one run. Each load runs in a process of its own, so its wall time
 * and its peak memory (read from /proc) are its own; then the size each leaves on disk. The
 * import and the tuned load take turns `--rounds` times (3 up to 100k, 1 above), and their
 * medians are compared: on a shared machine one load of either took anywhere from 1× to 1.7×
 * its median within the hour.
 *
 *   npm run bench:load -- [100k|10k|1m] [--seed=N] [--rounds=N] [--dir=DIR] [--keep]
 *
 * --dir is where the export file, the data folder and the SQLite files go (a new temp folder by
 * default, removed at the end unless --keep).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../fixtures/repo-root.js';
import { DEFAULT_SEED, generateDataset } from '../fixtures/dataset/generate.js';
import type { Dataset } from '../fixtures/dataset/types.js';
import { parseSize, readArgs } from './args.js';
import { printRows } from './table.js';
import { exportHeaderFor, writeDatasetExport } from './load/dataset-export.js';
import { diskSize, type DiskSize } from './load/disk-size.js';
import { runMeasured, type ChildRun } from './load/measure-child.js';
import type { SqliteLoad } from './load/sqlite-child.js';

const ROOT = repoRoot();
const BIN = join(ROOT, 'bin', 'quarry.js');
const SCHEMAS = join(ROOT, 'data', 'schemas');
const SQLITE_CHILD = join(ROOT, 'dist', 'bench', 'load', 'sqlite-child.js');
const MB = 1024 ** 2;

/** One engine's load: its time, its peak memory and what it leaves on disk. */
interface EngineLoad {
  readonly loadMs: number;
  readonly restaurantsPerSec: number;
  readonly peakRssBytes: number;
  readonly peakAnonBytes: number;
  /** The data folder or file as the load left it. */
  readonly disk: DiskSize;
  /** SQLite's file after VACUUM. */
  readonly vacuumed?: DiskSize;
}

async function main(): Promise<void> {
  const { positional, flags } = readArgs(process.argv.slice(2), '100k');
  const size = parseSize(positional);
  const label = positional.toLowerCase();
  const seed = Number(flags.get('seed') ?? DEFAULT_SEED);
  const rounds = Number(flags.get('rounds') ?? (size <= 100_000 ? 3 : 1));
  if (!Number.isSafeInteger(rounds) || rounds < 1) throw new Error(`--rounds must be a positive integer, not ${flags.get('rounds')}`);
  const dir = flags.get('dir') ?? mkdtempSync(join(tmpdir(), 'quarry-bench-load-'));
  mkdirSync(dir, { recursive: true });
  const data = generateDataset(size, seed);
  console.log(`dataset: ${fmt(data.size)} restaurants, ${fmt(data.chefs.length)} chefs, ${fmt(data.categories.length)} categories (seed ${seed}); in ${dir}`);

  try {
    const file = join(dir, 'dataset.msgpack');
    const writeStarted = performance.now();
    const records = await writeDatasetExport(data, await exportHeaderFor(SCHEMAS), file);
    const exportFile = { records, bytes: diskSize(file).apparent, writeMs: Math.round(performance.now() - writeStarted) };
    console.log(`export file: ${fmt(records)} records, ${(exportFile.bytes / MB).toFixed(1)} MB (msgpack), written in ${(exportFile.writeMs / 1000).toFixed(1)} s`);

    const quarryDir = join(dir, 'quarry');
    const quarryRuns: EngineLoad[] = [];
    const tunedRuns: EngineLoad[] = [];
    for (let round = 1; round <= rounds; round++) {
      rmSync(quarryDir, { recursive: true, force: true });
      console.log(`quarry import (${round} of ${rounds}) ...`);
      const run = await runMeasured(BIN, ['import', file, '--schemas', SCHEMAS, '--data', quarryDir], ROOT);
      quarryRuns.push({ ...engineLoad(data, run.ms, run, diskSize(quarryDir)), ...importSays(run.stderr) });
      console.log(`tuned SQLite (${round} of ${rounds}) ...`);
      tunedRuns.push(await sqliteLoad(data, 'tuned', join(dir, 'tuned.sqlite')));
    }
    const quarry = medianLoad(data, quarryRuns);
    const tuned = medianLoad(data, tunedRuns);
    console.log('Strapi-shaped SQLite ...');
    const strapi = await sqliteLoad(data, 'strapi', join(dir, 'strapi.sqlite'));

    console.log();
    const mb = (d: DiskSize | undefined) => (d === undefined ? '-' : (d.allocated / MB).toFixed(1));
    printRows(
      ['engine', 'load s', 'restaurants/s', 'peak RSS MB', 'peak anon MB', 'on disk MB', 'apparent MB', 'after VACUUM MB'],
      ([['quarry import', quarry], ['sqlite tuned', tuned], ['sqlite strapi-shaped', strapi]] as const).map(([name, e]) => [
        name, (e.loadMs / 1000).toFixed(2), fmt(Math.round(e.restaurantsPerSec)), (e.peakRssBytes / MB).toFixed(0), (e.peakAnonBytes / MB).toFixed(0),
        mb(e.disk), (e.disk.apparent / MB).toFixed(1), mb(e.vacuumed),
      ]),
    );
    const ratios = {
      quarryLoadOverTunedSqlite: round2(quarry.loadMs / tuned.loadMs),
      quarryFolderOverStrapiFile: round2(quarry.disk.allocated / strapi.vacuumed!.allocated),
      quarryFolderOverTunedSqliteFile: round2(quarry.disk.allocated / tuned.vacuumed!.allocated),
    };
    const seconds = (runs: readonly EngineLoad[]) => runs.map((r) => (r.loadMs / 1000).toFixed(2)).join(', ');
    console.log(`\nloads in turn (s): quarry ${seconds(quarryRuns)}; tuned SQLite ${seconds(tunedRuns)}`);
    console.log(`quarry import / tuned SQLite load, medians of ${rounds}: ${ratios.quarryLoadOverTunedSqlite.toFixed(1)}× (issue 19: at most 3× at 100k)`);
    console.log(`quarry folder / Strapi's SQLite file (after VACUUM): ${ratios.quarryFolderOverStrapiFile.toFixed(2)}× (issue 19: at most 2×)`);
    // RSS counts the pages of the data file LMDB maps, which the kernel reclaims at will: the process's own memory is the anonymous part.
    console.log(`quarry import peak memory: ${(quarry.peakAnonBytes / MB).toFixed(0)} MB anonymous (issue 19: under 1 GB), ${(quarry.peakRssBytes / MB).toFixed(0)} MB RSS with the mapped file's pages; at 1m, under 60 s`);
    console.log(`\nwrote ${writeResults(label, data, exportFile, { quarry, 'sqlite-tuned': tuned, 'sqlite-strapi': strapi }, ratios)}`);
  } finally {
    if (flags.get('keep') === undefined) rmSync(dir, { recursive: true, force: true });
  }
}

/** Rounds of one engine as one: the median time (each round's kept in `rounds`), the largest peaks, the last round's files. */
function medianLoad(data: Dataset, runs: readonly EngineLoad[]): EngineLoad & { readonly rounds: readonly number[] } {
  const times = runs.map((r) => r.loadMs);
  const sorted = [...times].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const loadMs = Math.round(sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2);
  const last = runs[runs.length - 1]!;
  return {
    ...last, loadMs, restaurantsPerSec: Math.round(data.size / (loadMs / 1000)), rounds: times,
    peakRssBytes: Math.max(...runs.map((r) => r.peakRssBytes)), peakAnonBytes: Math.max(...runs.map((r) => r.peakAnonBytes)),
  };
}

function engineLoad(data: Dataset, loadMs: number, run: ChildRun, disk: DiskSize): EngineLoad {
  return { loadMs: Math.round(loadMs), restaurantsPerSec: Math.round(data.size / (loadMs / 1000)), peakRssBytes: run.peakRssBytes, peakAnonBytes: run.peakAnonBytes, disk };
}

/** What the import says of itself: its own time (without starting node and compacting) and the compaction's sizes. */
function importSays(stderr: string): { importReportedMs?: number; compacted?: string } {
  const took = /^import: \d+ records in ([\d.]+) s$/m.exec(stderr)?.[1];
  const compacted = /^compacted: (.*)$/m.exec(stderr)?.[1];
  return { ...(took === undefined ? {} : { importReportedMs: Math.round(Number(took) * 1000) }), ...(compacted === undefined ? {} : { compacted }) };
}

/** A SQLite load in its own process: its own timing of the load, its peak memory, its file before and after VACUUM. */
async function sqliteLoad(data: Dataset, kind: 'tuned' | 'strapi', file: string): Promise<EngineLoad> {
  const run = await runMeasured(process.execPath, [SQLITE_CHILD, kind, String(data.size), String(data.seed), file], ROOT);
  const report = JSON.parse(run.stdout) as SqliteLoad;
  return { ...engineLoad(data, report.loadMs, run, report.afterLoad), vacuumed: report.afterVacuum };
}

function writeResults(label: string, data: Dataset, exportFile: object, engines: Record<string, EngineLoad>, ratios: Record<string, number>): string {
  const dir = join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `load-${label}.json`);
  const report = {
    bench: 'load',
    date: new Date().toISOString(),
    environment: { node: process.version, platform: `${process.platform}-${process.arch}`, cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, loadAverage: loadavg() },
    dataset: { restaurants: data.size, chefs: data.chefs.length, categories: data.categories.length, seed: data.seed },
    exportFile,
    engines,
    ratios,
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

const fmt = (n: number): string => n.toLocaleString('en-US');
const round2 = (n: number): number => Math.round(n * 100) / 100;

await main();
