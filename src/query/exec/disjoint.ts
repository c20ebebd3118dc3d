import type { Bitmap } from './bitmap.js';

/**
 * The union of ascending id lists that share no id: the lists a to-one relation's target rows
 * hold of their sources, when every document of the target type has one row (a source row then
 * links to one target row at most). Its size is the sum of the lists' lengths and a page is
 * merged from their ends, so a semi-join that reaches most rows (the restaurants of 300 chefs)
 * gives its total and first page without setting a bit per id. Anything else asks for the set
 * itself, built once.
 */
export class DisjointUnion {
  readonly size: number;
  private built: Uint32Array | Bitmap | undefined;

  constructor(readonly parts: readonly Uint32Array[]) {
    let size = 0;
    for (const p of parts) size += p.length;
    this.size = size;
  }

  /** The set as one array or bitmap, built by `build` on first use and kept. */
  settled(build: (parts: readonly Uint32Array[]) => Uint32Array | Bitmap): Uint32Array | Bitmap {
    this.built ??= build(this.parts);
    return this.built;
  }

  /** Whether merging ranks below `end` is cheaper than building the set (a step per id). */
  merges(end: number): boolean {
    return this.built === undefined && mergeSteps(this.parts.length, end) < this.size;
  }

  /**
   * The ids at ranks `start` to `end` (exclusive) from the bottom, ascending, or from the top,
   * descending: a heap over the lists' next ids.
   */
  ranks(start: number, end: number, descending: boolean): number[] {
    const parts = this.parts;
    const sign = descending ? -1 : 1;
    // heap[i] is a list; keys[list] its next id times `sign`, so the heap is a min-heap either way.
    const { heap, keys, at } = heapScratch(parts.length);
    let n = 0;
    for (let p = 0; p < parts.length; p++) {
      const list = parts[p]!;
      if (list.length === 0) continue;
      at[p] = descending ? list.length - 1 : 0;
      keys[p] = sign * list[at[p]!]!;
      heap[n++] = p;
    }
    for (let i = (n >> 1) - 1; i >= 0; i--) siftDown(heap, keys, n, i);
    const out: number[] = [];
    for (let rank = 0; rank < end && n > 0; rank++) {
      const p = heap[0]!;
      if (rank >= start) out.push(sign * keys[p]!);
      const next = at[p]! + sign;
      const list = parts[p]!;
      if (next < 0 || next >= list.length) heap[0] = heap[--n]!;
      else {
        at[p] = next;
        keys[p] = sign * list[next]!;
      }
      siftDown(heap, keys, n, 0);
    }
    return out;
  }
}

/**
 * The heap's arrays, reused from call to call (a call runs to its end without yielding). Fresh
 * ones per page were kilobytes outside V8's heap per request, and V8 counts those against the
 * old generation: at a few thousand two-hop pages a second they set off full collections.
 */
let scratch = { heap: new Int32Array(0), keys: new Int32Array(0), at: new Int32Array(0) };

function heapScratch(n: number): typeof scratch {
  if (scratch.heap.length < n) {
    const size = Math.max(n, scratch.heap.length * 2);
    scratch = { heap: new Int32Array(size), keys: new Int32Array(size), at: new Int32Array(size) };
  }
  return scratch;
}

/** Steps to merge the ranks below `end` from `lists` lists: a heap built over them, then a heap step per rank. */
export function mergeSteps(lists: number, end: number): number {
  return lists + end * 2 * Math.log2(lists + 1);
}

/** Restores the heap order below `i` in a min-heap of `n` lists ordered by `keys`. */
function siftDown(heap: Int32Array, keys: Int32Array, n: number, i: number): void {
  const p = heap[i]!;
  const key = keys[p]!;
  for (;;) {
    let c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && keys[heap[c + 1]!]! < keys[heap[c]!]!) c++;
    if (keys[heap[c]!]! >= key) break;
    heap[i] = heap[c]!;
    i = c;
  }
  heap[i] = p;
}
