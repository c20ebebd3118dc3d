import type { Entry } from '../documents/entry.js';
import type { Status } from '../documents/service.js';

/** Reads the related lists of many source entries at once, one list per source id, in order (on a worker: a promise of them). */
export type ReadRelated = (sources: readonly number[]) => Entry[][] | Promise<Entry[][]>;

/**
 * Runs `task` once the promise jobs queued now have run, and those they queue in turn: by then
 * graphql-js has called the resolvers of every entry of the level being completed.
 */
function afterPromiseJobs(task: () => void): void {
  void Promise.resolve().then(() => process.nextTick(task));
}

/** One field's related lists for one level of a response: the sources gathered, then one read. */
class Batch {
  readonly done: Promise<Entry[][]>;
  started = false;
  private readonly sources: number[] = [];
  private readonly slots = new Map<number, number>();

  constructor(read: ReadRelated) {
    this.done = new Promise((resolve, reject) => {
      afterPromiseJobs(() => {
        this.started = true;
        try {
          resolve(read(this.sources));
        } catch (error) {
          reject(error);
        }
      });
    });
  }

  /** Where the list of `source` will be; one source asked twice (two restaurants, one chef) is read once. */
  slot(source: number): number {
    let slot = this.slots.get(source);
    if (slot === undefined) {
      slot = this.sources.length;
      this.sources.push(source);
      this.slots.set(source, slot);
    }
    return slot;
  }
}

/**
 * Batches relation fields as DataLoader does: every entry of a level asks for its list, and one
 * read answers them all. Batches are kept per key (a field of the query and the status its
 * entries show), so each relation field costs one read per level of the response, never one per
 * parent entry.
 */
export class RelationLoader {
  private readonly batches: Readonly<Record<Status, Map<object, Batch>>> = { draft: new Map(), published: new Map() };

  /** `field` is the query's field node: its arguments are the same for every entry of a request. */
  load(field: object, status: Status, source: number, read: ReadRelated): Promise<Entry[]> {
    const batches = this.batches[status];
    let batch = batches.get(field);
    if (batch === undefined || batch.started) {
      batch = new Batch(read);
      batches.set(field, batch);
    }
    const slot = batch.slot(source);
    return batch.done.then((lists) => lists[slot]!);
  }
}
