import type { SchemaRegistry } from '../../schema/registry.js';
import type { RowScope } from '../../store/layout.js';
import type { Store } from '../../store/store.js';
import type { SortSpec } from '../params/types.js';
import type { AccessStrategy } from '../plan/plan.js';
import { membership, sizeOf, slice, toArray, type IdSet } from './idset.js';
import type { RowEvaluator } from './row-eval.js';
import { pageOfRuns, type Run } from './runs.js';
import { idOrder, type SortSource } from './sort-keys.js';
import { firstInOrder } from './top-k.js';
import type { IndexGroup } from '../../store/rows.js';

/** Above this many matches, a sort whose first key is indexed walks that index instead of reading every row. */
export const INDEX_ORDER_MIN = 2_000;

/** The keys that order anything: one query reads one status, so Strapi's virtual `status` key orders nothing. */
export const sortKeys = (sort: readonly SortSpec[]): readonly SortSpec[] =>
  sort.some(isStatus) ? sort.filter((s) => !isStatus(s)) : sort;

/**
 * The ids of one page of a result in the requested order: by its keys, NULL first ascending and
 * last descending (as Strapi on SQLite), ties and no order at all by ascending id. A first key
 * with an index is walked in its order, and only the runs of equal values the page reaches are
 * ordered by the later keys; otherwise the keys are read for every match and a heap keeps the
 * page's end. `strategy` 'index' walks an index whatever the size (the differential tests).
 */
export function orderPage(
  registry: SchemaRegistry, store: Store, rows: RowEvaluator,
  type: string, scopes: readonly RowScope[], ids: IdSet, sort: readonly SortSpec[], start: number, limit: number,
  strategy: AccessStrategy = 'auto',
): number[] {
  const size = sizeOf(ids);
  const end = limit === Infinity ? size : Math.min(size, start + limit);
  if (start >= end) return [];
  const byRank = rankOrder(sort);
  if (byRank) return slice(ids, start, end, byRank === 'desc');
  const keys = sortKeys(sort);
  const source: SortSource = { registry, store, rows, type, scopes };
  if (walksIndex(store, type, scopes, keys[0]!, size, strategy)) return byIndex(source, ids, keys, start, end);
  return firstInOrder(toArray(ids), end, idOrder(source, keys)).slice(start);
}

/** The direction when a page is cut by rank from the ascending ids (no sort, or by id first); else undefined. */
export function rankOrder(sort: readonly SortSpec[]): 'asc' | 'desc' | undefined {
  const [first] = sortKeys(sort);
  if (first === undefined) return 'asc';
  // Ids are unique: keys after an id key never decide anything.
  return first.path.length === 1 && first.path[0] === 'id' ? first.direction : undefined;
}

/** Whether a sort's first key is read in index order rather than from every row. */
export function walksIndex(store: Store, type: string, scopes: readonly RowScope[], first: SortSpec, matches: number, strategy: AccessStrategy): boolean {
  if (first.path.length !== 1 || scopes.length !== 1 || !store.rows.isIndexed(type, first.path[0]!)) return false;
  return strategy === 'index' || (strategy === 'auto' && matches >= INDEX_ORDER_MIN);
}

/**
 * Walks the first key's index in its direction (NULLs first ascending, last descending), keeping
 * the matches of each value: every row is a match when the set holds the whole scope.
 */
function byIndex(source: SortSource, ids: IdSet, keys: readonly SortSpec[], start: number, end: number): number[] {
  const { store, type } = source;
  const [first, ...rest] = keys as [SortSpec, ...SortSpec[]];
  const scope = source.scopes[0]!;
  const field = first.path[0]!;
  const member = sizeOf(ids) === store.rows.count(type, scope) ? undefined : membership(ids);
  const descending = first.direction === 'desc';
  function* runs(): IterableIterator<Run> {
    const nulls = store.rows.indexGroups(type, field, scope, { kind: 'null' });
    if (!descending) yield* matching(nulls, member);
    yield* matching(store.rows.indexGroups(type, field, scope, { kind: 'range' }, descending), member);
    if (descending) yield* matching(nulls, member);
  }
  return pageOfRuns(runs(), start, end, rest.length > 0 ? idOrder(source, rest) : undefined, idOrder(source, keys));
}

function* matching(groups: Iterable<IndexGroup>, member: { has(id: number): boolean } | undefined): IterableIterator<Run> {
  for (const g of groups) {
    if (member === undefined) {
      yield g;
      continue;
    }
    const hit: number[] = [];
    for (let i = 0; i < g.ids.length; i++) if (member.has(g.ids[i]!)) hit.push(g.ids[i]!);
    if (hit.length > 0) yield { ids: hit, inexact: g.inexact };
  }
}

const isStatus = (s: SortSpec) => s.path.length === 1 && s.path[0] === 'status';
