import { DataCache, REDECIDE_AFTER_WRITES } from '../../cache/index.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import type { Row, RowScope } from '../../store/layout.js';
import { fieldReader, valuesAtPath } from '../../store/field-paths.js';
import type { IndexBound } from '../../store/index-bounds.js';
import type { Store } from '../../store/store.js';
import type { CompiledPopulateTree } from '../compile/compiled.js';
import type { CompareNode, FilterNode } from '../ir/index.js';
import type { ListRequest } from '../list.js';
import type { SortSpec } from '../params/types.js';
import type { Plan } from '../plan/plan.js';
import { matcherFor } from '../values/index.js';
import { mergeSteps } from './disjoint.js';
import { coversScopes } from './execute.js';
import type { IndexReads } from './index-reads.js';
import { rankOrder, sortKeys, walksIndex } from './order.js';
import { predicateShape } from './predicate-shape.js';
import { decidedByRank } from './rank-test.js';

/*
 * The cost model of the executor's steps, beside them: what each operator of a plan touches
 * (query/exec/execute.ts, order.ts, row-eval.ts, rank-test.ts, disjoint.ts), counted as `Work`
 * and priced by `LIST_COSTS`, with the operators' own thresholds (INDEX_ORDER_MIN through
 * `walksIndex`, `mergeSteps`, `decidedByRank`). The planner chooses by it (a condition checked
 * row by row, or read as a set), and the pool's inline-or-worker choice prices whole reads by it
 * (query/estimate.ts).
 */

/** Counts of the steps a list read takes; `LIST_COSTS` prices each. */
export interface Work {
  /** Rows read and tested (filter steps, rechecks, sort keys, populated rows). */
  rows: number;
  /** Ids moved through set algebra (postings read, unions, intersections). */
  ids: number;
  /** Id sets read by key (kept decoded in the store's cache): an index value's set, a row's link set. */
  lists: number;
  /** Index values walked in value order (a range, a sort through an index), one set each. */
  values: number;
  /** Ordered link lists read as LMDB ranges (not cached): a populate's links, a sort key through a relation. */
  ranges: number;
  /** Entries of the answer built (page entries and everything populated into them). */
  entries: number;
  /** Comparisons while sorting. */
  compares: number;
  /** Rows tested by their values' ranks in an index (rank-test.ts), without reading the row. */
  ranked: number;
}

/**
 * Microseconds per step on a warm store (rows and id sets cached decoded), rounded from weighted
 * least-squares fits to inline times of the filter benchmark's queries plus sorts through
 * relations, index walks and populates at 10k and 100k rows (`node dist/bench/pool.bench.js 10k
 * --fit`; 2 shared vCPUs, Node 20; the fits move with load, these sit inside their spread). So an
 * estimate reads as "about this many µs inline";
 * for the pool only the ratios between steps and the threshold in the same units matter.
 */
export const LIST_COSTS: Readonly<Work> = Object.freeze({
  rows: 0.2,
  ids: 0.005,
  lists: 0.15,
  values: 1,
  ranges: 4,
  entries: 2,
  compares: 0.15,
  // Not from the fits: a filter step deciding two comparisons by rank, timed per candidate row
  // against the same conjunction read as two sets (bench/rank-cost.ts).
  ranked: 0.0125,
});

/** Nothing done yet: a walk's starting count. */
export const NO_WORK: Readonly<Work> = Object.freeze({ rows: 0, ids: 0, lists: 0, values: 0, ranges: 0, entries: 0, compares: 0, ranked: 0 });

/** `work` priced, by default with `LIST_COSTS`. */
export function priced(work: Readonly<Work>, costs: Readonly<Work> = LIST_COSTS): number {
  return work.rows * costs.rows + work.ids * costs.ids + work.lists * costs.lists + work.values * costs.values
    + work.ranges * costs.ranges + work.entries * costs.entries + work.compares * costs.compares + work.ranked * costs.ranked;
}

