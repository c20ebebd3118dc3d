import type { SchemaRegistry } from '../../schema/registry.js';
import type { RowScope } from '../../store/layout.js';
import { mayBeCut } from '../../store/index-keys.js';
import type { Store } from '../../store/store.js';
import type { SortSpec } from '../params/types.js';
import type { AccessStrategy } from '../plan/plan.js';
import { membership, sizeOf, slice, toArray, type IdSet } from './idset.js';
import type { RowEvaluator } from './row-eval.js';
import { RunPage, type RunOrder } from './runs.js';
import { idOrder, type SortSource } from './sort-keys.js';
import { firstInOrder } from './top-k.js';

/** Above this many matches, a sort whose first key is indexed walks that index instead of reading every row. */
export const INDEX_ORDER_MIN = 2_000;

type Member = { has(id: number): boolean };

/** The keys that order anything: one query reads one status, so Strapi's virtual `status` key orders nothing. */
export const sortKeys = (sort: readonly SortSpec[]): readonly SortSpec[] =>
  sort.some(isStatus) ? sort.filter((s) => !isStatus(s)) : sort;

/**
 * The ids of one page of a result in the requested order: by its keys, NULL first ascending and
 * last descending (as Strapi on SQLite), ties and no order at all by ascending id. A first key
 * with an index is walked in its order, and only the runs of equal values the page reaches are
 * ordered by the later keys (`runOrder`); otherwise the keys are read for every match and a heap
 * keeps the page's end. `strategy` 'index' walks an index whatever the size (the differential
 * tests).
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
  if (walksIndex(store, type, scopes, keys[0]!, size, strategy)) {
    // Every row of the scope is a match: its runs need no test.
    const member = size === store.rows.count(type, scopes[0]!) ? undefined : membership(ids);
    return walkIndex(source, keys[0]!, member, new RunPage(start, end, runOrder(source, keys.slice(1), strategy, keys)));
  }
  return firstInOrder(toArray(ids), end, idOrder(source, keys)).slice(start);
}

/** The direction when a page is cut by rank from the ascending ids (no sort, or by id first); else undefined. */
export function rankOrder(sort: readonly SortSpec[]): 'asc' | 'desc' | undefined {
  const [first] = sortKeys(sort);
  if (first === undefined) return 'asc';
  // Ids are unique: keys after an id key never decide anything.
  return isId(first) ? first.direction : undefined;
}

/** Whether a sort's first key is read in index order rather than from every row. */
export function walksIndex(store: Store, type: string, scopes: readonly RowScope[], first: SortSpec, matches: number, strategy: AccessStrategy): boolean {
  if (!indexed(store, type, scopes, first)) return false;
  return strategy === 'index' || (strategy === 'auto' && matches >= INDEX_ORDER_MIN);
}

/**
 * Whether a key is walked in index order: a field of the row in a one-scope list, with an index
 * that holds each row at one value, or at each of its items' values (a row then comes at the
 * first of them the walk meets: its smallest ascending, its largest descending, which is the
 * value the key orders it by).
 */
const indexed = (store: Store, type: string, scopes: readonly RowScope[], key: SortSpec): boolean =>
  key.path.length === 1 && scopes.length === 1 && (store.rows.isIndexed(type, key.path[0]!) || store.rows.isItemIndexed(type, key.path[0]!));

/**
 * How runs of equal values of one key are put in the order of the keys after it (`rest`). Runs
 * hold ascending ids, which is the order already when nothing or an ascending `id` follows, and
 * reversed for a descending one. A large run whose next key is indexed walks that key's index
 * and keeps the run's ids (about need × scope / run probes); any other run keeps its first ids
 * in a heap (a comparison per id). A run of cut text is ordered by its own key too (`whole`).
 */
