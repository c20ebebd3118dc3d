import type { CompareNode, FilterNode, ItemsNode, NotNode } from '../ir/index.js';
import type { IndexBound } from '../../store/index-bounds.js';

/**
 * A query plan: plain data (printable, cacheable, transferable to a worker). Each node yields the
 * ascending ids of the rows, in its content-type and scopes, for which its condition is TRUE.
 */
export type Plan =
  /** Every row in scope. */
  | { readonly op: 'all' }
  | { readonly op: 'none' }
  /** Rows by id (`id` is the row id itself, not an indexed field): those of the list that exist in scope. */
  | { readonly op: 'ids'; readonly ids: readonly number[] }
  /** Rows whose id is from `low` to `high`, both included: a slice of the rows in scope, which are ordered by id. */
  | { readonly op: 'idRange'; readonly low: number; readonly high: number }
  /**
   * Union of an index's sets over a bound; `recheck` is applied to rows of inexact (prefix-indexed)
   * values: the comparison the bound serves, or the `items` node whose items the (multi-valued)
   * index reads. Without one, those rows are kept: the plan selects candidates a filter decides.
   */
  | { readonly op: 'index'; readonly field: string; readonly bound: IndexBound; readonly recheck: CompareNode | ItemsNode | undefined }
  /** Rows whose folded text has every trigram, then verified row by row (without `verify`: candidates a filter decides). */
  | { readonly op: 'grams'; readonly field: string; readonly grams: readonly string[]; readonly verify: CompareNode | undefined }
  /**
   * Union of the sets of a text index whose values pass `test`, read value by value: for a field
   * of items, whose sets hold the rows with some item of that value, the rows with some item that
   * passes. Sets of cut text are rechecked by `recheck`. Chosen over reading rows where the index
   * has few values.
   */
  | { readonly op: 'values'; readonly field: string; readonly test: CompareNode | NotNode; readonly recheck: ItemsNode }
  /** Rows of `input` for which `predicate` is TRUE, decided by reading each row (and its links). */
  | { readonly op: 'filter'; readonly input: Plan; readonly predicate: FilterNode }
  | { readonly op: 'and'; readonly inputs: readonly Plan[] }
  | { readonly op: 'or'; readonly inputs: readonly Plan[] }
  | { readonly op: 'minus'; readonly from: Plan; readonly remove: Plan }
  /**
   * Sources linked to some row of `inner` (evaluated over every row of `target`): walks the
   * partner list of each matching target. `disjoint`: no source is in two of those lists (the
   * relation is to-one and the target has one row per document), so their union is counted and
   * paged without being built. `partnerToOne`: each partner list holds one link, or one per
   * version or locale of its target document (the relation is to-one seen from `target`), so the
   * lists are read as one id each (`LinkStore.targetsOfEach`) and united, which `disjoint`'s
   * lazy union then does not need.
   */
  | { readonly op: 'semiJoin'; readonly target: string; readonly partnerList: string; readonly disjoint: boolean; readonly partnerToOne: boolean; readonly inner: Plan }
  /** Sources with at least one link in `list`. */
  | { readonly op: 'linked'; readonly list: string };

/**
 * A list's plan: which rows match, and how its page is cut from them. `index`: `where` is one
 * range of the index of the list's first sort key, whose sets come in sort order, so the page is
 * sliced from them (runs of equal values ordered by the later keys) and the total counted from the
 * index, without building the match set (a range holding cut text falls back to sorting);
 * `sort`: the matches are built, then ordered (`exec/order.ts`).
 */
export interface ListPlan {
  readonly where: Plan;
  readonly order: 'index' | 'sort';
}

/** Forces one access path everywhere it can apply: the differential tests run each. */
export type AccessStrategy = 'auto' | 'index' | 'scan' | 'probe';
