/** Bounds on one filter tree (docs/limits-and-errors.md, Limits). Going past one is a 400 naming it. */
export interface FilterLimits {
  /** Comparisons and relation tests in the built tree (a `$in` is one). */
  readonly maxConditions: number;
  /** Values in one `$in` / `$notIn` (never dropped silently). */
  readonly maxListValues: number;
  /**
   * Keys and indices from the filters root to the deepest value (`filters[stars][$in][0]` is 3),
   * as the query-string reader counts brackets. Also what bounds the builder's recursion, since
   * the document service may hand over objects of any depth.
   */
  readonly maxDepth: number;
}

export const DEFAULT_FILTER_LIMITS: FilterLimits = Object.freeze({
  maxConditions: 1_000,
  maxListValues: 1_000,
  maxDepth: 20,
});
