import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { receiveMessageOnPort, workerData } from 'node:worker_threads';
import { COMMITS, ROWS_WRITTEN, type GatherMore, type GatherReply, type GatherType, type GatherWorkerData } from './gather-ahead.js';
import { WHOLE_PASS, type CodeSets, type GrowingRows } from './gather-sets.js';
import { Store } from './store.js';

/**
 * The thread of gather-ahead.ts: gathers each type's index sets from its committed rows and sends
 * them code by code, waiting while the sets it sent and the main thread has not written take
 * `roomKib`. It never closes the folder: the main thread has it open, and ends this thread.
 */
const job = workerData as GatherWorkerData;
/** Lists of this size or more are moved to the main thread, smaller ones copied (`movedBuffers`), while the heap is small. */
const MOVED_BYTES = 64 * 1024;
const collect = fullCollection();
const send = (reply: GatherReply, transfer: ArrayBuffer[] = []) => job.port.postMessage(reply, transfer);

try {
  const store = Store.open({ path: job.path, readOnly: true }, job.layouts);
  const types: GatherType[] = [...job.types];
  for (const [i, { type, fields }] of types.entries()) {
    const growing = i === 0 && job.growing;
    for (const sets of growing ? store.gatherGrowingRows(type, fields, job.passBytes, growingRows(store)) : store.gatherRows(type, fields, job.passBytes)) {
      const kib = Math.ceil(bytesOf(sets) / 1024);
      // Past the most a pass may take (WHOLE_PASS times its budget), memory is the bound: the
      // code's map, garbage now, is collected before the next is gathered, so that the heap holds
      // one pass's maps at a time; and every list is moved, none left behind as a copy's original
      // until the next collection. Below it, time is: at 100k rows, collecting after each of 11
      // codes took 0.5-1.1 s of the thread's 3-4 s for a heap under 90 MB (and, bounded by the
      // budget alone once one pass held every code, six collections of 56-94 ms each), and small
      // lists are copied (`movedBuffers`).
      const large = getHeapStatistics().used_heap_size > job.passBytes * WHOLE_PASS;
      if (collect && large) collect();
      makeRoom(kib);
      Atomics.add(job.waiting, 0, kib);
      send({ kind: 'sets', type, sets, kib }, [sets.sole.buffer as ArrayBuffer, ...movedBuffers(sets.lists.values(), large ? 0 : MOVED_BYTES)]);
    }
    send({ kind: 'done', type });
    // Sent before the thread was told that every row is written, so here by now.
    if (growing) types.push(...moreTypes());
  }
} catch (e) {
  send({ kind: 'failed', message: (e as Error).message ?? String(e) });
}

/** The rows of a growing job's first type as the load commits them (gather-ahead.ts). */
function growingRows(store: Store): GrowingRows {
  let seen = Atomics.load(job.progress, COMMITS);
  return {
    complete: () => Atomics.load(job.progress, ROWS_WRITTEN) === 1,
    wait: () => {
      // Timed, so that a thread the load stops is not left waiting for a commit that never comes.
      Atomics.wait(job.progress, COMMITS, seen, 200);
      seen = Atomics.load(job.progress, COMMITS);
    },
    renew: () => store.resetReadTxn(),
  };
}

/** The types the main thread added once the rows were all written (GatherAhead.rowsWritten, which sends them first). */
function moreTypes(): readonly GatherType[] {
  const message = receiveMessageOnPort(job.port)?.message as GatherMore | undefined;
  if (message?.kind !== 'more') throw new Error('the rows were written, but no word came of the types to gather next');
  return message.types;
}

/** Waits until `kib` more fit, or nothing waits: a code larger than the room still goes, alone. */
function makeRoom(kib: number): void {
  for (let now = Atomics.load(job.waiting, 0); now > 0 && now + kib > job.roomKib; now = Atomics.load(job.waiting, 0)) {
    Atomics.wait(job.waiting, 0, now);
  }
}

/**
 * The buffers of the lists of `atLeast` bytes, moved to the main thread rather than copied.
 * Moving one costs microseconds whatever its size: the 67,598 lists of 100k restaurants' codes
 * took 450-500 ms to send moved, 115-120 ms with only those of 64 KiB or more moved.
 */
function movedBuffers(lists: Iterable<Uint32Array>, atLeast: number): ArrayBuffer[] {
  const moved: ArrayBuffer[] = [];
  for (const ids of lists) if (ids.buffer.byteLength >= atLeast) moved.push(ids.buffer as ArrayBuffer);
  return moved;
}

/** About what a code's sets take in memory: their arrays (a list's whole buffer), and each value's slot and text. */
function bytesOf({ values, sole, lists }: CodeSets): number {
  let bytes = sole.byteLength + 16 * values.length;
  for (const ids of lists.values()) bytes += ids.buffer.byteLength;
  for (const v of values) if (typeof v === 'string') bytes += v.length;
  return bytes;
}

/**
 * V8's full collection, for this thread's heap alone. Left to itself, V8 let the gathered maps'
 * garbage fill the heap to its bound: a 1M import peaked at 922 MB, 837 MB with a collection after
 * each code (one run each, sampled each second). Undefined if the engine will not give it.
 */
function fullCollection(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}