export function runOrder(source: SortSource, rest: readonly SortSpec[], strategy: AccessStrategy, whole?: readonly SortSpec[]): RunOrder {
  const cut = whole && idOrder(source, whole);
  const [next] = rest;
  const byKeys = next === undefined || isId(next) ? undefined : idOrder(source, rest);
  const deeper = next && !isId(next) ? runOrder(source, rest.slice(1), strategy, rest) : undefined;
  const walkable = deeper !== undefined && (strategy === 'auto' || strategy === 'index') && indexed(source.store, source.type, source.scopes, next!);
  const scopeSize = walkable ? source.store.rows.count(source.type, source.scopes[0]!) : 0;
  return (run, need) => {
    if (run.inexact && cut) return firstInOrder(run.ids, need, cut);
    if (next === undefined || (isId(next) && next.direction === 'asc')) return run.ids;
    if (byKeys === undefined) return reversed(run.ids, need);
    const n = run.ids.length;
    if (walkable && (strategy === 'index' || need * scopeSize < n * n)) {
      // A store's set keeps its bitmap between queries; a run of matches is made into a set here.
      const ids = run.ids instanceof Uint32Array ? run.ids : Uint32Array.from(run.ids);
      return walkIndex(source, next!, membership(ids), new RunPage(0, need, deeper!));
    }
    return firstInOrder(run.ids, need, byKeys);
  };
}

/**
 * Walks a key's index in its direction (NULL is the smallest value: first ascending, last
 * descending) into `page`, keeping the members only (every id when `member` is undefined). Over
 * the in-memory copy of the index this is a loop over its arrays; inside a write transaction the
 * index itself is read.
 */
function walkIndex(source: SortSource, key: SortSpec, member: Member | undefined, page: RunPage): number[] {
  const { store, type } = source;
  const scope = source.scopes[0]!;
  const field = key.path[0]!;
  const descending = key.direction === 'desc';
  // An index of items holds a row at each item's value: the row's place is the first.
  const placed = store.rows.isItemIndexed(type, field) ? new Placed() : undefined;
  const kept = store.rows.indexSets(type, field, scope);
  if (!kept) {
    const nulls = [...store.rows.indexGroups(type, field, scope, { kind: 'null' })];
    const values = store.rows.indexGroups(type, field, scope, { kind: 'range' }, descending);
    for (const g of descending ? [values, nulls] : [nulls, values]) {
      for (const run of g) {
        if (page.full) return page.ids;
        keep(placed?.first(run.ids) ?? run.ids, run.inexact, member, page);
      }
    }
    return page.ids;
  }
  const { values, sets } = kept;
  const n = sets.length;
  for (let k = 0; k < n && !page.full; k++) {
    const i = descending ? n - 1 - k : k;
    const value = values[i];
    keep(placed?.first(sets[i]!) ?? sets[i]!, typeof value === 'string' && mayBeCut(value), member, page);
  }
  return page.ids;
}

/**
 * The rows an index of items walk has placed: each set's ids that no earlier set held. A set is
 * recorded only when the walk goes past it, so a page that fills within the first set costs
 * nothing more than a walk of a field with one value per row.
 */
class Placed {
  private readonly ids = new Set<number>();
  private last: Uint32Array | undefined;

  first(ids: Uint32Array): Uint32Array {
    if (this.last) for (let i = 0; i < this.last.length; i++) this.ids.add(this.last[i]!);
    this.last = ids;
    if (this.ids.size === 0) return ids;
    const out: number[] = [];
    for (let i = 0; i < ids.length; i++) if (!this.ids.has(ids[i]!)) out.push(ids[i]!);
    return out.length === ids.length ? ids : Uint32Array.from(out);
  }
}

/** Adds the members of one index set to the page as a run. */
function keep(ids: Uint32Array, inexact: boolean, member: Member | undefined, page: RunPage): void {
  if (ids.length === 0) return;
  if (member === undefined) return page.add({ ids, inexact });
  // Most values of a wide index hold one row: test it without building a run.
  if (ids.length === 1) {
    if (member.has(ids[0]!)) page.add({ ids, inexact: false });
    return;
  }
  const hit: number[] = [];
  for (let i = 0; i < ids.length; i++) if (member.has(ids[i]!)) hit.push(ids[i]!);
  if (hit.length > 0) page.add({ ids: hit, inexact });
}

function reversed(ids: ArrayLike<number>, need: number): number[] {
  const out: number[] = [];
  for (let i = ids.length - 1; i >= 0 && out.length < need; i--) out.push(ids[i]!);
  return out;
}

const isStatus = (s: SortSpec) => s.path.length === 1 && s.path[0] === 'status';
const isId = (s: SortSpec) => s.path.length === 1 && s.path[0] === 'id';
