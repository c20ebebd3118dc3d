/**
 * Positioned connect into one restaurant's list of N categories, N = 10 / 1,000 / 100,000.
 * Each op connects one random linked category `{ documentId, position: { before | after: <another
 * random linked category> } }`, i.e. moves it, so the list keeps its length.
 *
 * What is timed:
 *   update    documents(restaurant).update(): parse, resolve, place, row update, one commit per op
 *   relation  the relation layer alone (parseRelationValue + applyRelationOp), 100 ops per
 *             transaction: the per-op cost without the commit and the row update
 *   sync      as `update` with fsync at commit (N = 10 and 100,000)
 *
 * Two layouts: "own db", each list in a database of its own size (10 categories, 1,000, 100,000:
 * the list and the database grow together), and "shared db", the three lists in the one database
 * of 100,000 categories (only the list length differs).
 *
 * benny measures each case on its own, one after the other; the interleaved pass then takes the
 * sizes in turn in every round, so that load from other processes falls on all sizes alike, and
 * takes the median of the per-round 100k / 10 ratios: the steadier ratio on a shared machine.
 * noSync is on except for the sync cases. Results: bench/results/relations-connect.json.
 *
 *   npm run bench:relations      (node dist/bench/relations-connect.bench.js [--time=S] [--quick])
 *   --time: benny's time per case (default 3 s); --quick: interleaved pass only
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import benny from 'benny';
import { createQuarry, type Quarry } from '../src/index.js';
import type { DocumentEngine } from '../src/documents/engine.js';
import { applyRelationOp } from '../src/relations/apply.js';
import type { SourceRow } from '../src/relations/context.js';
import { parseRelationValue } from '../src/relations/payload.js';
import type { RelationAttribute } from '../src/schema/types.js';
import { Rng } from '../fixtures/prng.js';
import { median } from './timing.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SCHEMAS = join(ROOT, 'data', 'schemas');
const RESULTS = join(ROOT, 'bench', 'results', 'relations-connect.json');
const RESTAURANT = 'api::restaurant.restaurant';
const CATEGORY = 'api::category.category';
const BIG = 100_000;
const BATCH = 100;
const ROUNDS = 40;
const OPS_PER_ROUND = 100;
const maxTime = Number(process.argv.find((a) => a.startsWith('--time='))?.slice(7) ?? 3);
const quick = process.argv.includes('--quick');

/** The same sequence on every run for a seed (mulberry32, shared with the dataset generator). */
function prng(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
}

/** An LMDB folder with `size` categories; `q` is replaced when the folder is reopened with sync. */
interface Db {
  q: Quarry;
  readonly path: string;
  readonly categories: readonly string[];
}

interface Fixture {
  readonly n: number;
  readonly db: Db;
  readonly restaurant: string;
  readonly next: () => { categories: { connect: { documentId: string; position: Record<string, string> }[] } };
}

async function openDb(size: number): Promise<Db> {
  const path = mkdtempSync(join(tmpdir(), 'quarry-bench-rel-'));
  const q = createQuarry({ schemas: SCHEMAS, path, noSync: true });
  // Categories in batches of 10,000 per transaction (the service calls join it).
  const categories: string[] = [];
  for (let start = 0; start < size; start += 10_000) {
    const pending: Promise<Record<string, unknown>>[] = [];
    q.store.transact(() => {
      for (let i = start; i < Math.min(size, start + 10_000); i++) pending.push(q.documents(CATEGORY).create({ data: { name: `c${i}` } }));
    });
    for (const e of await Promise.all(pending)) categories.push(e.documentId as string);
  }
  return { q, path, categories };
}

/** A restaurant linked to the db's first n categories by one set; ops move random ones among them. */
async function listOf(db: Db, n: number, seed: number): Promise<Fixture> {
  const t0 = performance.now();
  const categories = db.categories.slice(0, n);
  const restaurant = (await db.q.documents(RESTAURANT).create({ data: { name: `R${n}`, categories } })).documentId as string;
  const random = prng(seed);
  const pick = () => categories[Math.floor(random() * n)]!;
  const next = () => {
    const documentId = pick();
    let anchor = pick();
    while (anchor === documentId) anchor = pick();
    return { categories: { connect: [{ documentId, position: { [random() < 0.5 ? 'before' : 'after']: anchor } }] } };
  };
  const f = { n, db, restaurant, next };
  await verify(f, categories, 300);
  console.log(`  list of ${n.toLocaleString('en')} in a db of ${db.categories.length.toLocaleString('en')} categories: built and checked in ${Math.round(performance.now() - t0)} ms`);
  return f;
}

