/**
 * Filter benchmark: the fixed query set (fixtures/dataset/queries.ts) against each engine, over
 * the same generated data, in one process. Every engine's answers are first checked against
 * the in-memory oracle (fixtures/dataset/expected.ts); a wrong answer stops the run before any
 * timing, because a fast wrong answer is not a result.
 *
 *   node dist/bench/filters.bench.js [N=100k] [--seed=S] [--time=MS] [--only=q1,q2] [--engines=sqlite]
 *
 * N accepts 10k / 100k / 1m or a plain integer. --time is the sampling budget per query and
 * engine (default 1000 ms, after a warm-up). Results go to bench/results/filters-<N>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseSize, readArgs } from './args.js';
import { repoRoot } from '../fixtures/repo-root.js';
import type { Engine, EngineResult } from './engine.js';
import { expectedAnswers } from '../fixtures/dataset/expected.js';
import { DEFAULT_SEED, generateDataset } from '../fixtures/dataset/generate.js';
import { type BenchQuery, buildQueries, EXTRA_QUERIES, TWINS } from '../fixtures/dataset/queries.js';
import type { Dataset } from '../fixtures/dataset/types.js';
import { QuarryEngine } from './quarry/engine.js';
import { SqliteEngine } from './sqlite/engine.js';
import { measure, type Timing } from './timing.js';

/** Engines by name; the first one selected is the baseline the others are compared with. */
const ENGINES: Record<string, () => Engine> = {
  sqlite: () => new SqliteEngine(),
  quarry: () => new QuarryEngine(),
};

interface Options {
  size: number;
  label: string;
  seed: number;
  timeMs: number;
  only: string[] | undefined;
  engines: string[];
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const data = generateDataset(opts.size, opts.seed);
  const queries = buildQueries(data).filter((q) => opts.only === undefined || opts.only.includes(q.name));
  console.log(`filters bench: ${fmt(data.size)} restaurants, ${fmt(data.chefs.length)} chefs, ${fmt(data.categories.length)} categories, seed ${data.seed}`);

  let t0 = performance.now();
  const expected = expectedAnswers(data, queries);
  console.log(`oracle: ${ms(t0)} ms`);

  const engines = opts.engines.map((name) => {
    const make = ENGINES[name];
    if (make === undefined) throw new Error(`unknown engine ${name} (known: ${Object.keys(ENGINES).join(', ')})`);
    return make();
  });
  const loadMs: Record<string, number> = {};
  for (const engine of engines) {
    t0 = performance.now();
    await engine.load(data);
    loadMs[engine.name] = Math.round(performance.now() - t0);
    console.log(`load ${engine.name}: ${loadMs[engine.name]} ms`);
  }

  const wrong = verify(engines, queries, expected);
  if (wrong.length > 0) {
    for (const line of wrong) console.error(line);
    process.exitCode = 1;
    for (const engine of engines) await engine.close?.();
    return;
  }
  console.log(`verified: ${engines.length} engine(s) × ${queries.length} queries agree with the oracle\n`);

  const plans = explainAll(engines, queries);
  const timings = new Map<BenchQuery, Map<string, Timing>>();
  for (const query of queries) {
    const perEngine = new Map<string, Timing>();
    process.stderr.write(`measuring ${query.name}…\n`);
    for (const engine of engines) perEngine.set(engine.name, measure(() => engine.run(query).total, opts.timeMs));
    timings.set(query, perEngine);
  }
  for (const engine of engines) await engine.close?.();

  printTable(engines.map((e) => e.name), queries, expected, timings);
  const summary = summarize(engines.map((e) => e.name), queries, timings);
  for (const line of summary.lines) console.log(line);
  for (const [engine, perQuery] of plans) {
    console.log(`\n${engine} plans:`);
    for (const [name, plan] of perQuery) console.log(`  ${name.padEnd(22)} ${plan}`);
  }
  const file = writeResults(opts, data, engines.map((e) => e.name), loadMs, queries, expected, timings, summary.figures, plans);
  console.log(`\nresults: ${file}`);
}

function verify(engines: readonly Engine[], queries: readonly BenchQuery[], expected: ReadonlyMap<BenchQuery, EngineResult>): string[] {
  const wrong: string[] = [];
  for (const engine of engines) {
    for (const query of queries) {
      const want = expected.get(query);
      const got = engine.run(query);
      if (want === undefined) continue;
      if (got.total !== want.total) wrong.push(`${engine.name} ${query.name}: total ${got.total}, expected ${want.total}`);
      else if (got.ids.join() !== want.ids.join()) wrong.push(`${engine.name} ${query.name}: page ids [${got.ids.join()}], expected [${want.ids.join()}]`);
    }
  }
  return wrong;
}

/** Each engine's plan per query, where it can tell. */
function explainAll(engines: readonly Engine[], queries: readonly BenchQuery[]): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const engine of engines) {
    if (!engine.explain) continue;
    out.set(engine.name, new Map(queries.map((q) => [q.name, engine.explain!(q)])));
  }
  return out;
}

