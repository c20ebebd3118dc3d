import { BoundedMap } from '../../cache/index.js';
import type { RowScope } from '../../store/layout.js';
import type { IndexBound } from '../../store/index-bounds.js';
import type { Store } from '../../store/store.js';
import { sizeOf, union, type IdSet } from './idset.js';

/** An index bound's sets in one scope: ids decided by the index, and ids of prefix-indexed text to re-check. */
export interface IndexRead {
  readonly exact: IdSet;
  readonly inexact: IdSet;
}

/** Above this many distinct values an estimate stops reading and extrapolates. */
const ESTIMATE_BUDGET = 64;

/** Bounds whose sets were united, per in-memory field index, at most this many (the oldest go). */
const KEPT_BOUNDS = 64;

/**
 * United sets of bounds over several index values (a range, a prefix), kept with the field index
 * they came from (`Rows.indexVersion`): a broad range like `stars >= 4` is one word pass over
 * its values' bitmaps, the same for every query until a write replaces that index. Equality
 * reads one set, which the store keeps itself. Keyed weakly by the index, they go with it: finer
 * than the write generation (src/cache), which writes to any other field move too.
 */
const united = new WeakMap<object, BoundedMap<string, IndexRead>>();

/**
 * Index reads of one query. The planner's estimates read small bounds completely; the executor
 * then takes those sets from here instead of reading the index a second time.
 */
export class IndexReads {
  private readonly done = new Map<string, IndexRead>();

  constructor(private readonly store: Store) {}

  /** The number of ids a bound selects: exact when the bound is small (and then kept), extrapolated otherwise. */
  estimate(type: string, field: string, scope: RowScope, bound: IndexBound): number {
    const key = keyOf(type, field, scope, bound);
    const known = this.done.get(key) ?? this.kept(type, field, scope, bound, key);
    if (known) return sizeOf(known.exact) + sizeOf(known.inexact);
    const exact: IdSet[] = [];
    const inexact: IdSet[] = [];
    let n = 0;
    let groups = 0;
    for (const g of this.store.rows.indexGroups(type, field, scope, bound)) {
      (g.inexact ? inexact : exact).push(g.ids);
      n += g.ids.length;
      // Past the budget the rest is not read: each further value is assumed as large as the average so far.
      if (++groups >= ESTIMATE_BUDGET) return n * 4;
    }
    this.keep(type, field, scope, bound, key, exact, inexact);
    return n;
  }

  read(type: string, field: string, scope: RowScope, bound: IndexBound): IndexRead {
    const key = keyOf(type, field, scope, bound);
    const known = this.done.get(key) ?? this.kept(type, field, scope, bound, key);
    if (known) return known;
    const exact: IdSet[] = [];
    const inexact: IdSet[] = [];
    for (const g of this.store.rows.indexGroups(type, field, scope, bound)) (g.inexact ? inexact : exact).push(g.ids);
    return this.keep(type, field, scope, bound, key, exact, inexact);
  }

  /** Whether a bound over several values is already united and kept: reading it walks no values. */
  isUnited(type: string, field: string, scope: RowScope, bound: IndexBound): boolean {
    return this.kept(type, field, scope, bound, keyOf(type, field, scope, bound)) !== undefined;
  }

  /** A bound united by an earlier query over the same field index, now this query's too. */
  private kept(type: string, field: string, scope: RowScope, bound: IndexBound, key: string): IndexRead | undefined {
    if (bound.kind === 'eq' || bound.kind === 'null') return undefined;
    const version = this.store.rows.indexVersion(type, field, scope, bound.folded === true);
    const r = version && united.get(version)?.get(key);
    if (r) this.done.set(key, r);
    return r;
  }

  private keep(type: string, field: string, scope: RowScope, bound: IndexBound, key: string, exact: IdSet[], inexact: IdSet[]): IndexRead {
    const r = { exact: union(exact), inexact: union(inexact) };
    this.done.set(key, r);
    if (exact.length + inexact.length < 2) return r;
    const version = this.store.rows.indexVersion(type, field, scope, bound.folded === true);
    if (!version) return r;
    let bounds = united.get(version);
    if (!bounds) united.set(version, (bounds = new BoundedMap(KEPT_BOUNDS)));
    bounds.set(key, r);
    return r;
  }
}

function keyOf(type: string, field: string, scope: RowScope, bound: IndexBound): string {
  const head = `${type}\u0000${field}\u0000${scope.status}${scope.locale ?? ''}\u0000${bound.folded ? 'i' : ''}`;
  // Equality, the common case, without serialising the whole bound; the value's type keeps 1 and '1' apart.
  if (bound.kind === 'eq') return `${head}=${typeof bound.value}:${String(bound.value)}`;
  return head + JSON.stringify(bound);
}
