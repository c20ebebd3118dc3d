import type { ReadLimit } from '../documents/scheduler.js';
import { ServiceUnavailableError } from '../errors/index.js';
import type { Store } from '../store/store.js';
import { Deadline } from './deadline.js';

/**
 * The main thread's twin of a pool worker's deadline: REST reads that run inline (cheap by
 * estimate, or every read when there is no pool) are given up with the same 503 once they pass
 * `timeoutMs`, at their next store read. An estimate that was wrong can then cost a request,
 * never the server.
 */
export class InlineReadLimit implements ReadLimit {
  private readonly deadline = new Deadline();

  constructor(store: Store, private readonly timeoutMs: number) {
    store.guardReads(this.deadline.check);
  }

  run<T>(fn: () => T): T {
    const { timeoutMs } = this;
    return this.deadline.within(Date.now() + timeoutMs, () => ServiceUnavailableError.readTimeLimit(timeoutMs), fn);
  }
}
