import { readDataPayload } from '../../src/http/core/body.js';
import { buildFilterTree } from '../../src/query/filters/index.js';
import { readQueryString } from '../../src/query/querystring/index.js';
import { deepFilter, deepJsonBody, deepPosition, deepQueryKey, wideConnect, wideFilter, wideIn, wideQuery } from '../../fixtures/fuzz/shapes.js';
import { NOTE, type FuzzWorld } from '../../fixtures/fuzz/world.js';

/** One hostile shape: `prepare` builds its input at a size (not timed) and answers the refusal to time. */
interface Shape {
  readonly name: string;
  /** The smaller size; the check also runs `GROWTH` times it. */
  readonly size: number;
  prepare(world: FuzzWorld, n: number): () => Promise<void>;
}

export interface GrowthResult {
  readonly name: string;
  readonly sizes: readonly [number, number];
  readonly micros: readonly [number, number];
  /** Time ratio over size ratio: about 1 or below when the refusal is linear (below: it stops at the limit). */
  readonly perUnit: number;
  readonly linear: boolean;
}

const GROWTH = 8;
/** Timing noise on a shared machine: a per-unit cost up to this many times higher still counts as linear. */
const SLACK = 3;
const REPS = 7;

async function expectRefusal(fn: () => unknown): Promise<void> {
  try {
    await fn();
  } catch {
    return;
  }
  throw new Error('expected a refusal');
}

const RESTAURANT = 'api::restaurant.restaurant';

const SHAPES: readonly Shape[] = [
  { name: 'query string, deep key', size: 2_000, prepare: (_, n) => readsOf(deepQueryKey(n)) },
  // qs reads an `$or` of more than 100 items as an object with index keys; the filter refuses it.
  { name: 'query string, wide list', size: 2_000, prepare: (w, n) => readsAndBuildsOf(w, wideQuery(n)) },
  { name: 'query string, long $in', size: 2_000, prepare: (_, n) => readsOf(wideIn(n)) },
  { name: 'filter object, deep', size: 2_000, prepare: (w, n) => buildsOf(w, deepFilter(n)) },
  { name: 'filter object, wide $or', size: 2_000, prepare: (w, n) => buildsOf(w, wideFilter(n)) },
  {
    name: 'JSON body, deep json field', size: 20_000,
    prepare: (w, n) => {
      const body = Buffer.from(deepJsonBody(n));
      return () => expectRefusal(() => w.quarry.documents(NOTE).create({ data: readDataPayload(body, 'application/json') }));
    },
  },
  { name: 'relation connect, wide', size: 1_000, prepare: (w, n) => createsOf(w, wideConnect(n)) },
  { name: 'relation position, deep', size: 1_000, prepare: (w, n) => createsOf(w, deepPosition(n)) },
];

const readsOf = (query: string) => () => expectRefusal(() => readQueryString(query));
const readsAndBuildsOf = (w: FuzzWorld, query: string) => () =>
  expectRefusal(() => buildFilterTree(w.quarry.registry, RESTAURANT, readQueryString(query).filters));
const buildsOf = (w: FuzzWorld, filters: unknown) => () => expectRefusal(() => buildFilterTree(w.quarry.registry, RESTAURANT, filters));
const createsOf = (w: FuzzWorld, data: unknown) => () => expectRefusal(() => w.quarry.documents(RESTAURANT).create({ data }));

/** Times each shape's refusal at n and 8n (median of several runs): refusals must not grow faster than their input. */
export async function checkGrowth(world: FuzzWorld): Promise<GrowthResult[]> {
  const out: GrowthResult[] = [];
  for (const s of SHAPES) {
    const small = await medianMicros(s.prepare(world, s.size));
    const large = await medianMicros(s.prepare(world, s.size * GROWTH));
    const perUnit = large / Math.max(small, 1) / GROWTH;
    out.push({ name: s.name, sizes: [s.size, s.size * GROWTH], micros: [small, large], perUnit, linear: perUnit <= SLACK });
  }
  return out;
}

async function medianMicros(fn: () => unknown): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < REPS; i++) {
    const start = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - start) / 1_000);
  }
  return times.sort((a, b) => a - b)[REPS >> 1]!;
}
