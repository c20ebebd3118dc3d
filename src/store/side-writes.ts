import type { Database, Key, RootDatabase } from 'lmdb';
import { ChangeCapture } from './change-capture.js';
import { encodeChangeEntry } from './change-entry.js';
import { GENERATION_KEY } from './dbs.js';
import { Outbox } from './outbox.js';

/**
 * Writes made outside Store.commit (API tokens: `quarry token` writes them in a process of its
 * own) to the database `name`: on a publishing folder the capture Store.commit runs
 * (change-capture.ts) notes what they wrote, the folder's write generation moves, and the
 * transaction's entries go to the outbox as a Store commit's do, so replicas get them (a revoked
 * token stops working there too). A replica's folder refuses them.
 */
export class SideWrites {
  private readonly capture = new ChangeCapture();
  private readonly outbox: Outbox;
  private readonly meta: Database<unknown, Key[]>;

  constructor(env: RootDatabase, name: string, db: Database<unknown, Key[]>) {
    this.outbox = new Outbox(env);
    this.meta = env.openDB<unknown, Key[]>({ name: 'meta' });
    this.capture.watch(name, db as Database<unknown, Key>);
  }

  /** Runs `write` inside the caller's write transaction, logging what it wrote when the folder publishes; `what` names it in a replica's refusal. */
  logged<T>(what: string, write: () => T): T {
    if (this.outbox.applied !== undefined) throw new Error(`this folder is a replica: ${what} on the writer, whose changes reach it`);
    if (!this.outbox.on) return write();
    this.capture.begin();
    let result: T;
    try {
      result = write();
    } catch (e) {
      this.capture.abandon();
      throw e;
    }
    const ops = this.capture.end();
    if (ops.length === 0) return result;
    const generation = ((this.meta.get(GENERATION_KEY) as number | undefined) ?? 0) + 1;
    this.meta.putSync(GENERATION_KEY, generation);
    ops.push(['meta', GENERATION_KEY, Uint8Array.from(this.meta.getBinary(GENERATION_KEY)!)]);
    this.outbox.append(generation, encodeChangeEntry({ generation, time: Date.now(), ops }));
    return result;
  }
}
