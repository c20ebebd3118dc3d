import type { IdOrder } from './sort-keys.js';

/**
 * The first `k` ids of `ids` in `order`, in that order. A page near the top of a large set keeps
 * a heap of `k` (n log k comparisons) instead of sorting all n; deep pages sort everything.
 */
export function firstInOrder(ids: ArrayLike<number>, k: number, order: IdOrder): number[] {
  const n = ids.length;
  k = Math.min(k, n);
  if (k <= 0) return [];
  if (k * 4 >= n) return Array.from(ids).sort(order).slice(0, k);
  // A max-heap of the k best so far: its root is the worst of them, the one a better id replaces.
  const heap: number[] = [];
  for (let i = 0; i < k; i++) heap.push(ids[i]!);
  for (let i = (k >> 1) - 1; i >= 0; i--) siftDown(heap, i, order);
  for (let i = k; i < n; i++) {
    const id = ids[i]!;
    if (order(id, heap[0]!) < 0) {
      heap[0] = id;
      siftDown(heap, 0, order);
    }
  }
  return heap.sort(order);
}

function siftDown(heap: number[], at: number, order: IdOrder): void {
  const n = heap.length;
  const item = heap[at]!;
  for (;;) {
    let child = 2 * at + 1;
    if (child >= n) break;
    if (child + 1 < n && order(heap[child + 1]!, heap[child]!) > 0) child++;
    if (order(heap[child]!, item) <= 0) break;
    heap[at] = heap[child]!;
    at = child;
  }
  heap[at] = item;
}
