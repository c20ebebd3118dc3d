import type { Database, Key } from 'lmdb';

/** One database entry as a transaction left it: its bytes, or null when it was removed. */
export type ChangeOp = readonly [db: string, key: Key, value: Uint8Array | null];

type Writes = Pick<Database<unknown, Key>, 'putSync' | 'removeSync' | 'put'>;

interface Watched {
  readonly name: string;
  readonly db: Database<unknown, Key>;
  /** Keys written in the transaction being captured, by their text (a key is an array or a number). */
  readonly touched: Map<string, Key>;
}

/**
 * Which entries a write transaction changed, for the outbox a publishing folder keeps
 * (store.ts, `Store.commit`): each watched database's writes are noted by key as they happen,
 * and at the end of the transaction each noted entry is read back as the bytes LMDB holds, so
 * a replica writes exactly what the writer wrote (ids, order keys, index blocks, the shapes
 * msgpackr keeps for rows), whatever encoders made them, and an entry written many times in one
 * transaction is sent once.
 */
export class ChangeCapture {
  private readonly watched: Watched[] = [];
  private capturing = false;

  /** Notes the writes of `db` from now on, as database `name`: its own methods are wrapped in place, so every holder of it is seen. */
  watch(name: string, db: Database<unknown, Key>): void {
    const entry: Watched = { name, db, touched: new Map() };
    this.watched.push(entry);
    const writes = db as unknown as Writes;
    const note = (key: Key): void => {
      if (this.capturing) entry.touched.set(textOf(key), key);
    };
    const { putSync, removeSync, put } = writes;
    writes.putSync = function (this: unknown, key: Key, ...rest: unknown[]) {
      const done = (putSync as (...a: unknown[]) => unknown).call(this, key, ...rest);
      if (done !== false) note(key);
      return done;
    } as Writes['putSync'];
    writes.removeSync = function (this: unknown, key: Key, ...rest: unknown[]) {
      const done = (removeSync as (...a: unknown[]) => unknown).call(this, key, ...rest);
      if (done !== false) note(key);
      return done;
    } as Writes['removeSync'];
    // msgpackr saves a row database's shapes with `put` inside the running transaction.
    writes.put = function (this: unknown, key: Key, ...rest: unknown[]) {
      note(key);
      return (put as (...a: unknown[]) => unknown).call(this, key, ...rest);
    } as Writes['put'];
  }

  /** Starts noting writes: call inside the write transaction, before its first write. */
  begin(): void {
    for (const w of this.watched) w.touched.clear();
    this.capturing = true;
  }

  /** The entries the transaction changed so far, as they are now; stops noting. Call before the transaction ends. */
  end(): ChangeOp[] {
    this.capturing = false;
    const ops: ChangeOp[] = [];
    for (const w of this.watched) {
      for (const key of w.touched.values()) {
        const bytes = w.db.getBinary(key);
        ops.push([w.name, key, bytes === undefined ? null : Uint8Array.from(bytes)]);
      }
      w.touched.clear();
    }
    return ops;
  }

  /** Drops what was noted (the transaction was rolled back). */
  abandon(): void {
    this.capturing = false;
    for (const w of this.watched) w.touched.clear();
  }
}

const textOf = (key: Key): string => (typeof key === 'number' ? String(key) : JSON.stringify(key));
