/**
 * Cooperative cancellation for a worker's reads, installed as its store's read guard.
 * Terminating a worker thread while it is inside a native LMDB call can abort the whole process (lmdb-js throws through node-addon-api, whose
 * `napi_throw` fails in a terminating environment: "FATAL ERROR: Error::ThrowAsJavaScriptException
 * napi_throw", nodejs/node-addon-api#902). So a query past its deadline is stopped from inside,
 * in JavaScript, between two store reads: every expensive step of a list (rows tested, sets
 * read, links walked, entries populated) goes through the store.
 */

/** Reads between two looks at the clock: a deadline is noticed soon after it passes, and most reads skip the clock. */
const CLOCK_EVERY = 128;

/** A deadline checked from inside the work. `check` throws `onLate()` once the deadline has passed. */
export class Deadline {
  private at = Infinity;
  private reads = 0;
  private late: (() => Error) | undefined;

  /** Runs `fn` with a deadline (ms since the epoch, `Date.now()`'s clock, shared by every thread). */
  within<T>(at: number, onLate: () => Error, fn: () => T): T {
    this.at = at;
    this.late = onLate;
    this.reads = 0;
    try {
      if (Date.now() > at) throw onLate();
      return fn();
    } finally {
      this.at = Infinity;
      this.late = undefined;
    }
  }

  readonly check = (): void => {
    if (++this.reads % CLOCK_EVERY === 0 && this.late && Date.now() > this.at) throw this.late();
  };
}
