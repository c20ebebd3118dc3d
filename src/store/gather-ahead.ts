import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { CodeSets } from './gather-sets.js';
import type { IndexedField } from './indexed-fields.js';
import type { TypeLayout } from './layout.js';
import { workerWithOwnYoungGeneration } from './own-young-generation.js';

/** A type whose sets a gathering thread gathers, and the fields it gathers them from. */
export interface GatherType {
  readonly type: string;
  readonly fields: readonly IndexedField[];
}

/** What a gathering thread is given: the folder, its layouts, and the types whose sets it gathers, in the order the build writes them. */
export interface GatherJob {
  readonly path: string;
  readonly layouts: readonly TypeLayout[];
  readonly types: readonly GatherType[];
  /** The first type's rows are still being written: they are gathered as they are committed (`committed`, `rowsWritten`). */
  readonly growing?: boolean;
  readonly passBytes: number;
  /** How many KiB of gathered sets may wait for the main thread at once. */
  readonly roomKib: number;
  /** The thread's heap bound (BuildLimits.aheadHeapBytes); a thread that outgrows it fails. */
  readonly heapMib: number;
}

/** What the thread sends, in order: each type's sets code by code, then that the type is done; or why it stopped. */
export type GatherReply =
  | { readonly kind: 'sets'; readonly type: string; readonly sets: CodeSets; readonly kib: number }
  | { readonly kind: 'done'; readonly type: string }
  | { readonly kind: 'failed'; readonly message: string };

/** What the thread gets beside the job: its end of the channel, the KiB waiting (slot 0), and the load's progress, shared. */
export interface GatherWorkerData extends GatherJob {
  readonly port: MessagePort;
  readonly waiting: Int32Array;
  /** Slot COMMITS: the load's commits while its rows are written; slot ROWS_WRITTEN: 1 once they all are. */
  readonly progress: Int32Array;
}

/** What the main thread tells the thread, once the rows are all written: types to gather after the job's. */
export interface GatherMore {
  readonly kind: 'more';
  readonly types: readonly GatherType[];
}

export const COMMITS = 0;
export const ROWS_WRITTEN = 1;

/**
 * A bulk load's index sets gathered in a thread of their own while the main thread goes on
 * writing (Store.gatherAhead): the thread reads the committed rows of types whose rows are all
 * written, through its own read transaction, and sends each code's sets as gather-sets.ts makes
 * them. Sets the main thread has not written yet take memory, so the thread waits while
 * `roomKib` of them wait: the main thread writes them as they come, between its own transactions
 * (`drain`), and waits for the rest when it builds the indexes (`sets`). It takes a type's sets
 * only while the type's rows are as they were when the thread read them (`has`).
 */
