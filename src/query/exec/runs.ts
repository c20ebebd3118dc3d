/** Rows that share their first sort key's indexed value, ids ascending. */
export interface Run {
  readonly ids: ArrayLike<number>;
  /** The value is text cut in the index: the rows' whole values may differ. */
  readonly inexact: boolean;
}

/** The first `need` ids of a run in the order of the keys after the one that made it (at least `need`, in order). */
export type RunOrder = (run: Run, need: number) => ArrayLike<number>;

/**
 * The ids at ranks `[start, end)` of runs that come in page order (an index walked in the first
 * key's direction). Runs before the page are only counted; a run the page reaches is ordered by
 * `order`, only as far as the page needs.
 */
export function pageOfRuns(runs: Iterable<Run>, start: number, end: number, order: RunOrder): number[] {
  const page: number[] = [];
  let seen = 0;
  for (const run of runs) {
    if (seen >= end) break;
    const n = run.ids.length;
    if (seen + n <= start) {
      seen += n;
      continue;
    }
    const to = Math.min(n, end - seen);
    const ordered = order(run, to);
    for (let i = Math.max(0, start - seen); i < to; i++) page.push(ordered[i]!);
    seen += n;
  }
  return page;
}
