/**
 * Sets of row ids as ascending Uint32Arrays: intersections gallop through the larger side, so a
 * selective set costs O(small · log large); large unions go through a bitmap.
 */
export type IdSet = Uint32Array;

export const EMPTY: IdSet = new Uint32Array(0);

export function intersect(a: IdSet, b: IdSet): IdSet {
  if (a.length > b.length) [a, b] = [b, a];
  // Galloping pays when one side is much smaller; between similar sizes a plain merge is cheaper.
  if (b.length < a.length * 8) return mergeIntersect(a, b);
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

export function union(sets: readonly IdSet[]): IdSet {
  const nonEmpty = sets.filter((s) => s.length > 0);
  if (nonEmpty.length === 0) return EMPTY;
  if (nonEmpty.length === 1) return nonEmpty[0]!;
  if (nonEmpty.length === 2) return mergeUnion(nonEmpty[0]!, nonEmpty[1]!);
  let max = 0;
  let total = 0;
  for (const s of nonEmpty) {
    max = Math.max(max, s[s.length - 1]!);
    total += s.length;
  }
  // A bitmap costs max/32 words; when the ids are sparse in that range, sorting the concatenation is cheaper.
  if (max / 32 > total * 4) {
    const all = new Uint32Array(total);
    let at = 0;
    for (const s of nonEmpty) {
      all.set(s, at);
      at += s.length;
    }
    all.sort();
    return dedupeSorted(all);
  }
  const bits = new Uint32Array((max >>> 5) + 1);
  for (const s of nonEmpty) for (let i = 0; i < s.length; i++) bits[s[i]! >>> 5]! |= 1 << (s[i]! & 31);
  return fromBits(bits, total);
}

/** Ids of `a` not in `b`. */
export function minus(a: IdSet, b: IdSet): IdSet {
  if (b.length === 0 || a.length === 0) return a;
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

export function contains(set: IdSet, id: number): boolean {
  const i = gallop(set, id, 0);
  return set[i] === id;
}

/** The first index at or after `from` whose id is >= x. */
function gallop(s: IdSet, x: number, from: number): number {
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

function mergeIntersect(a: IdSet, b: IdSet): IdSet {
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

function mergeUnion(a: IdSet, b: IdSet): IdSet {
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

function dedupeSorted(s: IdSet): IdSet {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (i === 0 || s[i] !== s[i - 1]) s[n++] = s[i]!;
  return s.subarray(0, n);
}

function fromBits(bits: Uint32Array, capacity: number): IdSet {
  const out = new Uint32Array(capacity);
  let n = 0;
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const low = word & -word;
      out[n++] = (w << 5) + 31 - Math.clz32(low);
      word ^= low;
    }
  }
  return out.subarray(0, n);
}
