import { compareIndexValues, mayBeCut, type IndexValue } from './index-keys.js';

/** Which values of an index to read. `folded` reads the case-folded twin of a text field. */
export type IndexBound = { readonly folded?: boolean } & (
  | { readonly kind: 'eq'; readonly value: unknown }
  | { readonly kind: 'null' }
  | { readonly kind: 'prefix'; readonly prefix: string }
  | { readonly kind: 'range'; readonly lo?: unknown; readonly loInclusive?: boolean; readonly hi?: unknown; readonly hiInclusive?: boolean }
);

export type Encode = (v: unknown) => IndexValue;
type RangeBound = Extract<IndexBound, { kind: 'range' }>;

/**
 * A bound whose key is as long as the indexed prefix of text shares that key with every longer
 * value starting with it, on either side of the bound, so that key's group is kept (it is
 * inexact, and its rows are re-checked).
 */
export function inclusiveness(bound: RangeBound, enc: Encode): { loInclusive: boolean; hiInclusive: boolean } {
  const cut = (v: unknown) => typeof v === 'string' && mayBeCut(enc(v) as string);
  return { loInclusive: Boolean(bound.loInclusive) || cut(bound.lo), hiInclusive: Boolean(bound.hiInclusive) || cut(bound.hi) };
}

/** The groups `[from, to)` of a value-sorted field that a range selects; NULLs never do. */
export function rangeOf(values: readonly IndexValue[], bound: RangeBound, enc: Encode): [number, number] {
  const { loInclusive, hiInclusive } = inclusiveness(bound, enc);
  const from = bound.lo === undefined ? (values[0] === null ? 1 : 0) : firstAtLeast(values, enc(bound.lo), !loInclusive);
  const to = bound.hi === undefined ? values.length : firstAtLeast(values, enc(bound.hi), hiInclusive);
  return [from, Math.max(from, to)];
}

/** The first index whose value is at least `v` (or, `strictly`, greater than `v`). */
export function firstAtLeast(values: readonly IndexValue[], v: IndexValue, strictly: boolean): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const c = compareIndexValues(values[mid]!, v);
    if (c < 0 || (strictly && c === 0)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
