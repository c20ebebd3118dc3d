/**
 * Worker pool benchmark: where running a REST list on a worker thread starts to pay.
 *
 *   npm run build && node dist/bench/pool.bench.js [N=10k] [--threads=2] [--time=MS] [--dir=PATH] [--fit]
 *
 * Loads the filter benchmark's generated data (fixtures/dataset) into a Quarry with a pool, then
 * for queries of growing estimated cost (the filter bench's set plus sorts through a relation,
 * index walks and populates) measures, each answer including its JSON text as the REST route
 * makes it:
 *   - inline µs and pooled µs, one request at a time: their difference is the round trip;
 *   - requests per second, inline (the main thread does all) and pooled with 2 × threads in
 *     flight, in alternating rounds, and the process's CPU per request (every thread).
 * It prints the bare round trip (a no-op task), the round trip of a list, and two crossovers
 * in `estimateList` units (`movable`, ≈ µs of work a worker takes off the main thread):
 *   - latency: the round trip in units (round trip µs over inline µs per unit): from there a
 *     worker takes at least as much work off the main thread as it adds to the answer's
 *     latency, i.e. a postMessage stops costing more than the query. The default
 *     `pool.costThreshold` is set from it;
 *   - throughput: where pooled requests/s meet inline ones (log-log fit of the ratio); it
 *     depends on the cores left free for the workers.
 * `--dir` keeps the LMDB folder between runs (loaded once). `--fit` also fits µs per step of
 * the cost model (weighted least squares), from which `LIST_COSTS` is set.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createQuarry, type Quarry } from '../src/index.js';
import { DEFAULT_COST_THRESHOLD } from '../src/pool/pool.js';
import type { Work } from '../src/query/estimate.js';
import { readQueryString } from '../src/query/querystring/index.js';
import { DEFAULT_SEED, generateDataset } from '../fixtures/dataset/generate.js';
import { buildQueries } from '../fixtures/dataset/queries.js';
import type { Dataset } from '../fixtures/dataset/types.js';
import { loadDataset } from '../fixtures/dataset/load.js';

const SCHEMAS = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'data', 'schemas');
const RESTAURANT = 'api::restaurant.restaurant';

interface Options {
  size: number;
  threads: number;
  timeMs: number;
  dir: string | undefined;
  fit: boolean;
}

interface Row {
  name: string;
  cost: number;
  movable: number;
  matches: number;
  work: Readonly<Work>;
  inlineUs: number;
  pooledUs: number;
  inlineRps: number;
  pooledRps: number;
  /** Median of pooled / inline requests per second over alternating rounds. */
  ratio: number;
  /** Process CPU (every thread) per request. */
  inlineCpuUs: number;
  pooledCpuUs: number;
}

