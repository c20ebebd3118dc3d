import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Piscina } from 'piscina';
import type { ReadResult, ReadTask } from '../documents/read-tasks.js';
import type { ReadOffload } from '../documents/scheduler.js';
import { ServiceUnavailableError } from '../errors/index.js';
import { rebuildError, WORKER_LOADED, type PoolReply, type PoolTask, type WorkerInit, type WorkerLoaded } from './protocol.js';

export interface PoolSettings {
  /** Worker threads, each with the environment open read-only. Default: cores - 1, at least 1. */
  readonly threads: number;
  /**
   * Lists whose estimated work a worker would take off the main thread (`ListEstimate.movable`,
   * in `estimateList` units, ≈ µs) reaches this run on a worker; cheaper ones run inline, where
   * the round trip would cost more than the query. See DEFAULT_COST_THRESHOLD.
   */
  readonly costThreshold: number;
  /**
   * A pooled query not answered within this time, queue wait included, is answered with a 503
   * ServiceUnavailableError and cancelled: the worker stops it at its next store read (a thread that
   * does not stop within a second is terminated and replaced).
   */
  readonly timeoutMs: number;
  /** The worker's module (JavaScript, or TypeScript compiled as it loads); defaults to src/pool-worker. */
  readonly workerFile?: string | URL;
}

/**
 * Where pooled reads start paying off, in `estimateList` units (≈ µs of inline work): where a
 * list's own work equals the round trip a pooled list adds (dispatch, worker wake-up, snapshot
 * renewal, the page's structured clone back), as bench/pool.bench.ts finds it (its last figures:
 * bench/results/README.md). From there a worker takes at least as much work off the main thread
 * as it adds to that one answer's latency, so the main thread stays free for every other
 * request; below it, inline is faster and cheaper. (Peak throughput needs free cores: on a small
 * machine shared with other load, pooled requests/s meet inline ones only far above this; raise
 * the threshold on such machines if throughput matters more than tail latency.)
 */
export const DEFAULT_COST_THRESHOLD = 250;
export const DEFAULT_TIMEOUT_MS = 5_000;

/** The nice value of pool threads (the main thread has 0): broad reads yield the core to request handling. */
export const POOL_THREAD_NICE = 5;

export function resolvePoolSettings(input: Partial<PoolSettings> = {}): PoolSettings {
  const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<PoolSettings>;
  const settings: PoolSettings = {
    threads: Math.max(1, availableParallelism() - 1),
    costThreshold: DEFAULT_COST_THRESHOLD,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    ...defined,
  };
  if (!Number.isInteger(settings.threads) || settings.threads < 1) throw new RangeError(`pool.threads must be a positive integer, got ${settings.threads}`);
  if (!(settings.timeoutMs > 0)) throw new RangeError(`pool.timeoutMs must be positive, got ${settings.timeoutMs}`);
  if (!(settings.costThreshold >= 0)) throw new RangeError(`pool.costThreshold must be a number >= 0, got ${settings.costThreshold}`);
  return Object.freeze(settings);
}

/** piscina, loaded with the first pool: 24 ms of the start of every command that serves nothing (import, export, check). */
const piscinaLoaded = (): typeof Piscina => (createRequire(import.meta.url)('piscina') as typeof import('piscina')).Piscina;

/**
 * Worker threads that answer REST list reads from the same LMDB environment, read-only. Owned by
 * the Quarry instance (which closes it); the document services see it only as a `ListOffload`.
 */
export class QueryPool implements ReadOffload {
  readonly settings: PoolSettings;
  private readonly piscina: Piscina<PoolTask, PoolReply>;
  private closed: Promise<void> | undefined;
  /** Threads whose worker module has loaded (see WORKER_LOADED). */
  private readonly loaded = new Set<number>();
  private loadWaiters: (() => void)[] = [];

  constructor(init: WorkerInit, settings: PoolSettings) {
    this.settings = settings;
    const entry = workerEntry(settings.workerFile);
    const workerData: WorkerInit = {
      ...init, i18n: { defaultLocale: init.i18n.defaultLocale, locales: [...init.i18n.locales] }, entry,
    };
    this.piscina = new (piscinaLoaded())<PoolTask, PoolReply>({
      filename: entry.endsWith('.ts') ? fileURLToPath(new URL('./typescript-entry.mjs', import.meta.url)) : entry,
      workerData,
      // Every thread opens the environment once and keeps it: no idle shrinking.
      minThreads: settings.threads,
      maxThreads: settings.threads,
      idleTimeout: Infinity,
      concurrentTasksPerWorker: 1,
    });
    this.piscina.on('message', (message: Partial<WorkerLoaded> | null) => {
      if (message?.type !== WORKER_LOADED || message.threadId === undefined) return;
      this.loaded.add(message.threadId);
      if (this.allLoaded()) for (const wake of this.loadWaiters.splice(0)) wake();
    });
  }