/** Rows read, spread evenly over a type, to estimate large index ranges and distinct values. */
const SAMPLE_ROWS = 128;
/** Values of a bound the planner reads before it extrapolates (IndexReads' budget). */
const PLANNER_READS = 64;
/** Rows sampled for a list's links per row. */
const LINK_SAMPLE = 8;
/** Links per row assumed when a type has no rows to sample. */
const LINKS_UNKNOWN = 5;
/** A text search (`$containsi` ...) on a row costs this many extra row reads (folding, scanning). */
const TEXT_SEARCH_ROWS = 4;
/**
 * Set algebra on a dense set is word passes over its bitmap (query/exec/bitmap.ts): 32 ids a
 * word, a word step costing about this many id steps. So a broad set costs its universe's
 * words, not its ids.
 */
const WORD_IN_IDS = 2;

export interface Scope {
  readonly type: string;
  readonly scopes: readonly RowScope[];
}

/**
 * Samples, distinct-value ratios and links per row change slowly with the data: kept per store
 * (the weak map lives as long as the store) through REDECIDE_AFTER_WRITES writes, so that
 * estimating a list does not take a fresh sample each time. Keys are types, scopes, fields
 * and lists, which requests name: bounded all the same.
 */
const SAMPLES_KEPT = 1_000;
const remembered = new WeakMap<Store, { samples: DataCache<string, Row[]>; distincts: DataCache<string, number>; links: DataCache<string, number> }>();

function memoOf(store: Store) {
  let memo = remembered.get(store);
  if (!memo) {
    const cache = <V>() => new DataCache<string, V>(SAMPLES_KEPT, () => store.writeGeneration, REDECIDE_AFTER_WRITES);
    memo = { samples: cache(), distincts: cache(), links: cache() };
    remembered.set(store, memo);
  }
  return memo;
}

export class CostWalker {
  private readonly universes = new Map<string, number>();
  private readonly memo: ReturnType<typeof memoOf>;

  constructor(
    private readonly registry: SchemaRegistry,
    private readonly store: Store,
    private readonly reads: IndexReads,
    private work: Work,
  ) {
    this.memo = memoOf(store);
  }

  universe(type: string, scopes: readonly RowScope[]): number {
    const key = scopeKey(type, scopes);
    let n = this.universes.get(key);
    if (n === undefined) {
      n = scopes.reduce((sum, s) => sum + this.store.rows.count(type, s), 0);
      this.universes.set(key, n);
    }
    return n;
  }

