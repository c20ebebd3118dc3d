import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { generateDataset } from '../../fixtures/dataset/generate.js';
import type { Dataset } from '../../fixtures/dataset/types.js';
import { createQuarry, type Quarry, type QuarryOptions } from '../../src/index.js';
import type { ReadTask } from '../../src/documents/read-tasks.js';
import { readQueryString } from '../../src/query/querystring/index.js';
import type { QueryPool } from '../../src/pool/pool.js';
import type { SpinTask } from './spin-worker.js';
import { loadDataset as loadInto } from '../../fixtures/dataset/load.js';

export const ROOT = join(import.meta.dirname, '..', '..');
export const SCHEMAS = join(ROOT, 'data', 'schemas');
export const RESTAURANT = 'api::restaurant.restaurant';
export const ARTICLE = 'api::article.article';
const BUILT = join(ROOT, 'dist', 'src', 'cli', 'main.js');
/** spin-worker.ts: the real worker plus a task that never reads the store (loaded from its sources, as every worker under tests). */
export const SPIN_WORKER = join(ROOT, 'test', 'pool', 'spin-worker.ts');

/**
 * Processes the tests start (`quarry serve`, the CLI) run the build, as a user's do: rebuild when
 * any source under src/ is newer than its built twin. One build at a time across test files (a
 * lock directory); `npm test` has built already, so this is then a check only. Pool workers need
 * none of it: they load the same sources as the tests (pool/typescript-entry.mjs).
 */
export function ensureBuilt(): void {
  if (isFresh()) return;
  const lock = join(ROOT, 'dist', '.pool-test-build.lock');
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`gave up waiting for ${lock}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    if (isFresh()) return;
    try {
      execFileSync('npx', ['tsc', '-p', 'tsconfig.json'], { cwd: ROOT, stdio: 'pipe' });
    } catch (error) {
      // tsc emits despite type errors (elsewhere in a shared tree): what matters is a fresh worker.
      if (!isFresh()) throw error;
    }
  } finally {
    rmdirSync(lock);
  }
}

function isFresh(): boolean {
  if (!existsSync(BUILT)) return false;
  const staleFile = (path: string): boolean => {
    const built = join(ROOT, 'dist', relative(ROOT, path).replace(/\.ts$/, '.js'));
    return !existsSync(built) || statSync(built).mtimeMs < statSync(path).mtimeMs;
  };
  const stale = (dir: string): boolean => readdirSync(dir, { withFileTypes: true }).some((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return stale(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') && staleFile(path);
  });
  return !stale(join(ROOT, 'src'));
}

export interface TestQuarry {
  readonly quarry: Quarry;
  readonly path: string;
  dispose(): Promise<void>;
}

/** A Quarry on a fresh temporary LMDB folder (two worker threads unless told otherwise). */
export function openQuarry(options: Partial<QuarryOptions> = {}): TestQuarry {
  const path = mkdtempSync(join(tmpdir(), 'quarry-pool-'));
  let quarry: Quarry;
  try {
    quarry = createQuarry({
      schemas: SCHEMAS, path, noSync: true, i18n: { defaultLocale: 'en', locales: ['en', 'fr'] }, pool: { threads: 2 }, ...options,
    });
  } catch (error) {
    rmSync(path, { recursive: true, force: true });
    throw error;
  }
  return {
    quarry,
    path,
    async dispose() {
      await quarry.close();
      rmSync(path, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until every thread of `quarry`'s pool answers the restaurant list `rest`: threads still
 * starting count against a read's time limit, so tests of that limit start from warm threads.
 */
export async function warmUp(quarry: Quarry, rest: string): Promise<void> {
  for (let round = 0; ; round++) {
    const tries = await Promise.allSettled([1, 2, 3, 4].map(() => quarry.reads.queryAsync(RESTAURANT, readQueryString(rest), undefined, 'pool')));
    if (tries.every((r) => r.status === 'fulfilled')) return;
    if (round === 50) throw new Error('pool threads did not start');
  }
}

/**
 * Keeps one of `pool`'s threads busy for `ms` in code that never reads the store, as a runaway
 * would: only terminating the thread stops it. The pool must run SPIN_WORKER (`workerFile`).
 */
export async function spin(pool: QueryPool, ms: number): Promise<void> {
  await pool.run({ kind: 'spin', ms } satisfies SpinTask as unknown as ReadTask);
}

/** The filter benchmark's generated data (restaurants, chefs, categories), loaded in big transactions. */
export async function loadDataset(quarry: Quarry, size: number): Promise<Dataset> {
  const data = generateDataset(size);
  await loadInto(quarry, data);
  return data;
}

/**
 * A real query that takes seconds: every page entry populates its categories, each of their
 * restaurants, their categories and their restaurants again (tens of thousands of entries per
 * page entry on the test dataset).
 */
export const EXPLOSIVE_POPULATE = 'populate[categories][populate][restaurants][populate][categories][populate][restaurants][fields][0]=name&pagination[pageSize]=100';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
