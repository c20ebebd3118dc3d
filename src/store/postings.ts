import type { Database, Key } from 'lmdb';
import { MAX } from './keys.js';

/**
 * Sets of row ids stored as sorted blocks: for each key prefix, LMDB entries
 * `[...prefix, firstId] -> packed uint32 ids`. Reading a set of n ids costs about n / BLOCK
 * lookups instead of n key decodes, and adding or removing one id rewrites one small block.
 * Blocks stay under half an LMDB page so they live inline in the B-tree.
 */
export const BLOCK = 448;

export class Postings {
  constructor(private readonly db: Database<Buffer, Key[]>) {}

  add(prefix: readonly Key[], id: number): void {
    const block = this.blockFor(prefix, id) ?? this.firstBlock(prefix);
    if (!block) {
      this.write(prefix, Uint32Array.of(id));
      return;
    }
    const ids = block.ids;
    const at = lowerBound(ids, id);
    if (ids[at] === id) return;
    const next = new Uint32Array(ids.length + 1);
    next.set(ids.subarray(0, at));
    next[at] = id;
    next.set(ids.subarray(at), at + 1);
    if (at === 0) this.db.removeSync([...prefix, block.first]);
    if (next.length <= BLOCK) {
      this.write(prefix, next);
      return;
    }
    // Ids mostly arrive in increasing order, so a full last block splits unevenly to stay full.
    const cut = at === ids.length ? BLOCK : next.length >> 1;
    this.write(prefix, next.subarray(0, cut));
    this.write(prefix, next.subarray(cut));
  }

  remove(prefix: readonly Key[], id: number): void {
    const block = this.blockFor(prefix, id);
    if (!block) return;
    const ids = block.ids;
    const at = lowerBound(ids, id);
    if (ids[at] !== id) return;
    this.db.removeSync([...prefix, block.first]);
    if (ids.length === 1) return;
    const next = new Uint32Array(ids.length - 1);
    next.set(ids.subarray(0, at));
    next.set(ids.subarray(at + 1), at);
    this.write(prefix, next);
  }

  has(prefix: readonly Key[], id: number): boolean {
    const block = this.blockFor(prefix, id);
    if (!block) return false;
    return block.ids[lowerBound(block.ids, id)] === id;
  }

  /** Every id under one prefix, ascending. */
  get(prefix: readonly Key[]): Uint32Array {
    const parts: Uint32Array[] = [];
    let n = 0;
    for (const { value } of this.db.getRange({ start: [...prefix], end: [...prefix, MAX] })) {
      const ids = decode(value);
      parts.push(ids);
      n += ids.length;
    }
    return concat(parts, n);
  }

  /**
   * The sets of every key between `start` and `end` whose prefix is `depth` long, in key order:
   * used for index ranges, where each distinct value has its own set.
   */
  *groups(start: readonly Key[], end: readonly Key[], depth: number): IterableIterator<{ readonly key: readonly Key[]; readonly ids: Uint32Array }> {
    let key: Key[] | undefined;
    let parts: Uint32Array[] = [];
    let n = 0;
    for (const entry of this.db.getRange({ start: [...start], end: [...end] })) {
      const k = entry.key;
      if (key === undefined || !samePrefix(key, k, depth)) {
        if (key !== undefined) yield { key: key.slice(0, depth), ids: concat(parts, n) };
        key = k;
        parts = [];
        n = 0;
      }
      const ids = decode(entry.value);
      parts.push(ids);
      n += ids.length;
    }
    if (key !== undefined) yield { key: key.slice(0, depth), ids: concat(parts, n) };
  }

  /** The block that holds `id` if any id of the set does: the last one starting at or below it. */
  private blockFor(prefix: readonly Key[], id: number): { first: number; ids: Uint32Array } | undefined {
    for (const { key, value } of this.db.getRange({ start: [...prefix, id], end: [...prefix], reverse: true, limit: 1 })) {
      return { first: key[prefix.length] as number, ids: decode(value) };
    }
    return undefined;
  }

  private firstBlock(prefix: readonly Key[]): { first: number; ids: Uint32Array } | undefined {
    for (const { key, value } of this.db.getRange({ start: [...prefix], end: [...prefix, MAX], limit: 1 })) {
      return { first: key[prefix.length] as number, ids: decode(value) };
    }
    return undefined;
  }

  private write(prefix: readonly Key[], ids: Uint32Array): void {
    this.db.putSync([...prefix, ids[0]!], Buffer.from(ids.buffer, ids.byteOffset, ids.byteLength));
  }
}

/** Copies out of LMDB's buffer (which may be unaligned or reused) into our own array; ids are little-endian. */
function decode(value: Buffer): Uint32Array {
  const ids = new Uint32Array(value.length >> 2);
  new Uint8Array(ids.buffer).set(value);
  return ids;
}

function concat(parts: readonly Uint32Array[], n: number): Uint32Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint32Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function samePrefix(a: readonly Key[], b: readonly Key[], depth: number): boolean {
  for (let i = 0; i < depth; i++) if (a[i] !== b[i]) return false;
  return true;
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
