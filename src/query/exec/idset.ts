import { Bitmap, unionInto } from './bitmap.js';
import { DisjointUnion } from './disjoint.js';

/**
 * Sets of row ids: ascending Uint32Arrays while sparse, bitmaps once dense, and unions of
 * disjoint lists counted and paged without being built (disjoint.ts). Intersections gallop
 * through the larger side when one side is much smaller (O(small · log large)), test bits when
 * one side is a bitmap, and AND words when both are dense.
 */
export type IdSet = Settled | DisjointUnion;

/** A set held as its ids: what every operation but counting and paging works on. */
type Settled = Uint32Array | Bitmap;

export const EMPTY: Uint32Array = new Uint32Array(0);

/** Lists up to this long are copied id by id. */
const SMALL_COPY = 8;

/** An array is dense once it has about one id per 32-bit word of its range. */
const DENSE_IDS_PER_WORD = 1;

/**
 * Bitmaps of arrays already converted. The arrays worth converting are the cached sets of the
 * store (index values, link sets), shared between queries and replaced, never mutated, when a
 * write changes them: keyed weakly, a bitmap lives exactly as long as its array.
 */
const bitmaps = new WeakMap<Uint32Array, Bitmap>();

export function sizeOf(s: IdSet): number {
  return s instanceof Uint32Array ? s.length : s.size;
}

/** A union of disjoint lists is counted by their lengths; summing them keeps it unbuilt until an operation needs its ids. */
export function disjointUnion(lists: readonly Uint32Array[]): IdSet {
  return lists.length === 1 ? lists[0]! : new DisjointUnion(lists);
}

/** Whether the set holds no id, without counting a bitmap that is not counted yet. */
export function isEmpty(s: IdSet): boolean {
  return s instanceof Uint32Array ? s.length === 0 : s instanceof Bitmap ? s.empty : s.size === 0;
}

/**
 * `scratch`: a bitmap result may live in reused words (Bitmap.and), for a list's last step whose
 * result is counted and paged before anything else runs.
 */
export function intersect(x: IdSet, y: IdSet, scratch = false): Settled {
  let a = settle(x);
  let b = settle(y);
  // Testing bits per id beats ANDing words only while the array is sparse.
  if (a instanceof Bitmap) return b instanceof Bitmap ? a.and(b, scratch) : isDense(b) ? a.and(bitmapOf(b), scratch) : a.filter(b, true);
  if (b instanceof Bitmap) return isDense(a) ? b.and(bitmapOf(a), scratch) : b.filter(a, true);
  if (a.length > b.length) [a, b] = [b, a];
  // Galloping pays when one side is much smaller; between similar sizes, dense sets are ANDed as bitmaps.
  if (b.length >= a.length * 8) return gallopIntersect(a, b);
  if (isDense(b)) return isDense(a) ? bitmapOf(a).and(bitmapOf(b), scratch) : bitmapOf(b).filter(a, true);
  return mergeIntersect(a, b);
}

export function union(sets: readonly IdSet[]): Settled {
  let max = 0;
  let total = 0;
  let nonEmpty = 0;
  let last: Settled = EMPTY;
  const dense: Bitmap[] = [];
  const sparse: Uint32Array[] = [];
  for (const set of sets) {
    const s = settle(set);
    // Bitmaps are not counted here: an empty one changes nothing, and counting is a pass of its own.
    if (s instanceof Bitmap) {
      max = Math.max(max, s.words.length * 32 - 1);
      dense.push(s);
    } else if (s.length === 0) continue;
    else {
      total += s.length;
      max = Math.max(max, s[s.length - 1]!);
      if (isDense(s)) dense.push(bitmapOf(s));
      else sparse.push(s);
    }
    nonEmpty++;
    last = s;
  }
  if (nonEmpty <= 1) return last;
  const words = (max >>> 5) + 1;
  if (dense.length > 0 || total * DENSE_IDS_PER_WORD >= words) return unionInto(words, dense, sparse);
  if (sparse.length === 2) return mergeUnion(sparse[0]!, sparse[1]!);
  const all = new Uint32Array(total);
  let at = 0;
  for (const s of sparse) {
    // Link lists of a few ids each (a restaurant's categories): copying those beats a call to set().
    if (s.length <= SMALL_COPY) for (let i = 0; i < s.length; i++) all[at + i] = s[i]!;
    else all.set(s, at);
    at += s.length;
  }
  all.sort();
  return dedupeSorted(all);
}

