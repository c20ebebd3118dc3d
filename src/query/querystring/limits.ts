/**
 * Bounds on what one query string may make the reader build. Going past any of them is a 400
 * naming the limit (DECISIONS.md, "Limits"), never a silent cut as qs does.
 */
export interface QueryLimits {
  /** Bracket levels after the root name: `a[b][c]` has 2. */
  readonly maxDepth: number;
  /** Values in one array, whether indexed, `[]`-pushed or repeated keys. */
  readonly maxArrayLength: number;
  /** Largest index accepted in `a[i]`; indices are compacted, never allocated up to. */
  readonly maxArrayIndex: number;
  /** `&`-separated pairs in the whole query string. */
  readonly maxParameters: number;
}

export const DEFAULT_QUERY_LIMITS: QueryLimits = Object.freeze({
  maxDepth: 20,
  maxArrayLength: 1_000,
  maxArrayIndex: 10_000,
  maxParameters: 10_000,
});

export const depthLimitMessage = (limit: number): string => `Query nesting exceeds the depth limit of ${limit}`;
export const arrayLengthLimitMessage = (limit: number): string =>
  `Query array exceeds the length limit of ${limit} values`;
export const arrayIndexLimitMessage = (limit: number): string => `Query array index exceeds the limit of ${limit}`;
export const parameterLimitMessage = (limit: number): string =>
  `Query string exceeds the limit of ${limit} parameters`;
export const forbiddenKeyMessage = (key: string): string => `Query key ${key} is not allowed`;
export const valueAndKeysMessage = (path: string): string =>
  `Query parameter ${path} is given both a value and nested keys`;