  /**
   * Adds a plan step's work; returns the ids it yields. `pageEnd`: the step is the list's root,
   * only counted and paged by rank up to there.
   */
  walk(plan: Plan, s: Scope, pageEnd?: number): number {
    const w = this.work;
    switch (plan.op) {
      case 'all': {
        const n = this.universe(s.type, s.scopes);
        w.ids += this.setWork(n, s);
        return n;
      }
      case 'none':
        return 0;
      case 'ids':
      case 'idRange': {
        // A list of ids, or a slice of the rows in scope found by two binary searches.
        const n = plan.op === 'ids' ? plan.ids.length : Math.min(this.universe(s.type, s.scopes), Math.max(0, plan.high - plan.low + 1));
        w.lists += n;
        return n;
      }
      case 'index': {
        // Small bounds the planner read whole (and the executor reuses); large ones it extrapolated.
        let n = this.indexMatches(plan, s);
        const { recheck } = plan;
        if (recheck?.kind === 'compare' && plan.bound.kind !== 'eq' && plan.bound.kind !== 'null' && this.extrapolated(s, plan.field, plan.bound)) {
          const match = matcherFor(recheck);
          const read = fieldReader(recheck.field.name);
          n = this.fraction(s, (row) => match(read(row) ?? null) === true) * this.universe(s.type, s.scopes);
        }
        // Equality is one set read by key; a range walks one set per distinct value in it, unless
        // an earlier query's union of it is kept with the field index.
        if (plan.bound.kind === 'eq' || plan.bound.kind === 'null') w.lists += s.scopes.length;
        else if (s.scopes.every((scope) => this.reads.isUnited(s.type, plan.field, scope, plan.bound))) w.lists += s.scopes.length;
        else w.values += this.valuesIn(s, plan.field, n);
        w.ids += this.setWork(n, s);
        return n;
      }
      case 'grams': {
        // The planner's guess (a tenth of the rows) for the candidates, each verified by reading it.
        const n = this.universe(s.type, s.scopes) / 10;
        w.lists += plan.grams.length * s.scopes.length;
        w.ids += n * plan.grams.length;
        w.rows += n * (1 + TEXT_SEARCH_ROWS);
        return n;
      }
      case 'values': {
        // Every value of the index tested, then the passing sets united (the planner's guess: a tenth of the rows).
        const n = this.universe(s.type, s.scopes) / 10;
        w.values += this.valuesIn(s, plan.field, this.universe(s.type, s.scopes));
        w.ids += this.setWork(n, s);
        return n;
      }
      case 'filter': {
        const input = this.walk(plan.input, s);
        this.rowTests(plan.predicate, s, input);
        return input / 2;
      }
      case 'and': {
        const parts = plan.inputs.map((p) => this.walk(p, s));
        w.ids += sum(parts.map((n) => this.setWork(n, s)));
        return Math.min(...parts);
      }
      case 'or': {
        const parts = plan.inputs.map((p) => this.walk(p, s));
        w.ids += sum(parts.map((n) => this.setWork(n, s)));
        return Math.min(this.universe(s.type, s.scopes), sum(parts));
      }
      case 'minus': {
        const from = this.walk(plan.from, s);
        const remove = this.walk(plan.remove, s);
        w.ids += this.setWork(from, s) + this.setWork(remove, s);
        return Math.max(0, from - remove);
      }
      case 'semiJoin': {
        const inner = this.walk(plan.inner, { type: plan.target, scopes: this.store.rows.scopes(plan.target) });
        const fanout = this.linksPerRow(plan.target, plan.partnerList);
        const n = Math.min(this.universe(s.type, s.scopes), inner * fanout);
        // A to-one partner list is one id per source, read from an array kept in memory
        // (Postings.collect), not a set lookup each.
        if (plan.partnerToOne) w.ids += inner;
        else w.lists += inner;
        // Counted and paged as it is, a disjoint union is merged up to the page, unless building
        // it is cheaper (DisjointUnion.merges).
        const merged = plan.disjoint && !plan.partnerToOne && pageEnd !== undefined && coversScopes(this.store, s.type, s.scopes);
        w.ids += merged ? Math.min(n, mergeSteps(inner, Math.min(pageEnd, n))) : inner * fanout;
        return n;
      }
      case 'linked': {
        const n = this.universe(s.type, s.scopes);
        w.ids += this.setWork(n, s);
        return n / 2;
      }
    }
  }

  /**
   * Testing `predicate` on `rows` rows one by one (a `filter` step). A comparison on an indexed
   * field of a one-scope read is decided by its value's rank in the index; any other reads the
   * row. A relation in the predicate reads the row's links and the linked rows; a text search
   * folds and scans the whole value.
   */
  private rowTests(predicate: FilterNode, s: Scope, rows: number): void {
    const w = this.work;
    const byRank = (c: CompareNode) => s.scopes.length === 1 && decidedByRank(this.store, s.type, c);
    const { relations, searches, rowTests, rankTests } = predicateShape(predicate, byRank);
    w.rows += rows * ((rowTests > 0 ? 1 : 0) + relations + searches * TEXT_SEARCH_ROWS);
    w.ranked += rows * rankTests;
    w.ranges += rows * relations;
  }

  /**
   * Whether a condition of a conjunction costs less tested on each of the `rows` candidates the
   * rest of it leaves than read as a set (`plan`, `matches` ids) and intersected with them: the
   * planner's choice between a residual check and one more set.
   */
  cheaperRowByRow(predicate: FilterNode, plan: Plan, matches: number, s: Scope, rows: number): boolean {
    return this.priced((w) => w.rowTests(predicate, s, rows)) < this.priced((w) => {
      w.walk(plan, s);
      w.work.ids += w.setWork(matches, s);
    });
  }

  /** The price of the work `count` adds, counted apart from this walker's own. */
  private priced(count: (walker: CostWalker) => void): number {
    const saved = this.work;
    this.work = { ...NO_WORK };
    try {
      count(this);
      return priced(this.work);
    } finally {
      this.work = saved;
    }
  }