/** The set of ids given in any order, repeats allowed. */
export function fromUnsorted(ids: ArrayLike<number>): Settled {
  if (ids.length === 0) return EMPTY;
  let max = 0;
  for (let i = 0; i < ids.length; i++) if (ids[i]! > max) max = ids[i]!;
  const words = (max >>> 5) + 1;
  if (ids.length * DENSE_IDS_PER_WORD >= words) return unionInto(words, [], [ids]);
  return dedupeSorted(Uint32Array.from(ids).sort());
}

/** Ids of `a` not in `b`. */
export function minus(x: IdSet, y: IdSet): Settled {
  const a = settle(x);
  const b = settle(y);
  if (sizeOf(b) === 0 || sizeOf(a) === 0) return a;
  if (a instanceof Bitmap) return b instanceof Bitmap ? a.andNot(b) : isDense(b) ? a.andNot(bitmapOf(b)) : a.without(b);
  if (b instanceof Bitmap) return isDense(a) ? bitmapOf(a).andNot(b) : b.filter(a, false);
  if (isDense(a) && isDense(b)) return bitmapOf(a).andNot(bitmapOf(b));
  const out = new Uint32Array(a.length);
  let n = 0;
  let j = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    j = gallop(b, x, j);
    if (b[j] !== x) out[n++] = x;
  }
  return out.subarray(0, n);
}

export function contains(ids: IdSet, id: number): boolean {
  const set = settle(ids);
  if (set instanceof Bitmap) return set.has(id);
  const i = gallop(set, id, 0);
  return set[i] === id;
}

/** The ids in ascending order. */
export function toArray(ids: IdSet): Uint32Array {
  const set = settle(ids);
  return set instanceof Bitmap ? set.toArray() : set;
}

/** The ids at ranks `start` to `end` (exclusive), ascending or, counted from the top, descending. */
export function slice(set: IdSet, start: number, end: number, descending: boolean): number[] {
  const size = sizeOf(set);
  end = Math.min(end, size);
  if (start >= end) return [];
  if (set instanceof DisjointUnion) {
    if (set.merges(end)) return set.ranks(start, end, descending);
    set = settle(set);
  }
  const from = descending ? size - end : start;
  const to = descending ? size - start : end;
  if (set instanceof Bitmap) {
    const ids = Array.from(set.range(from, to));
    return descending ? ids.reverse() : ids;
  }
  // A loop, not Array.from of a view: a selective page is a few ids, where the view and the
  // iterator cost more than the copy.
  const ids = new Array<number>(to - from);
  for (let i = 0; i < ids.length; i++) ids[i] = set[descending ? to - 1 - i : from + i]!;
  return ids;
}

/** A fast membership test for many lookups: the bitmap itself, or a Set over a sparse array. */
export function membership(ids: IdSet): { has(id: number): boolean } {
  const set = settle(ids);
  if (set instanceof Bitmap) return set;
  return isDense(set) ? bitmapOf(set) : new Set(set);
}

function settle(s: IdSet): Settled {
  return s instanceof DisjointUnion ? s.settled(union) : s;
}

function isDense(ids: Uint32Array): boolean {
  return ids.length > 0 && ids.length * 32 >= (ids[ids.length - 1]! + 1) * DENSE_IDS_PER_WORD;
}

function bitmapOf(ids: Uint32Array): Bitmap {
  let b = bitmaps.get(ids);
  if (!b) {
    b = Bitmap.fromSorted(ids);
    bitmaps.set(ids, b);
  }
  return b;
}

/** The first index at or after `from` whose id is >= x. */
function gallop(s: Uint32Array, x: number, from: number): number {
  let step = 1;
  let hi = from;
  while (hi < s.length && s[hi]! < x) {
    from = hi + 1;
    hi += step;
    step <<= 1;
  }
  hi = Math.min(hi, s.length);
  while (from < hi) {
    const mid = (from + hi) >>> 1;
    if (s[mid]! < x) from = mid + 1;
    else hi = mid;
  }
  return from;
}

function gallopIntersect(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length);
  let n = 0;
  let j = 0;
  for (let i = 0; i < a.length && j < b.length; i++) {
    const x = a[i]!;
    j = gallop(b, x, j);
    if (b[j] === x) out[n++] = x;
  }
  return out.subarray(0, n);
}

function mergeIntersect(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      out[n++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out.subarray(0, n);
}

function mergeUnion(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x < y) out[n++] = a[i++]!;
    else if (y < x) out[n++] = b[j++]!;
    else {
      out[n++] = x;
      i++;
      j++;
    }
  }
  while (i < a.length) out[n++] = a[i++]!;
  while (j < b.length) out[n++] = b[j++]!;
  return out.subarray(0, n);
}

function dedupeSorted(s: Uint32Array): Uint32Array {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (i === 0 || s[i] !== s[i - 1]) s[n++] = s[i]!;
  return s.subarray(0, n);
}
