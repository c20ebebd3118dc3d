/**
 * Filters and sorts on component fields against their flat twins: each shop holds the same
 * values in a single component (`seo.metaTitle`, `seo.priority`), in a one-item repeatable
 * component (`perks.text`, `perks.rank`) and in fields of its own (`title`, `priority`, `perk`,
 * `perkRank`), so each component query selects exactly what its twin selects. Both answers are
 * checked to agree (page and total) before anything is timed. Each query reads page 1 of 25 and
 * its total through `quarry.reads.findPageSync`, as the filter benchmark does.
 *
 *   node dist/bench/components.bench.js [N=100k] [--seed=S] [--time=MS] [--only=q1,q2]
 *
 * Results go to bench/results/components-<N>.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPONENT_PROJECT, SHOP } from '../fixtures/models/shops.js';
import { CUISINES, NAME_ADJECTIVES, NAME_NOUNS } from '../fixtures/dataset/vocabulary.js';
import { entitySeed, Rng } from '../fixtures/prng.js';
import { repoRoot } from '../fixtures/repo-root.js';
import { createQuarry, type Quarry } from '../src/index.js';
import { compactStore } from '../src/store/compact.js';
import { printListPlan } from '../src/query/plan/print.js';
import { parseSize, readArgs } from './args.js';
import { printRows } from './table.js';
import { measure, type Timing } from './timing.js';

const DEFAULT_SEED = 20_261_125;
const SHOP_STREAM = 7;
const NO_SEO_RATE = 0.05;
const NULL_PRIORITY_RATE = 0.1;
const BATCH = 2_000;
const PAGE = { page: 1, pageSize: 25 } as const;

interface ListQuery {
  readonly filters?: Record<string, unknown>;
  readonly sort?: readonly string[];
}

/** A component query and its flat twin. */
interface Pair {
  readonly name: string;
  readonly component: ListQuery;
  readonly flat: ListQuery;
}

/** Shop `i`: the same values in its components and in its flat twins. */
function shop(seed: number, i: number): Record<string, unknown> {
  const rng = new Rng(entitySeed(seed, SHOP_STREAM, i));
  const hasSeo = !rng.chance(NO_SEO_RATE);
  const title = hasSeo ? `${rng.pick(NAME_ADJECTIVES)} ${rng.pick(NAME_NOUNS)}` : null;
  const priority = hasSeo && !rng.chance(NULL_PRIORITY_RATE) ? rng.int(10) : null;
  const perk = rng.pick(CUISINES);
  const perkRank = rng.int(5);
  return {
    name: `Shop ${i + 1}`,
    title, priority, perk, perkRank,
    seo: hasSeo ? { metaTitle: title, priority, metaDescription: `About shop ${i + 1}` } : null,
    perks: [{ text: perk, rank: perkRank }],
  };
}

/** The queries, with parameters read off shop 0 so that every one has an answer. */
function pairs(seed: number): Pair[] {
  const first = shop(seed, 0) as { title: string | null; perk: string };
  const title = first.title ?? 'Golden Café';
  return [
    { name: 'single-eq', component: { filters: { seo: { metaTitle: { $eq: title } } } }, flat: { filters: { title: { $eq: title } } } },
    { name: 'single-containsi', component: { filters: { seo: { metaTitle: { $containsi: 'crêperie' } } } }, flat: { filters: { title: { $containsi: 'crêperie' } } } },
    {
      name: 'single-range-sorted',
      component: { filters: { seo: { priority: { $between: [3, 4] } } }, sort: ['seo.priority:asc'] },
      flat: { filters: { priority: { $between: [3, 4] } }, sort: ['priority:asc'] },
    },
    { name: 'single-null', component: { filters: { seo: { metaTitle: { $null: true } } } }, flat: { filters: { title: { $null: true } } } },
    { name: 'single-sort', component: { sort: ['seo.metaTitle:desc'] }, flat: { sort: ['title:desc'] } },
    { name: 'items-eq', component: { filters: { perks: { text: { $eq: first.perk } } } }, flat: { filters: { perk: { $eq: first.perk } } } },
    { name: 'items-containsi', component: { filters: { perks: { text: { $containsi: 'thai' } } } }, flat: { filters: { perk: { $containsi: 'thai' } } } },
    {
      name: 'items-same-item',
      component: { filters: { perks: { text: first.perk, rank: { $gte: 3 } } } },
      flat: { filters: { perk: first.perk, perkRank: { $gte: 3 } } },
    },
    { name: 'items-sort', component: { sort: ['perks.rank:desc'] }, flat: { sort: ['perkRank:desc'] } },
  ];
}

