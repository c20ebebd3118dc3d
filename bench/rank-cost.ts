/**
 * What a row tested by rank costs (query/exec/cost.ts, `LIST_COSTS.ranked`): one conjunction,
 * `stars = 4 and open = true`, run three ways over the same data, median µs per list of 25:
 * both conditions read as index sets and intersected, the first read and the second tested on
 * each of its rows by rank, and the first alone (what the other two share). The difference per
 * candidate row of the second and third is the price of a rank test.
 *
 *   node dist/bench/rank-cost.js [N=20k] [--rounds=5]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateDataset } from '../fixtures/dataset/generate.js';
import { loadDataset } from '../fixtures/dataset/load.js';
import { createQuarry } from '../src/index.js';
import { buildFilterTree } from '../src/query/filters/index.js';
import type { CompareNode } from '../src/query/ir/index.js';
import { runPlannedList, type ListRequest } from '../src/query/list.js';
import type { ListPlan, Plan } from '../src/query/plan/plan.js';
import { numberFlag, parseSize, readArgs } from './args.js';

const R = 'api::restaurant.restaurant';
const RUNS = 2_000;

const { positional, flags } = readArgs(process.argv.slice(2), '20k');
const size = parseSize(positional);
const rounds = numberFlag(flags, 'rounds', 5, 1);
const path = mkdtempSync(join(tmpdir(), 'quarry-rank-cost-'));
const quarry = createQuarry({ schemas: join(import.meta.dirname, '..', '..', 'data', 'schemas'), path, noSync: true, i18n: { defaultLocale: 'en', locales: ['en', 'fr'] } });
try {
  await loadDataset(quarry, generateDataset(size));
  const filter = buildFilterTree(quarry.registry, R, { stars: { $eq: 4 }, open: { $eq: true } });
  if (filter.kind !== 'and') throw new Error('expected a conjunction');
  const [stars, open] = filter.children as [CompareNode, CompareNode];
  const index = (node: CompareNode): Plan => ({ op: 'index', field: node.field.name, bound: { kind: 'eq', value: (node as { value: unknown }).value }, recheck: node });
  const plans: Record<string, ListPlan> = {
    'two sets': { where: { op: 'and', inputs: [index(stars), index(open)] }, order: 'sort' },
    'rank test': { where: { op: 'filter', input: index(stars), predicate: open }, order: 'sort' },
    'first alone': { where: index(stars), order: 'sort' },
  };
  const req: ListRequest = { type: R, scopes: [{ status: 'published', locale: null }], filter, sort: [], start: 0, limit: 25 };
  const times: Record<string, number[]> = {};
  let candidates = 0;
  for (let round = 0; round < rounds; round++) {
    for (const [name, plan] of Object.entries(plans)) {
      for (let i = 0; i < 200; i++) runPlannedList(quarry.registry, quarry.store, req, plan);
      const start = process.hrtime.bigint();
      for (let i = 0; i < RUNS; i++) {
        const total = runPlannedList(quarry.registry, quarry.store, req, plan).total;
        if (name === 'first alone') candidates = total;
      }
      (times[name] ??= []).push(Number(process.hrtime.bigint() - start) / RUNS / 1000);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const [name, xs] of Object.entries(times)) console.log(`${name.padEnd(12)} ${median(xs).toFixed(2)} µs`);
  const perRow = ((median(times['rank test']!) - median(times['first alone']!)) * 1000) / candidates;
  console.log(`${candidates} candidate rows: a rank test costs ${perRow.toFixed(1)} ns a row`);
} finally {
  await quarry.close();
  rmSync(path, { recursive: true, force: true });
}