  /**
   * A range paged in index order (`sliceInIndexOrder`): its total from prefix sums, its sets read
   * in value order only up to `end` ids. Returns the matches.
   */
  indexPage(plan: Extract<Plan, { op: 'index' }>, s: Scope, end: number, sort: readonly SortSpec[]): number {
    const n = this.indexMatches(plan, s);
    const read = Math.min(n, end);
    const values = this.valuesIn(s, plan.field, n);
    this.work.values += Math.min(values, Math.max(1, read)) + 1;
    this.work.ids += read;
    this.ties(s, sortKeys(sort).slice(1), (n / Math.max(1, values)) * Math.min(values, Math.max(1, read)), end);
    return n;
  }

  /** Ordering the runs of equal first-key values an index walk reaches by the later keys, keeping the page's end. */
  private ties(s: Scope, rest: readonly SortSpec[], walked: number, end: number): void {
    if (rest.length === 0) return;
    this.work.compares += walked * Math.log2(Math.max(2, end)) * rest.length;
    // A later key on an indexed field compares index ranks; any other reads each row it orders.
    for (const key of rest) {
      const ranked = isId(key) || (key.path.length === 1 && s.scopes.length === 1 && this.store.rows.isIndexed(s.type, key.path[0]!));
      if (!ranked) this.readKey(key, walked);
    }
  }

  /** Reading one sort key of `n` rows: its row, and per relation hop an ordered link list and the next row. */
  private readKey(key: SortSpec, n: number): void {
    this.work.rows += n * key.path.length;
    this.work.ranges += n * (key.path.length - 1);
  }

  /** Ids an index bound selects over the scopes: exact for small bounds, extrapolated for large ones. */
  private indexMatches(plan: Extract<Plan, { op: 'index' }>, s: Scope): number {
    return s.scopes.reduce((sum, scope) => sum + this.reads.estimate(s.type, plan.field, scope, plan.bound), 0);
  }

  /** Ids a set operation touches: a dense set is priced by its bitmap's words. */
  private setWork(n: number, s: Scope): number {
    return Math.min(n, (this.universe(s.type, s.scopes) / 32) * WORD_IN_IDS);
  }

  /** Ordering the matches for the page, as `runList` / `orderPage` would. */
  order(req: ListRequest, matches: number, universe: number): void {
    if (rankOrder(req.sort)) return;
    const keys = sortKeys(req.sort);
    const [first, ...rest] = keys as [SortSpec, ...SortSpec[]];
    const end = req.limit === Infinity ? matches : Math.min(matches, req.start + req.limit);
    const s = { type: req.type, scopes: req.scopes };
    if (walksIndex(this.store, req.type, req.scopes, first, matches, req.strategy ?? 'auto')) {
      // Walks the first key's sets in its order until the page is full, testing each id for a match.
      const groups = this.valuesIn(s, first.path[0]!, universe);
      const read = Math.min(groups, groups * (end / Math.max(1, matches)) + 1);
      this.work.values += read + 1;
      this.work.ids += matches + (universe * read) / Math.max(1, groups);
      this.ties(s, rest, (matches * read) / Math.max(1, groups), end);
      return;
    }
    for (const key of keys) if (!isId(key)) this.readKey(key, matches);
    this.work.compares += matches * Math.log2(Math.max(2, end)) * keys.length;
  }

  /** Populating `parents` entries of `type`: link lists read, related rows read, entries built, recursively. */
  populate(type: string, tree: CompiledPopulateTree, parents: number): void {
    if (parents <= 0) return;
    for (const name in tree) {
      const node = tree[name]!;
      if (node.kind === 'component') {
        // Components come with their row: only what is populated inside them is read.
        this.work.entries += parents;
        for (const uid in node.parts) this.populate(uid, node.parts[uid]!.populate, parents);
        continue;
      }
      this.work.ranges += parents;
      const attr = this.registry.get(type)?.attributes.get(node.attribute);
      const linked = attr?.kind === 'relation' && attr.toMany ? this.linksPerRow(type, attr.listName) : 1;
      // Every linked row is read (status check, populate filters) even when a window or a count keeps fewer.
      this.work.rows += parents * linked * (node.filter === undefined ? 1 : 2);
      if (node.count) continue;
      const kept = Math.min(linked, node.window?.limit ?? Infinity);
      if (node.sort.length > 0) this.work.compares += parents * linked * Math.log2(Math.max(2, linked)) * node.sort.length;
      this.work.entries += parents * kept;
      this.populate(node.target, node.populate, parents * kept);
    }
  }

