/**
 * A pool worker (pool/pool.ts starts it; an entry point beside quarry.ts, which it opens as
 * the main thread does, so no layer imports back up to the top). Each thread opens the
 * main thread's LMDB environment read-only once; each task renews the read snapshot first
 * (`resetReadTxn`: the snapshot does not renew between tasks by itself, and the store's read
 * cache is dropped when the write generation moved), then runs the whole read synchronously
 * inside that one snapshot: a write committed on the main thread before the task started is
 * seen whole, one committed meanwhile not at all.
 */
import { setPriority } from 'node:os';
import { parentPort, threadId } from 'node:worker_threads';
import { workerData } from 'piscina';
import { ServiceUnavailableError } from './errors/index.js';
import { Deadline } from './pool/deadline.js';
import { POOL_THREAD_NICE } from './pool/pool.js';
import { serializeError, WORKER_LOADED, type PoolReply, type PoolTask, type WorkerInit, type WorkerLoaded } from './pool/protocol.js';
import { createQuarry } from './quarry.js';
import { SchemaRegistry } from './schema/registry.js';

const init = workerData as WorkerInit;
// Broad reads run here so that the main thread stays free for cheap ones; at a lower priority, so
// that on a machine whose cores they fill the main thread still gets a core when a request comes
// (Linux keeps a nice value per thread: 0 names this one).
try {
  setPriority(0, POOL_THREAD_NICE);
} catch {
  // Not allowed here (some containers): the thread runs at the process's priority.
}
const quarry = createQuarry({ schemas: new SchemaRegistry(init.types, init.components), path: init.path, readOnly: true, i18n: init.i18n, filterLimits: init.filterLimits });
// A list past its deadline stops at its next store read (see deadline.ts) instead of waiting
// for the main thread to terminate the thread.
const deadline = new Deadline();
quarry.store.guardReads(deadline.check);
parentPort?.postMessage({ type: WORKER_LOADED, threadId } satisfies WorkerLoaded);

export default function run(task: PoolTask): PoolReply {
  try {
    switch (task.kind) {
      case 'ping':
        return { ok: true };
      case 'read': {
        const late = () => ServiceUnavailableError.readTimeLimit(task.timeoutMs);
        return deadline.within(task.deadline, late, () => {
          quarry.store.resetReadTxn();
          // This Quarry has no pool of its own: the task runs here, as it is.
          return { ok: true, result: quarry.reads.run(task.task, 'inline') };
        });
      }
    }
  } catch (error) {
    return { ok: false, error: serializeError(error) };
  }
}