const ROUNDS = 3;

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const data = generateDataset(opts.size, DEFAULT_SEED);
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'quarry-pool-bench-'));
  mkdirSync(dir, { recursive: true });
  // Every query goes where it is told (`run`), so the threshold plays no part here.
  const quarry = createQuarry({ schemas: SCHEMAS, path: dir, noSync: true, pool: { threads: opts.threads, timeoutMs: 600_000 } });
  try {
    const have = (await quarry.documents(RESTAURANT).count()) as number;
    if (have !== data.size) {
      if (have !== 0) throw new Error(`${dir} holds ${have} restaurants, not ${data.size}: use another --dir`);
      const t0 = performance.now();
      await loadDataset(quarry, data);
      console.log(`loaded ${fmt(data.size)} restaurants in ${Math.round(performance.now() - t0)} ms`);
    }
    console.log(`pool bench: ${fmt(data.size)} restaurants, ${opts.threads} worker threads, ${cpus().length} cores, node ${process.version}`);

    const pool = quarry.pool!;
    for (let i = 0; i < 50; i++) await pool.ping();
    const ping = await sampleAsync(() => pool.ping(), opts.timeMs);
    console.log(`round trip of a no-op task: median ${ping.toFixed(0)} µs\n`);

    const rows: Row[] = [];
    for (const [name, rest] of queriesOf(data)) {
      process.stderr.write(`measuring ${name}…\n`);
      rows.push(await measure(quarry, name, rest, opts));
    }
    rows.sort((a, b) => a.movable - b.movable || a.cost - b.cost);
    printTable(rows);

    // The round trip: what pooling adds to one answer, measured on lists under a millisecond
    // (on big ones it drowns in their own noise).
    const small = rows.filter((r) => r.inlineUs < 1_000);
    const roundTrip = median(small.map((r) => r.pooledUs - r.inlineUs));
    const cpu = median(small.map((r) => r.pooledCpuUs - r.inlineCpuUs));
    console.log(`\nround trip of a list (pooled − inline, one at a time, lists under 1 ms): median ${roundTrip.toFixed(0)} µs`);
    console.log(`CPU added by pooling a list (every thread, with ${opts.threads * 2} in flight): median ${cpu.toFixed(0)} µs`);
    // Units are priced to be about a µs of inline work; under load both the round trip and the
    // work stretch, so the crossover is taken in units: the round trip over µs per unit.
    const usPerUnit = median(rows.filter((r) => r.cost >= 100).map((r) => r.inlineUs / r.cost));
    console.log(`inline µs per estimate unit (lists from 100 units): median ${usPerUnit.toFixed(2)}`);
    console.log(`latency crossover: a list's own work equals the round trip at ≈ ${(roundTrip / usPerUnit).toFixed(0)} movable units`);
    const crossover = crossoverOf(rows);
    const always = alwaysFasterFrom(rows);
    console.log(crossover === undefined
      ? 'throughput crossover: no trend of pooled over inline throughput in this run'
      : `throughput crossover: pooled requests/s meet inline at ≈ ${crossover.toFixed(0)} movable units (log-log fit; depends on free cores)`);
    if (always !== undefined) console.log(`every query from ${always.toFixed(0)} movable units up had more requests/s pooled`);
    console.log(`default pool.costThreshold: ${DEFAULT_COST_THRESHOLD}`);
    if (opts.fit) printFit(rows);
  } finally {
    await quarry.close();
    if (opts.dir === undefined) rmSync(dir, { recursive: true, force: true });
  }
}

/** The filter bench's queries plus sorts through a relation over growing matches and populates. */
function queriesOf(data: Dataset): [string, string][] {
  const out: [string, string][] = buildQueries(data).map((q) => [q.name, q.rest]);
  for (const price of [6, 10, 20, 40, 80, 160]) {
    out.push([`sort-chef-price<${price}`, `filters[price][$lt]=${price}&sort=chef.name:asc`]);
  }
  out.push(['sort-name-desc-100', 'sort=name:desc&pagination[pageSize]=100']);
  out.push(['populate-all-100', 'populate=*&pagination[pageSize]=100']);
  out.push(['populate-cat-restaurants', 'populate[categories][populate][restaurants][fields][0]=name&pagination[pageSize]=10']);
  out.push(['description-containsi', 'filters[description][$containsi]=ramen']);
  out.push(['stars-sort-populate', 'filters[stars][$gte]=3&sort[0]=stars:desc&sort[1]=name:asc&populate[chef][fields][0]=name&pagination[pageSize]=50']);
  return out;
}