/** Replays ops on the store and on a plain array: only lists that pass this are timed. */
async function verify(f: Fixture, initial: readonly string[], ops: number): Promise<void> {
  const mirror = [...initial];
  for (let i = 0; i < ops; i++) {
    const data = f.next();
    const item = data.categories.connect[0]!;
    mirror.splice(mirror.indexOf(item.documentId), 1);
    const [at, anchor] = Object.entries(item.position)[0]!;
    mirror.splice(mirror.indexOf(anchor) + (at === 'after' ? 1 : 0), 0, item.documentId);
    await f.db.q.documents(RESTAURANT).update({ documentId: f.restaurant, data });
  }
  const entry = await f.db.q.documents(RESTAURANT).findOne({ documentId: f.restaurant, fields: ['name'], populate: { categories: { fields: ['name'] } } });
  const got = (entry!.categories as { documentId: string }[]).map((c) => c.documentId);
  if (got.length !== mirror.length || got.some((d, i) => d !== mirror[i])) throw new Error(`N=${f.n}: the list after ${ops} connects is not the expected one`);
}

const update = (f: Fixture) => f.db.q.documents(RESTAURANT).update({ documentId: f.restaurant, data: f.next() });

/** BATCH ops through the relation layer in one transaction. */
function relationLayer(f: Fixture): () => void {
  const engine = (f.db.q as unknown as { engine: DocumentEngine }).engine;
  const ct = engine.registry.require(RESTAURANT);
  const attr = ct.attributes.get('categories') as RelationAttribute;
  const id = engine.store.rows.idOf(RESTAURANT, f.restaurant, 'published', null)!;
  const source: SourceRow = { type: ct, id, documentId: f.restaurant, status: 'published', locale: null };
  return () => {
    engine.store.transact(() => {
      for (let i = 0; i < BATCH; i++) applyRelationOp(engine, engine.writer, source, attr, parseRelationValue(attr, f.next().categories, 'data.categories')!);
    });
  };
}

interface Paired {
  readonly results: { n: number; updateUs: number; relationUs: number }[];
  readonly ratio100kTo10: { update: number; relation: number };
}

/** Sizes in turn within each round (rotating which goes first); medians over rounds. */
async function interleaved(fixtures: readonly Fixture[]): Promise<Paired> {
  const times = fixtures.map(() => ({ update: [] as number[], relation: [] as number[] }));
  const layers = fixtures.map(relationLayer);
  const ratios = { update: [] as number[], relation: [] as number[] };
  for (let r = 0; r < ROUNDS; r++) {
    for (let k = 0; k < fixtures.length; k++) {
      const i = (k + r) % fixtures.length;
      let t0 = performance.now();
      for (let j = 0; j < OPS_PER_ROUND; j++) await update(fixtures[i]!);
      times[i]!.update.push(((performance.now() - t0) * 1000) / OPS_PER_ROUND);
      t0 = performance.now();
      for (let j = 0; j < (2 * OPS_PER_ROUND) / BATCH; j++) layers[i]!();
      times[i]!.relation.push(((performance.now() - t0) * 1000) / (2 * OPS_PER_ROUND));
    }
    const last = fixtures.length - 1;
    ratios.update.push(times[last]!.update[r]! / times[0]!.update[r]!);
    ratios.relation.push(times[last]!.relation[r]! / times[0]!.relation[r]!);
  }
  return {
    results: fixtures.map((f, i) => ({ n: f.n, updateUs: round(median(times[i]!.update)), relationUs: round(median(times[i]!.relation)) })),
    ratio100kTo10: { update: round(median(ratios.update)), relation: round(median(ratios.relation)) },
  };
}

interface BennyRow {
  readonly case: string;
  readonly n: number;
  readonly medianUs: number;
  readonly meanUs: number;
  readonly marginPct: number;
  readonly samples: number;
}

async function bennySuite(name: string, cases: readonly { name: string; n: number; perCall: number; fn: () => unknown }[]): Promise<BennyRow[]> {
  const summary = await benny.suite(name, ...cases.map((c) => benny.add(c.name, c.fn, { maxTime, minSamples: 10 })), benny.cycle(), benny.complete());
  return summary.results.map((r) => {
    const c = cases.find((x) => x.name === r.name)!;
    return {
      case: c.name.split(' ')[0]!,
      n: c.n,
      medianUs: round((r.details.median * 1e6) / c.perCall),
      meanUs: round((r.details.mean * 1e6) / c.perCall),
      marginPct: round(r.details.relativeMarginOfError),
      samples: r.samples,
    };
  });
}

async function reopen(db: Db, sync: boolean): Promise<void> {
  await db.q.close();
  db.q = createQuarry({ schemas: SCHEMAS, path: db.path, noSync: !sync });
}

