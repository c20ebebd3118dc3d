/**
 * Bounds on what one query string may make the reader build. Going past any of them is a 400
 * naming the limit (docs/limits-and-errors.md, Limits), never a silent cut as qs does.
 */
export interface QueryLimits {
  /** Bracket groups after the root name: `a[b][c]` has 2 (qs `depth`). */
  readonly maxDepth: number;
  /** Values in one `$in` / `$notIn` list, whether indexed, `[]`-pushed or repeated keys. */
  readonly maxArrayLength: number;
  /** Pairs with a key in the whole query string (qs `parameterLimit` cuts silently at 1,000). */
  readonly maxParameters: number;
}

export const DEFAULT_QUERY_LIMITS: QueryLimits = Object.freeze({
  maxDepth: 20,
  maxArrayLength: 1_000,
  maxParameters: 10_000,
});

export const depthLimitMessage = (limit: number): string => `Query nesting exceeds the depth limit of ${limit}`;
export const arrayLengthLimitMessage = (limit: number): string =>
  `Query array exceeds the length limit of ${limit} values`;
export const parameterLimitMessage = (limit: number): string =>
  `Query string exceeds the limit of ${limit} parameters`;
export const forbiddenKeyMessage = (key: string): string => `Query key ${key} is not allowed`;