async function measure(quarry: Quarry, name: string, rest: string, opts: Options): Promise<Row> {
  const query = readQueryString(rest);
  const estimate = quarry.reads.estimateQuery(RESTAURANT, query);
  const inline = async () => JSON.stringify(await quarry.reads.queryAsync(RESTAURANT, query, undefined, 'inline'));
  const pooled = async () => JSON.stringify(await quarry.reads.queryAsync(RESTAURANT, query, undefined, 'pool'));
  if ((await inline()) !== (await pooled())) throw new Error(`${name}: pooled answer differs from inline`);
  // Warm both sides (each worker has its own read cache).
  for (let i = 0; i < 3; i++) await inline();
  await Promise.all(Array.from({ length: opts.threads * 3 }, () => pooled()));

  const inlineUs = await sampleAsync(inline, opts.timeMs / 2);
  const pooledUs = await sampleAsync(pooled, opts.timeMs / 2);
  // Alternating rounds, so that load from elsewhere on the machine hits both sides alike.
  const ratios: number[] = [];
  const inlineRps: number[] = [];
  const pooledRps: number[] = [];
  const inlineCpu: number[] = [];
  const pooledCpu: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const a = await throughput(inline, 1, opts.timeMs / ROUNDS);
    const b = await throughput(pooled, opts.threads * 2, opts.timeMs / ROUNDS);
    ratios.push(b.rps / a.rps);
    inlineRps.push(a.rps);
    pooledRps.push(b.rps);
    inlineCpu.push(a.cpuUs);
    pooledCpu.push(b.cpuUs);
  }
  return {
    name, cost: estimate.cost, movable: estimate.movable, matches: estimate.matches, work: estimate.work,
    inlineUs, pooledUs, inlineRps: median(inlineRps), pooledRps: median(pooledRps), ratio: median(ratios),
    inlineCpuUs: median(inlineCpu), pooledCpuUs: median(pooledCpu),
  };
}

