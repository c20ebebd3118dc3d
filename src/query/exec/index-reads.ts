import type { RowScope } from '../../store/layout.js';
import type { IndexBound } from '../../store/rows.js';
import type { Store } from '../../store/store.js';
import { sizeOf, union, type IdSet } from './idset.js';

/** An index bound's sets in one scope: ids decided by the index, and ids of prefix-indexed text to re-check. */
export interface IndexRead {
  readonly exact: IdSet;
  readonly inexact: IdSet;
}

/** Above this many distinct values an estimate stops reading and extrapolates. */
const ESTIMATE_BUDGET = 64;

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
    const known = this.done.get(key);
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
    this.done.set(key, { exact: union(exact), inexact: union(inexact) });
    return n;
  }

  read(type: string, field: string, scope: RowScope, bound: IndexBound): IndexRead {
    const key = keyOf(type, field, scope, bound);
    let r = this.done.get(key);
    if (!r) {
      const exact: IdSet[] = [];
      const inexact: IdSet[] = [];
      for (const g of this.store.rows.indexGroups(type, field, scope, bound)) (g.inexact ? inexact : exact).push(g.ids);
      r = { exact: union(exact), inexact: union(inexact) };
      this.done.set(key, r);
    }
    return r;
  }
}

function keyOf(type: string, field: string, scope: RowScope, bound: IndexBound): string {
  const head = `${type}\u0000${field}\u0000${scope.status}${scope.locale ?? ''}\u0000${bound.folded ? 'i' : ''}`;
  // Equality, the common case, without serialising the whole bound; the value's type keeps 1 and '1' apart.
  if (bound.kind === 'eq') return `${head}=${typeof bound.value}:${String(bound.value)}`;
  return head + JSON.stringify(bound);
}
