/** Refuses a bound that is not a positive integer: a cache bounded by 0 or NaN would keep nothing or everything. */
export function checkBound(max: number): void {
  if (!Number.isSafeInteger(max) || max < 1) throw new RangeError(`a cache's bound must be a positive integer, got ${String(max)}`);
}