async function main(): Promise<void> {
  const startLoad = loadavg()[0]!;
  console.log(`relations-connect bench: positioned connect (a move) into a list of N; noSync: true unless marked sync; benny ${maxTime} s per case`);
  const small = await openDb(10);
  const medium = await openDb(1_000);
  const big = await openDb(BIG);
  const own = [await listOf(small, 10, 1), await listOf(medium, 1_000, 2), await listOf(big, BIG, 3)];
  const shared = [await listOf(big, 10, 4), await listOf(big, 1_000, 5), own[2]!];

  let bennyRows: BennyRow[] = [];
  if (!quick) {
    bennyRows = await bennySuite('relations-connect (own db, noSync)', own.flatMap((f) => [
      { name: `update N=${f.n}`, n: f.n, perCall: 1, fn: () => update(f) },
      { name: `relation x${BATCH}/txn N=${f.n}`, n: f.n, perCall: BATCH, fn: relationLayer(f) },
    ]));
  }
  console.log('\n  interleaved passes ...');
  const ownPaired = await interleaved(own);
  const sharedPaired = await interleaved(shared);

  let syncRows: BennyRow[] = [];
  if (!quick) {
    for (const db of [small, big]) await reopen(db, true);
    syncRows = await bennySuite('relations-connect (own db, sync)', [own[0]!, own[2]!].map((f) => ({ name: `sync N=${f.n}`, n: f.n, perCall: 1, fn: () => update(f) })));
  }

  const fmt = (x: number) => x.toFixed(1).padStart(9);
  const bennyAt = (rows: readonly BennyRow[], kind: string, n: number) => rows.find((r) => r.case === kind && r.n === n);
  const bennyRatio = (rows: readonly BennyRow[], kind: string) => {
    const a = bennyAt(rows, kind, BIG);
    const b = bennyAt(rows, kind, 10);
    return a && b ? round(a.medianUs / b.medianUs) : undefined;
  };
  console.log('\n  µs/op (median)            N=10     N=1,000   N=100,000   100k/10');
  for (const [label, p] of [['own db', ownPaired], ['shared db', sharedPaired]] as const) {
    for (const kind of ['update', 'relation'] as const) {
      const v = p.results.map((r) => (kind === 'update' ? r.updateUs : r.relationUs));
      console.log(`  ${`${kind}, ${label}`.padEnd(20)} ${v.map(fmt).join('   ')}   ${p.ratio100kTo10[kind].toFixed(2).padStart(7)}   interleaved`);
    }
  }
  for (const kind of ['update', 'relation'] as const) {
    if (bennyRows.length === 0) break;
    const v = [10, 1_000, BIG].map((n) => bennyAt(bennyRows, kind, n)!);
    console.log(`  ${`${kind}, own db`.padEnd(20)} ${v.map((r) => fmt(r.medianUs)).join('   ')}   ${String(bennyRatio(bennyRows, kind)).padStart(7)}   benny (±% ${v.map((r) => r.marginPct.toFixed(0)).join(' / ')})`);
  }
  if (syncRows.length > 0) {
    const [s10, s100k] = [bennyAt(syncRows, 'sync', 10)!, bennyAt(syncRows, 'sync', BIG)!];
    console.log(`  ${'update, sync on'.padEnd(20)} ${fmt(s10.medianUs)}   ${'-'.padStart(9)}   ${fmt(s100k.medianUs)}   ${String(bennyRatio(syncRows, 'sync')).padStart(7)}   benny`);
  }
  console.log('  target: update, 100k within 2x of 10');

  mkdirSync(dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify({
    bench: 'relations-connect',
    date: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform} ${process.arch}, ${cpus().length} cpus, load average ${startLoad.toFixed(2)} at start`,
    noSync: 'true, except the sync cases',
    op: 'connect one linked category with position before/after another random linked category (a move: the list keeps N)',
    cases: {
      update: 'documents(restaurant).update: one transaction and commit per op',
      relation: `parseRelationValue + applyRelationOp only, ${BATCH} ops per transaction; per-op figures`,
      sync: 'as update, with fsync at commit',
    },
    layouts: {
      ownDb: 'each list in a database of its own size (10 / 1,000 / 100,000 categories)',
      sharedDb: 'the three lists in one database of 100,000 categories',
    },
    interleaved: {
      method: `${ROUNDS} rounds; in each, every size in turn runs ${OPS_PER_ROUND} update ops then ${2 * OPS_PER_ROUND} relation-layer ops; medians of per-round µs/op; ratio = median of per-round 100k / 10 ratios`,
      ownDb: ownPaired,
      sharedDb: sharedPaired,
    },
    benny: quick ? 'skipped (--quick)' : { maxTimeSeconds: maxTime, ownDb: bennyRows, ratio100kTo10: { update: bennyRatio(bennyRows, 'update'), relation: bennyRatio(bennyRows, 'relation') }, sync: syncRows, syncRatio100kTo10: bennyRatio(syncRows, 'sync') },
  }, null, 2)}\n`);
  console.log(`  written: ${RESULTS}`);

  for (const db of [small, medium, big]) {
    await db.q.close();
    rmSync(db.path, { recursive: true, force: true });
  }
}

const round = (x: number) => Math.round(x * 100) / 100;

await main();
