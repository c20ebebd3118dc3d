import type { IdOrder } from './sort-keys.js';
import { firstInOrder } from './top-k.js';

/** Rows that share their first sort key's indexed value, ids ascending. */
export interface Run {
  readonly ids: ArrayLike<number>;
  /** The value is text cut in the index: the rows' whole values may differ. */
  readonly inexact: boolean;
}

/**
 * The ids at ranks `[start, end)` of runs that come in page order (an index walked in the first
 * key's direction). Runs before the page are only counted; a run the page reaches is ordered by
 * `ties` (the later keys, then ascending id), an inexact one by `whole` (every key), and only as
 * far as the page needs. Without `ties` an exact run's ascending ids are its order already.
 */
export function pageOfRuns(runs: Iterable<Run>, start: number, end: number, ties: IdOrder | undefined, whole: IdOrder): number[] {
  const page: number[] = [];
  let seen = 0;
  for (const run of runs) {
    if (seen >= end) break;
    const n = run.ids.length;
    if (seen + n <= start) {
      seen += n;
      continue;
    }
    const from = Math.max(0, start - seen);
    const to = Math.min(n, end - seen);
    const order = run.inexact ? whole : ties;
    if (order === undefined) for (let i = from; i < to; i++) page.push(run.ids[i]!);
    else {
      const ordered = firstInOrder(run.ids, to, order);
      for (let i = from; i < to; i++) page.push(ordered[i]!);
    }
    seen += n;
  }
  return page;
}
