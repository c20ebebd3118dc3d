/**
 * A pool worker for tests: the real worker (src/pool-worker.ts, which opens the store when
 * imported), plus one task the product never sends, a read of kind `spin` that keeps its
 * thread busy for `ms` without reading the store. The store checks deadlines, so such a task
 * stands for a runaway that only terminating its thread stops. Tests point
 * `pool.workerFile` at the build of this file (support.ts, SPIN_WORKER) and send the task
 * with `spin`.
 */
import type { PoolReply, PoolTask } from '../../src/pool/protocol.js';
import run from '../../src/pool-worker.js';

/** What `spin` sends through `QueryPool.run`, in place of a compiled read. */
export interface SpinTask {
  readonly kind: 'spin';
  readonly ms: number;
}

function spinOf(task: PoolTask): SpinTask | undefined {
  if (task.kind !== 'read') return undefined;
  const inner = task.task as unknown as Partial<SpinTask>;
  return inner.kind === 'spin' ? (inner as SpinTask) : undefined;
}

export default function runWithSpin(task: PoolTask): PoolReply {
  const spin = spinOf(task);
  if (spin === undefined) return run(task);
  const until = performance.now() + spin.ms;
  while (performance.now() < until) {
    // Busy on purpose, never reading the store: only terminating the thread stops it.
  }
  return { ok: true };
}