  /**
   * Whether the planner extrapolated a bound's size: it reads at most this many values, then
   * assumes the rest alike (a poor guess for ranges over many distinct values).
   */
  private extrapolated(s: Scope, field: string, bound: IndexBound): boolean {
    for (const scope of s.scopes) {
      let values = 0;
      for (const _ of this.store.rows.indexGroups(s.type, field, scope, bound)) if (++values >= PLANNER_READS) return true;
    }
    return false;
  }

  /** Average links per row of a list, from a few rows spread over the type. */
  private linksPerRow(type: string, list: string): number {
    let n = this.memo.links.get(list);
    if (n === undefined) this.memo.links.set(list, (n = this.sampleLinks(type, list)));
    return n;
  }

  private sampleLinks(type: string, list: string): number {
    const ids = this.store.rows.scopes(type).map((s) => this.store.rows.ids(type, s)).find((a) => a.length > 0);
    if (!ids) return LINKS_UNKNOWN;
    const step = Math.max(1, Math.floor(ids.length / LINK_SAMPLE));
    let links = 0;
    let n = 0;
    for (let i = 0; i < ids.length && n < LINK_SAMPLE; i += step, n++) links += this.store.links.count(list, ids[i]!);
    return links / n;
  }

  /** The share of a scope's rows that pass `test`, from an even sample. */
  private fraction(s: Scope, test: (row: Row) => boolean): number {
    const rows = this.sample(s);
    if (rows.length === 0) return 0;
    let hits = 0;
    for (const row of rows) if (test(row)) hits++;
    return hits / rows.length;
  }

  /**
   * Distinct values of `field` among `n` rows: from the sample, few distinct values are all of
   * them (stars, booleans); many mean about one per row (names, prices).
   */
  private valuesIn(s: Scope, field: string, n: number): number {
    const key = `${scopeKey(s.type, s.scopes)}|${field}`;
    let ratio = this.memo.distincts.get(key);
    if (ratio === undefined) {
      const rows = this.sample(s);
      const values = new Set<unknown>();
      let present = 0;
      const path = field.split('.');
      for (const v of rows.flatMap((row) => valuesAtPath(row, path))) {
        if (v === null) continue;
        present++;
        values.add(typeof v === 'string' ? v.toLowerCase() : v);
      }
      // Negative: a small closed set of this many values.
      ratio = present === 0 ? 0 : values.size <= present / 2 ? -values.size : values.size / present;
      this.memo.distincts.set(key, ratio);
    }
    return ratio < 0 ? Math.min(-ratio, n) : Math.max(1, n * ratio);
  }

  private sample(s: Scope): Row[] {
    const key = scopeKey(s.type, s.scopes);
    let rows = this.memo.samples.get(key);
    if (!rows) {
      rows = [];
      const total = this.universe(s.type, s.scopes);
      for (const scope of s.scopes) {
        const ids = this.store.rows.ids(s.type, scope);
        const want = total === 0 ? 0 : Math.ceil((SAMPLE_ROWS * ids.length) / total);
        const step = Math.max(1, Math.floor(ids.length / Math.max(1, want)));
        for (let i = 0; i < ids.length && rows.length < SAMPLE_ROWS * 2; i += step) {
          const row = this.store.rows.get(s.type, ids[i]!);
          if (row) rows.push(row);
        }
      }
      this.memo.samples.set(key, rows);
    }
    return rows;
  }
}

const isId = (key: SortSpec) => key.path.length === 1 && key.path[0] === 'id';
const scopeKey = (type: string, scopes: readonly RowScope[]) => `${type}|${scopes.map((s) => `${s.status}${s.locale ?? ''}`).join(',')}`;

const sum = (parts: readonly number[]) => parts.reduce((n, p) => n + p, 0);