/**
 * The run's figures beside the table: per engine, the geometric mean of its ratios to the
 * baseline over the 13 queries (the extra ones left out, so runs stay comparable), and
 * each query's ratio to its twin (TWINS: a deep filter against a flat one of the same output,
 * a second sort key against the first alone, a wide `$or` branch against a narrow one).
 */
function summarize(
  engineNames: readonly string[], queries: readonly BenchQuery[], timings: ReadonlyMap<BenchQuery, ReadonlyMap<string, Timing>>,
): { lines: string[]; figures: Record<string, Record<string, number>> } {
  const [baseline, ...others] = engineNames;
  const lines: string[] = [];
  const figures: Record<string, Record<string, number>> = {};
  const median = (name: string, engine: string) => timings.get(queries.find((q) => q.name === name)!)?.get(engine)?.medianUs;
  for (const engine of others) {
    const ratios = queries.filter((q) => !EXTRA_QUERIES.has(q.name))
      .map((q) => (timings.get(q)?.get(engine)?.medianUs ?? NaN) / (timings.get(q)?.get(baseline ?? '')?.medianUs ?? NaN));
    if (ratios.length === 0) continue;
    const geomean = Math.exp(ratios.reduce((n, r) => n + Math.log(r), 0) / ratios.length);
    figures[engine] = { geomeanRatio: geomean };
    lines.push(`\n${engine}/${baseline} geometric mean over ${ratios.length} queries: ${geomean.toFixed(3)} (${(1 / geomean).toFixed(1)}× faster)`);
  }
  for (const engine of engineNames) {
    for (const [query, twin] of TWINS) {
      const a = median(query, engine);
      const b = median(twin, engine);
      if (a === undefined || b === undefined) continue;
      (figures[engine] ??= {})[`${query} / ${twin}`] = a / b;
      lines.push(`${engine}: ${query} / ${twin} = ${(a / b).toFixed(2)}`);
    }
  }
  return { lines, figures };
}

function printTable(
  engineNames: readonly string[],
  queries: readonly BenchQuery[],
  expected: ReadonlyMap<BenchQuery, EngineResult>,
  timings: ReadonlyMap<BenchQuery, ReadonlyMap<string, Timing>>,
): void {
  const [baseline] = engineNames;
  const header = ['query', 'total'];
  for (const name of engineNames) {
    header.push(`${name} med µs`, `${name} p99 µs`);
    if (name !== baseline) header.push(`${name}/${baseline}`);
  }
  const rows = queries.map((q) => {
    const row = [q.name, fmt(expected.get(q)?.total ?? 0)];
    const base = timings.get(q)?.get(baseline ?? '');
    for (const name of engineNames) {
      const t = timings.get(q)?.get(name);
      row.push(us(t?.medianUs), us(t?.p99Us));
      if (name !== baseline) row.push(t && base ? `${(t.medianUs / base.medianUs).toFixed(2)}×` : '-');
    }
    return row;
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

function writeResults(
  opts: Options,
  data: Dataset,
  engineNames: readonly string[],
  loadMs: Record<string, number>,
  queries: readonly BenchQuery[],
  expected: ReadonlyMap<BenchQuery, EngineResult>,
  timings: ReadonlyMap<BenchQuery, ReadonlyMap<string, Timing>>,
  figures: Record<string, Record<string, number>>,
  plans: ReadonlyMap<string, ReadonlyMap<string, string>>,
): string {
  const dir = join(repoRoot(), 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `filters-${opts.label}.json`);
  const report = {
    bench: 'filters',
    date: new Date().toISOString(),
    environment: { node: process.version, platform: `${process.platform}-${process.arch}`, cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, loadAverage: loadavg() },
    dataset: { restaurants: data.size, chefs: data.chefs.length, categories: data.categories.length, seed: data.seed },
    engines: engineNames,
    samplingBudgetMs: opts.timeMs,
    loadMs,
    figures,
    plans: Object.fromEntries([...plans].map(([engine, perQuery]) => [engine, Object.fromEntries(perQuery)])),
    queries: queries.map((q) => ({
      name: q.name,
      summary: q.summary,
      rest: q.rest,
      total: expected.get(q)?.total,
      timings: Object.fromEntries(timings.get(q) ?? []),
    })),
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

function parseArgs(args: readonly string[]): Options {
  const { positional: sizeArg, flags } = readArgs(args, '100k');
  const size = parseSize(sizeArg);
  return {
    size,
    label: sizeArg.toLowerCase(),
    seed: Number(flags.get('seed') ?? DEFAULT_SEED),
    timeMs: Number(flags.get('time') ?? 1000),
    only: flags.get('only')?.split(','),
    engines: (flags.get('engines') ?? Object.keys(ENGINES).join(',')).split(','),
  };
}

const fmt = (n: number): string => n.toLocaleString('en-US');
const ms = (since: number): number => Math.round(performance.now() - since);
const us = (v: number | undefined): string => (v === undefined ? '-' : v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : Math.round(v).toString());

await main();
