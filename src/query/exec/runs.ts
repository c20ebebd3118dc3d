/** Rows that share their first sort key's indexed value, ids ascending. */
export interface Run {
  readonly ids: ArrayLike<number>;
  /** The value is text cut in the index: the rows' whole values may differ. */
  readonly inexact: boolean;
}

/** The first `need` ids of a run in the order of the keys after the one that made it (at least `need`, in order). */
export type RunOrder = (run: Run, need: number) => ArrayLike<number>;

/**
 * Cuts the ids at ranks `[start, end)` out of runs given in page order (an index walked in the
 * first key's direction). Runs before the page are only counted; a run the page reaches is
 * ordered by `order`, only as far as the page needs.
 */
export class RunPage {
  readonly ids: number[] = [];
  private seen = 0;

  constructor(
    private readonly start: number,
    private readonly end: number,
    private readonly order: RunOrder,
  ) {}

  /** Whether the page is full. */
  get full(): boolean {
    return this.seen >= this.end;
  }

  add(run: Run): void {
    const n = run.ids.length;
    if (this.seen + n <= this.start) {
      this.seen += n;
      return;
    }
    const to = Math.min(n, this.end - this.seen);
    const ordered = n === 1 ? run.ids : this.order(run, to);
    for (let i = Math.max(0, this.start - this.seen); i < to; i++) this.ids.push(ordered[i]!);
    this.seen += n;
  }
}

/** The page of runs that come as an iterable. */
export function pageOfRuns(runs: Iterable<Run>, start: number, end: number, order: RunOrder): number[] {
  const page = new RunPage(start, end, order);
  for (const run of runs) {
    if (page.full) break;
    page.add(run);
  }
  return page.ids;
}