export class GatherAhead {
  private readonly queue: GatherReply[] = [];
  /** Types whose every set has been taken. */
  private readonly done = new Set<string>();
  private readonly waiting = new Int32Array(new SharedArrayBuffer(4));
  private readonly progress = new Int32Array(new SharedArrayBuffer(8));
  private readonly port: MessagePort;
  private readonly worker: Worker;
  /** The types the thread gathers, in the order it sends their sets. */
  readonly order: string[];
  /** The thread sent its last type's end, or why it stopped. */
  private ended = false;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  /** `writes`: each type's row write count (HeldIndexes.writes) when its rows were read; of a growing job, given when they are all written (`rowsWritten`). */
  constructor(job: GatherJob, private readonly writes: Map<string, number>) {
    this.order = job.types.map((t) => t.type);
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    const data: GatherWorkerData = { ...job, port: port2, waiting: this.waiting, progress: this.progress };
    this.worker = workerWithOwnYoungGeneration(() => new Worker(threadEntry(), { workerData: { entry: THREAD_MODULE.href, ...data }, transferList: [port2], resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_MIB, maxOldGenerationSizeMb: job.heapMib } }));
    this.port.on('message', (reply: GatherReply) => this.arrive(reply));
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', (code) => {
      // Its last messages may come after its exit: they were sent before it.
      this.receive();
      if (!this.ended) this.fail(new Error(`the thread gathering index sets ended (exit code ${code}) before it sent them all`));
    });
  }

  /** Whether `type`'s sets come from the thread: it gathers them, and its rows have not changed since it read them. */
  has(type: string, writes: number): boolean {
    return this.writes.get(type) === writes;
  }

  gathers(type: string): boolean {
    return this.writes.has(type);
  }

  /** Of a growing job: the load committed more rows. */
  committed(): void {
    Atomics.add(this.progress, COMMITS, 1);
    Atomics.notify(this.progress, COMMITS);
  }

  /**
   * Of a growing job: every row is written. `writes` are the job's types' row write counts now,
   * and `more` types the thread gathers after them, their rows written too.
   */
  rowsWritten(writes: ReadonlyMap<string, number>, more: readonly GatherType[]): void {
    for (const [type, n] of writes) this.writes.set(type, n);
    // Sent before the thread is told: it reads the message once it sees the rows written.
    this.port.postMessage({ kind: 'more', types: more } satisfies GatherMore);
    this.order.push(...more.map((t) => t.type));
    Atomics.store(this.progress, ROWS_WRITTEN, 1);
    this.committed();
  }

  /**
   * Hands the sets the thread has sent so far, in order, to `write` (as many as have come:
   * this does not wait), each freed for the thread once written, until `write` declines one. A
   * failure is left for `sets`.
   */
  drain(write: (type: string, sets: CodeSets) => boolean): void {
    this.receive();
    for (let reply = this.queue[0]; reply !== undefined && reply.kind !== 'failed'; reply = this.queue[0]) {
      if (reply.kind === 'sets' && !write(reply.type, reply.sets)) return;
      this.queue.shift();
      if (reply.kind === 'done') this.done.add(reply.type);
      else this.free(reply.kib);
    }
  }

  /** A type's sets in key order as the thread sends them, those `drain` took left out (`has` must be true); each is freed for the thread once the caller asks for the next. */
  async *sets(type: string): AsyncGenerator<CodeSets, void, void> {
    while (!this.done.has(type)) {
      const reply = await this.next();
      if (reply.kind === 'failed') throw new GatherStopped(reply.message);
      if (reply.type !== type) throw new Error(`the gathering thread sent ${reply.type}'s sets where ${type}'s were due`);
      if (reply.kind === 'done') this.done.add(type);
      else {
        yield reply.sets;
        this.free(reply.kib);
      }
    }
  }

  async stop(): Promise<void> {
    this.failure ??= new Error('the gathering thread was stopped');
    await this.worker.terminate();
  }

  private async next(): Promise<GatherReply> {
    while (this.queue.length === 0) {
      if (this.failure) throw new GatherStopped(this.failure.message);
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
    return this.queue.shift()!;
  }

  /** Takes the messages that have come without waiting for the event loop, which a load running synchronously between its awaits turns seldom. */
  private receive(): void {
    for (let m = receiveMessageOnPort(this.port); m; m = receiveMessageOnPort(this.port)) this.arrive(m.message as GatherReply);
  }

  private free(kib: number): void {
    Atomics.sub(this.waiting, 0, kib);
    Atomics.notify(this.waiting, 0);
  }

  private arrive(reply: GatherReply): void {
    if (reply.kind === 'failed' || (reply.kind === 'done' && reply.type === this.order.at(-1))) this.ended = true;
    this.queue.push(reply);
    this.wake?.();
  }

  private fail(e: Error): void {
    this.failure ??= e;
    this.wake?.();
  }
}

/** The thread failed or was stopped before it sent a type's every set: the main thread gathers them in place. */
export class GatherStopped extends Error {
  override readonly name = 'GatherStopped';

  constructor(why: string) {
    super(`gathering index sets in a thread: ${why}`);
  }
}

/**
 * The thread's young generation, small: what the thread keeps is whole maps, which outlive any
 * young generation. 1M imports peaked at 863-900 MB with 32, 864-944 MB with 8, 1,053-1,120 MB
 * with the launcher's 64 MB semi-spaces (by hand, the launcher's flags, two runs each).
 */
const THREAD_YOUNG_MIB = 32;

const THREAD_MODULE = new URL(`./gather-thread${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

/** The thread's first module: from the TypeScript sources (tests), one that compiles them as they load, so that it runs the same code as this thread. */
function threadEntry(): URL {
  return import.meta.url.endsWith('.ts') ? new URL('./typescript-thread.mjs', import.meta.url) : THREAD_MODULE;
}