async function load(path: string, size: number, seed: number): Promise<Quarry> {
  const open = () => createQuarry({ schemas: COMPONENT_PROJECT, path, noSync: true });
  const q = open();
  try {
    for (let from = 0; from < size; from += BATCH) {
      const to = Math.min(size, from + BATCH);
      const pending: Promise<unknown>[] = [];
      q.store.transact(() => {
        for (let i = from; i < to; i++) pending.push(q.documents(SHOP).create({ data: shop(seed, i) }));
      });
      await Promise.all(pending);
    }
  } finally {
    await q.close();
  }
  // As `quarry import` does: a bulk load's free pages would slow every later commit.
  await compactStore(path);
  return open();
}

function run(q: Quarry, query: ListQuery): { total: number; ids: number[] } {
  const { results, pagination } = q.reads.findPageSync(SHOP, { ...query, sort: [...(query.sort ?? [])], pagination: PAGE });
  return { total: (pagination as { total: number }).total, ids: results.map((e) => e.id as number) };
}

async function main(): Promise<void> {
  const { positional, flags } = readArgs(process.argv.slice(2), '100k');
  const size = parseSize(positional);
  const seed = Number(flags.get('seed') ?? DEFAULT_SEED);
  const timeMs = Number(flags.get('time') ?? 1000);
  const only = flags.get('only')?.split(',');
  const queries = pairs(seed).filter((p) => only === undefined || only.includes(p.name));
  const path = mkdtempSync(join(tmpdir(), 'quarry-components-bench-'));
  const t0 = performance.now();
  const q = await load(path, size, seed);
  const loadMs = Math.round(performance.now() - t0);
  console.log(`components bench: ${size.toLocaleString('en-US')} shops, seed ${seed}, loaded in ${loadMs} ms`);
  try {
    const wrong = queries.filter((p) => JSON.stringify(run(q, p.component)) !== JSON.stringify(run(q, p.flat)));
    if (wrong.length > 0) {
      for (const p of wrong) console.error(`${p.name}: ${JSON.stringify(run(q, p.component))} but its twin answers ${JSON.stringify(run(q, p.flat))}`);
      process.exitCode = 1;
      return;
    }
    console.log(`verified: ${queries.length} component queries answer what their flat twins answer\n`);
    const rows: { pair: Pair; total: number; component: Timing; flat: Timing; plans: [string, string] }[] = [];
    for (const pair of queries) {
      process.stderr.write(`measuring ${pair.name}…\n`);
      const component = measure(() => run(q, pair.component).total, timeMs);
      const flat = measure(() => run(q, pair.flat).total, timeMs);
      const plans: [string, string] = [plan(q, pair.component), plan(q, pair.flat)];
      rows.push({ pair, total: run(q, pair.component).total, component, flat, plans });
    }
    printRows(
      ['query', 'total', 'plan', 'component µs', 'flat µs', 'ratio'],
      rows.map((r) => [r.pair.name, r.total.toLocaleString('en-US'), r.plans[0], us(r.component.medianUs), us(r.flat.medianUs), (r.component.medianUs / r.flat.medianUs).toFixed(2)]),
    );
    const dir = join(repoRoot(), 'bench', 'results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `components-${positional.toLowerCase()}.json`);
    writeFileSync(file, `${JSON.stringify({
      bench: 'components',
      date: new Date().toISOString(),
      environment: { node: process.version, cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, loadAverage: loadavg() },
      shops: size, seed, loadMs, samplingBudgetMs: timeMs,
      queries: rows.map((r) => ({
        name: r.pair.name, total: r.total, component: r.pair.component, flat: r.pair.flat, plans: r.plans,
        timings: { component: r.component, flat: r.flat }, ratio: r.component.medianUs / r.flat.medianUs,
      })),
    }, null, 2)}\n`);
    console.log(`\nresults: ${file}`);
  } finally {
    await q.close();
    rmSync(path, { recursive: true, force: true });
  }
}

function plan(q: Quarry, query: ListQuery): string {
  return printListPlan(q.reads.estimate(q.reads.compileParams(SHOP, { ...query, sort: [...(query.sort ?? [])], pagination: PAGE }, 'page')).plan);
}

const us = (v: number): string => (v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : Math.round(v).toString());

await main();
