import { DataCache, REDECIDE_AFTER_WRITES } from '../cache/index.js';
import type { CompiledRead } from '../query/compile/compiled.js';
import { estimateList, estimatePopulate, type ListEstimate } from '../query/estimate.js';
import type { DocumentEngine } from './engine.js';
import type { DocumentReader } from './read.js';
import { runReadTask, type ReadResult, type ReadTask } from './read-tasks.js';

/**
 * Somewhere else to run reads (the worker pool, owned by the top level): the document layer
 * knows it only through this, so nothing here imports the pool.
 */
export interface ReadOffload {
  /** Reads whose work a worker would take off the main thread (≈ µs) reaches this go to `run`. */
  readonly costThreshold: number;
  run<T extends ReadTask>(task: T): Promise<ReadResult<T>>;
}

/** A time limit for reads on the calling thread: `run` stops `fn` from inside, between two store reads, once it has passed. */
export interface ReadLimit {
  run<T>(fn: () => T): T;
}

/** `auto` (default): by estimated cost; `inline` / `pool` force one side (benchmarks, tests). */
export type RunMode = 'auto' | 'inline' | 'pool';

/** Decisions kept: one per compiled read or populate, which the request caches bound alike. */
const DECISIONS_KEPT = 2_000;

/**
 * The one place a read is run: inline, under the read time limit, or on a pool worker when its
 * estimated work is worth the round trip. Every read goes through it: lists and pages, counts,
 * single entries and related lists, each with what it populates.
 */
export class ReadScheduler {
  private offload: ReadOffload | undefined;
  private limit: ReadLimit | undefined;
  /**
   * Decisions by the compiled read (one object per request text): a repeated cheap read skips its
   * estimate. Costs move with the data, slowly: a decision is made again after REDECIDE_AFTER_WRITES writes.
   */
  private readonly decisions = new DataCache<object, boolean>(DECISIONS_KEPT, () => this.engine.store.writeGeneration, REDECIDE_AFTER_WRITES);

  constructor(private readonly engine: DocumentEngine, private readonly reader: DocumentReader) {}

  /** Where reads may be sent; set by the top level (`createQuarry({ pool })`). */
  setOffload(offload: ReadOffload | undefined): void {
    this.offload = offload;
    // Decisions weighed reads against the previous offload's threshold.
    this.decisions.clear();
  }

  /** The time limit of reads on this thread; set by the top level (`createQuarry({ queryTimeoutMs })`). */
  setLimit(limit: ReadLimit | undefined): void {
    this.limit = limit;
  }

  /**
   * Runs a task: at once, when it runs inline (the usual, cheap case: no promise to wait for),
   * or as a promise of the worker's answer.
   */
  run<T extends ReadTask>(task: T, mode: RunMode = 'auto'): ReadResult<T> | Promise<ReadResult<T>> {
    const { offload } = this;
    // Inside a write transaction only this thread sees the uncommitted writes.
    if (!offload || mode === 'inline' || this.engine.store.inTransaction) return this.inline(task);
    if (mode === 'pool' || this.offloads(task, offload)) return offload.run(task);
    return this.inline(task);
  }

  /** Runs a task on this thread, under the time limit. */
  inline<T extends ReadTask>(task: T): ReadResult<T> {
    const { limit } = this;
    return limit === undefined ? runReadTask(this.reader, task) : limit.run(() => runReadTask(this.reader, task));
  }

  private offloads(task: ReadTask, offload: ReadOffload): boolean {
    return this.decisions.remember(task.kind === 'related' ? task.node : task.read, () => this.movable(task) >= offload.costThreshold);
  }

  /** What a list would cost, planned but not run: its plan, matches and cost. */
  estimate(read: CompiledRead): ListEstimate {
    const { registry, store } = this.engine;
    return estimateList(registry, store, { ...this.reader.listRequest(read), populate: read.populate }, this.reader.plan(read));
  }

  /** The work a worker would take off this thread (`estimateList` units). */
  private movable(task: ReadTask): number {
    const { registry, store } = this.engine;
    switch (task.kind) {
      case 'page':
      case 'count': {
        const req = this.reader.listRequest(task.read);
        const counted = task.kind === 'count' ? { ...req, start: 0, limit: 0 } : { ...req, populate: task.read.populate };
        return estimateList(registry, store, counted, task.plan).movable;
      }
      case 'one':
        return estimatePopulate(registry, store, task.read.type, task.read.populate, 1);
      case 'related':
        return estimatePopulate(registry, store, task.type, { [task.node.attribute]: task.node }, task.sources.length);
    }
  }
}
