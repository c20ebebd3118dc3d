import type { NetChange } from './pending-sets.js';

/** Ascending arrays of distinct row ids, as posting sets hold them. */

export const EMPTY_IDS = new Uint32Array(0);

/** The set with `id` added, or undefined when it was there. */
export function insert(ids: Uint32Array, id: number): Uint32Array | undefined {
  const at = lowerBound(ids, id);
  if (ids[at] === id) return undefined;
  const out = new Uint32Array(ids.length + 1);
  out.set(ids.subarray(0, at));
  out[at] = id;
  out.set(ids.subarray(at), at + 1);
  return out;
}

/** The set without `id`, or undefined when it was not there. */
export function without(ids: Uint32Array, id: number): Uint32Array | undefined {
  const at = lowerBound(ids, id);
  if (ids[at] !== id) return undefined;
  const out = new Uint32Array(ids.length - 1);
  out.set(ids.subarray(0, at));
  out.set(ids.subarray(at + 1), at);
  return out;
}

export const contains = (ids: Uint32Array, id: number) => ids[lowerBound(ids, id)] === id;

export function concat(parts: readonly Uint32Array[]): Uint32Array {
  if (parts.length === 0) return EMPTY_IDS;
  if (parts.length === 1) return parts[0]!;
  const out = new Uint32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function lowerBound(ids: Uint32Array, id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first index whose id is greater than `id`. */
export function upperBound(ids: Uint32Array, id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid]! <= id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** `ids` with `change` applied: both ascending, the result too. */
export function applyChange(ids: Uint32Array, change: NetChange): Uint32Array {
  const { added, removed } = change;
  const out = new Uint32Array(ids.length + added.length);
  let n = 0;
  let i = 0;
  let a = 0;
  let r = 0;
  const keep = (id: number) => {
    while (r < removed.length && removed[r]! < id) r++;
    if (removed[r] !== id) out[n++] = id;
  };
  while (i < ids.length || a < added.length) {
    if (a >= added.length) keep(ids[i++]!);
    else if (i >= ids.length || added[a]! < ids[i]!) keep(added[a++]!);
    else if (added[a]! > ids[i]!) keep(ids[i++]!);
    else {
      a++;
      keep(ids[i++]!);
    }
  }
  return out.subarray(0, n);
}