  /** Resolves once every thread (replacements included) has its worker loaded and its environment open. */
  ready(): Promise<void> {
    return this.allLoaded() ? Promise.resolve() : new Promise((resolve) => this.loadWaiters.push(resolve));
  }

  get costThreshold(): number {
    return this.settings.costThreshold;
  }

  /** Live worker threads. */
  get threads(): number {
    return this.piscina.threads.length;
  }

  /** Thread ids of the live workers (a terminated thread's replacement has a new one). */
  get threadIds(): number[] {
    return this.piscina.threads.map((t) => t.threadId);
  }

  /** Tasks waiting for a thread. */
  get queued(): number {
    return this.piscina.queueSize;
  }

  /** One read on a worker: its answer, the same QuarryError as inline, or a 503 past the time limit. */
  async run<T extends ReadTask>(task: T): Promise<ReadResult<T>> {
    const { timeoutMs } = this.settings;
    const reply = await this.task({ kind: 'read', task, deadline: Date.now() + timeoutMs, timeoutMs });
    return reply.result as ReadResult<T>;
  }

  /** A no-op round trip to a worker. */
  async ping(): Promise<void> {
    await this.task({ kind: 'ping' });
  }

  /**
   * Stops every thread; queued and running tasks are rejected. Threads still starting (just
   * created, or replacing a terminated one) are let finish loading first, up to a few seconds:
   * terminating one while it loads the LMDB addon can abort the process (see deadline.ts).
   */
  close(): Promise<void> {
    return (this.closed ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.ready(), new Promise((resolve) => (timer = setTimeout(resolve, LOAD_WAIT_MS)))]);
      clearTimeout(timer);
      await this.piscina.destroy();
    })());
  }

  private allLoaded(): boolean {
    return this.piscina.threads.every((t) => this.loaded.has(t.threadId));
  }

  /**
   * Runs a task under the time limit, queue wait included. At the limit the caller gets the 503
   * at once. The worker gives a list up by itself at its next store read (deadline.ts); a task
   * still running `HARD_STOP_GRACE_MS` later (busy in code that never reads) is aborted once
   * every thread has loaded: piscina drops it from the queue, or terminates its thread and
   * starts a replacement.
   */
  private task(task: PoolTask): Promise<Extract<PoolReply, { ok: true }>> {
    if (this.closed) return Promise.reject(new Error('The query pool is closed'));
    const { timeoutMs } = this.settings;
    const signal = new TimeLimit();
    return new Promise((resolve, reject) => {
      let hardStop: NodeJS.Timeout | undefined;
      const limit = setTimeout(() => {
        reject(ServiceUnavailableError.readTimeLimit(timeoutMs));
        // Never while a thread is still loading: its task may be waiting on that thread.
        hardStop = setTimeout(() => void this.ready().then(() => signal.abort()), HARD_STOP_GRACE_MS);
      }, timeoutMs);
      const settle = () => {
        clearTimeout(limit);
        clearTimeout(hardStop);
      };
      this.piscina.run(task, { signal }).then(
        (reply) => {
          settle();
          if (reply.ok) resolve(reply);
          else reject(rebuildError(reply.error));
        },
        (error: unknown) => {
          settle();
          reject(signal.aborted ? ServiceUnavailableError.readTimeLimit(timeoutMs) : error);
        },
      );
    });
  }
}

/** How long a task past its time limit may keep its thread before the thread is terminated. */
const HARD_STOP_GRACE_MS = 1_000;
/** The longest `close` waits for starting threads to load. */
const LOAD_WAIT_MS = 10_000;

/**
 * The abort signal of one task. Piscina takes an EventEmitter-like signal (`once` / `off`)
 * as well as an AbortSignal; this one-listener version costs the main thread less per task than
 * AbortController's EventTarget.
 */
class TimeLimit {
  aborted = false;
  readonly reason = 'time limit';
  private listener: (() => void) | undefined;

  once(_event: 'abort', listener: () => void): void {
    this.listener = listener;
  }

  off(_event: 'abort', _listener: () => void): void {
    this.listener = undefined;
  }

  /** What piscina 5 calls to detach (its typings name `off`). */
  removeListener(event: 'abort', listener: () => void): void {
    this.off(event, listener);
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.listener?.();
  }
}

/**
 * The worker's module: `pool-worker` beside this folder, in the form this module runs in (the
 * build's JavaScript, or the TypeScript sources under tests, which typescript-entry.mjs compiles
 * as the worker loads them), so that a worker always runs the same code as its main thread.
 */
function workerEntry(file: string | URL | undefined): string {
  if (file !== undefined) return file instanceof URL || file.startsWith('file:') ? fileURLToPath(file) : file;
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  return fileURLToPath(new URL(`../pool-worker${extension}`, import.meta.url));
}