/** Median µs of one call, sequentially, for about `budgetMs` (at least 5 calls). */
async function sampleAsync(fn: () => Promise<unknown>, budgetMs: number): Promise<number> {
  const samples: number[] = [];
  const end = performance.now() + budgetMs;
  while (samples.length < 5 || (performance.now() < end && samples.length < 100_000)) {
    const t = performance.now();
    await fn();
    samples.push((performance.now() - t) * 1000);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

/** Calls per second with `inFlight` loops running at once, and the process's CPU µs (all threads) per call. */
async function throughput(fn: () => Promise<unknown>, inFlight: number, budgetMs: number): Promise<{ rps: number; cpuUs: number }> {
  let done = 0;
  const start = performance.now();
  const cpu = process.cpuUsage();
  const end = start + budgetMs;
  await Promise.all(Array.from({ length: inFlight }, async () => {
    while (performance.now() < end || done < inFlight) {
      await fn();
      done++;
    }
  }));
  const elapsed = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { rps: (done / elapsed) * 1000, cpuUs: (used.user + used.system) / done };
}

/**
 * Where pooled throughput meets inline: pooled / inline against cost, fitted as a line in
 * log-log (ratios are noisy, the trend is not), solved for a ratio of 1.
 */
function crossoverOf(rows: readonly Row[]): number | undefined {
  const { slope, at } = logFit(rows.filter((r) => r.movable > 0).map((r) => [r.movable, r.ratio]));
  return slope > 0 && rows.length >= 3 ? at(1) : undefined;
}

/** Least squares of log y on log x; `at(y)` solves it for x. */
function logFit(points: readonly (readonly [number, number])[]): { slope: number; at: (y: number) => number } {
  const pts = points.filter(([x, y]) => x > 0 && y > 0).map(([x, y]) => [Math.log(x), Math.log(y)] as const);
  const mx = pts.reduce((s, p) => s + p[0], 0) / pts.length;
  const my = pts.reduce((s, p) => s + p[1], 0) / pts.length;
  const slope = pts.reduce((s, p) => s + (p[0] - mx) * (p[1] - my), 0) / pts.reduce((s, p) => s + (p[0] - mx) ** 2, 0);
  return { slope, at: (y: number) => Math.exp(mx + (Math.log(y) - my) / slope) };
}

/** The lowest cost from which every costlier query ran at least as fast pooled. */
function alwaysFasterFrom(rows: readonly Row[]): number | undefined {
  let from: number | undefined;
  for (let i = rows.length - 1; i >= 0 && rows[i]!.ratio >= 1; i--) from = rows[i]!.movable;
  return from;
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function printTable(rows: readonly Row[]): void {
  const head = ['query', 'cost', 'movable', 'matches', 'inline µs', 'pooled µs', 'round trip µs', 'inline req/s', 'pooled req/s', 'ratio', 'cpu µs inline', 'cpu µs pooled'];
  const body = rows.map((r) => [
    r.name, r.cost.toFixed(0), r.movable.toFixed(0), fmt(Math.round(r.matches)), r.inlineUs.toFixed(0), r.pooledUs.toFixed(0),
    (r.pooledUs - r.inlineUs).toFixed(0), r.inlineRps.toFixed(0), r.pooledRps.toFixed(0), r.ratio.toFixed(2),
    r.inlineCpuUs.toFixed(0), r.pooledCpuUs.toFixed(0),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  for (const b of body) console.log(line(b));
}

/** µs per step of the cost model: non-negative least squares on relative error, with a fixed part per query. */
function printFit(rows: readonly Row[]): void {
  const keys: (keyof Work)[] = ['rows', 'ids', 'lists', 'values', 'ranges', 'entries', 'compares'];
  const x = rows.map((r) => [1, ...keys.map((k) => r.work[k])]);
  const y = rows.map((r) => r.inlineUs);
  const w = y.map((v) => 1 / (v * v));
  const coef = nnls(x, y, w);
  console.log(`\nfit (µs): per query ${coef[0]!.toFixed(1)}, ${keys.map((k, i) => `${k} ${coef[i + 1]!.toFixed(4)}`).join(', ')}`);
  const unit = coef[1]! || 1;
  console.log(`relative to a row: ${keys.map((k, i) => `${k} ${(coef[i + 1]! / unit).toFixed(3)}`).join(', ')}`);
}

/** Weighted non-negative least squares by coordinate descent on the normal equations. */
function nnls(x: readonly number[][], y: readonly number[], w: readonly number[]): number[] {
  const p = x[0]!.length;
  const a = Array.from({ length: p }, (_, i) => Array.from({ length: p }, (_, j) => x.reduce((s, row, n) => s + w[n]! * row[i]! * row[j]!, 0)));
  const b = Array.from({ length: p }, (_, i) => x.reduce((s, row, n) => s + w[n]! * row[i]! * y[n]!, 0));
  const c = new Array<number>(p).fill(0);
  for (let iter = 0; iter < 20_000; iter++) {
    for (let i = 0; i < p; i++) {
      if (a[i]![i]! === 0) continue;
      let r = b[i]!;
      for (let j = 0; j < p; j++) if (j !== i) r -= a[i]![j]! * c[j]!;
      c[i] = Math.max(0, r / a[i]![i]!);
    }
  }
  return c;
}


function parseArgs(args: readonly string[]): Options {
  const opts: Options = { size: 10_000, threads: 2, timeMs: 300, dir: undefined, fit: false };
  for (const arg of args) {
    const [key, value = ''] = arg.split('=');
    if (key === '--threads') opts.threads = Number(value);
    else if (key === '--time') opts.timeMs = Number(value);
    else if (key === '--dir') opts.dir = value;
    else if (key === '--fit') opts.fit = true;
    else if (!key!.startsWith('--')) opts.size = sizeOf(key!);
    else throw new Error(`unknown option ${arg}`);
  }
  if (!existsSync(SCHEMAS)) throw new Error(`no schemas at ${SCHEMAS}`);
  return opts;
}

function sizeOf(text: string): number {
  const m = /^(\d+)(k|m)?$/i.exec(text);
  if (!m) throw new Error(`bad size ${text}`);
  return Number(m[1]) * (m[2]?.toLowerCase() === 'k' ? 1_000 : m[2]?.toLowerCase() === 'm' ? 1_000_000 : 1);
}

const fmt = (n: number) => n.toLocaleString('en-US');

await main();
