import type { Database, Key, RootDatabase } from 'lmdb';
import { ChangeCapture } from './change-capture.js';
import { decodeChangeEntry, encodeChangeEntry, type ChangeEntry } from './change-entry.js';
import { namedDbs, openAsBytes, type Dbs, type RowDb } from './dbs.js';
import { Outbox, type AppliedPoint, type FollowingState, type OutboxEntry, type StreamPoint } from './outbox.js';

export type { AppliedPoint, FollowingState, OutboxEntry, StreamPoint } from './outbox.js';
export type { ChangeEntry } from './change-entry.js';

/** Why a change entry cannot be applied: the replica must start again from a snapshot. */
export class ReplicaGapError extends Error {
  override readonly name = 'ReplicaGapError';
}

export interface ReplicationParts {
  readonly env: RootDatabase;
  readonly dbs: Dbs;
  readonly rowDbs: ReadonlyMap<string, RowDb>;
  /** After entries were applied: the store drops what it cached and renews its read snapshot. */
  readonly applied: () => void;
  /** The folder's write generation, read in the running transaction. */
  readonly generation: () => number;
  /** The codes names stand for in keys (a type's uid, a relation list's name): more are added as names are interned. */
  readonly codes: ReadonlyMap<string, number>;
}

/** One writer's transaction as a replica applied it. */
export interface AppliedChange {
  readonly generation: number;
  /** The stream sequence of its message. */
  readonly sequence: number;
  /** When the writer committed it (ms since the epoch). */
  readonly committedAt: number;
  /** The content-types (uids) whose entries or relation lists it changed. */
  readonly types: readonly string[];
}

/** Where a publishing writer starts: its id, and the generation of its folder before the first entry it logs. */
export interface PublishingStart {
  readonly writer: string;
  readonly generation: number;
}

/**
 * A store's side of replication. On a publishing writer, every write transaction's changes go
 * to the outbox in that transaction (`beginCommit` / `endCommit`, called by Store.commit). On a
 * replica, `apply` writes an entry's bytes as they are, and where it is in the stream, in one
 * transaction: the replica's folder is the writer's, entry for entry.
 */
export class StoreReplication {
  private readonly outboxDb: Outbox;
  private capture: ChangeCapture | undefined;
  private logging = false;
  private readonly commits = new Set<(generation: number) => void>();
  private readonly asBytes = new Map<string, Database<Uint8Array, Key> | undefined>();
  /** `codes` the other way. */
  private readonly names = new Map<number, string>();

  constructor(private readonly parts: ReplicationParts) {
    this.outboxDb = new Outbox(parts.env);
  }

  /** Called by Store.commit as its transaction begins, before any write. */
  beginCommit(): void {
    this.logging = this.outboxDb.on;
    if (this.logging) this.captureOf().begin();
  }

  /** Called by Store.commit before its transaction ends: the outbox entry, written in it. */
  endCommit(generation: number): void {
    if (!this.logging) return;
    this.logging = false;
    const entry: ChangeEntry = { generation, time: Date.now(), ops: this.captureOf().end() };
    this.outboxDb.append(generation, encodeChangeEntry(entry));
  }

  /** Called by Store.commit once its transaction committed, or was rolled back (`generation` undefined). */
  afterCommit(generation: number | undefined): void {
    if (generation === undefined) {
      this.capture?.abandon();
      this.logging = false;
      return;
    }
    for (const listener of this.commits) listener(generation);
  }

  /** Calls `listener` after each commit of this process (the publisher's cue; other processes' commits it polls for). */
  onCommit(listener: (generation: number) => void): () => void {
    this.commits.add(listener);
    return () => this.commits.delete(listener);
  }

  /** Makes every later write transaction of this folder, in any process, fill the outbox. */
  startPublishing(): PublishingStart {
    return this.parts.env.transactionSync(() => ({ writer: this.outboxDb.turnOn(), generation: this.parts.generation() }));
  }

  /** Whether the folder publishes (its writes fill the outbox), and how many entries wait there. */
  get outbox(): { readonly publishes: boolean; readonly waiting: number } {
    return { publishes: this.outboxDb.on, waiting: this.outboxDb.waiting };
  }

  pending(after: number, limit: number): OutboxEntry[] {
    return this.outboxDb.pending(after, limit);
  }

  trim(point: StreamPoint): void {
    this.outboxDb.trim(point);
  }

  get published(): StreamPoint | undefined {
    return this.outboxDb.published;
  }

  get applied(): AppliedPoint | undefined {
    return this.outboxDb.applied;
  }

  /** How the applying process last saw the stream (the other serving processes' health). */
  get following(): FollowingState | undefined {
    return this.outboxDb.following;
  }

  /** The applying process's connection to NATS came or went. */
  noteConnected(connected: boolean): void {
    const now = this.outboxDb.following ?? { pending: 0, committedAt: Date.now(), connected };
    this.parts.env.transactionSync(() => this.outboxDb.markFollowing({ ...now, connected }));
  }

  /** A writer's folder (a snapshot just put in place) made a replica's, applied up to `point`. */
  becomeReplica(point: AppliedPoint): void {
    this.parts.env.transactionSync(() => this.outboxDb.becomeReplica(point));
    this.parts.applied();
  }

  /**
   * Applies entries (encoded, as the stream carries them) of `source` (its writer, and the
   * fingerprint of the schemas it wrote them with) in one transaction, with the point the last
   * one reaches. An entry the replica has applied already is skipped; one that does not
   * follow the last applied (a gap: entries lost, or another writer's) throws ReplicaGapError and
   * writes nothing. `pendingAfter`, the stream's messages after the last, is kept with when its
   * writer committed it, for the replica's other serving processes (`following`). Answers the
   * changes applied.
   */
  apply(entries: readonly { readonly bytes: Uint8Array; readonly sequence: number }[], source: { readonly writer: string; readonly schemas: string }, pendingAfter = 0): AppliedChange[] {
    const { writer, schemas } = source;
    const start = this.outboxDb.applied;
    if (start === undefined) throw new ReplicaGapError('this folder is not a replica (it was not started from a snapshot)');
    if (start.writer !== writer) throw new ReplicaGapError(`the stream is written by ${writer}, this replica follows ${start.writer}`);
    const applied: AppliedChange[] = [];
    this.parts.env.transactionSync(() => {
      let point = start;
      for (const { bytes, sequence } of entries) {
        const entry = decodeChangeEntry(bytes);
        if (entry.generation <= point.generation) continue;
        if (entry.generation !== point.generation + 1) throw new ReplicaGapError(`entry ${entry.generation} follows ${point.generation}: entries are missing`);
        this.write(entry);
        point = { writer, schemas, generation: entry.generation, sequence };
        applied.push({ generation: entry.generation, sequence, committedAt: entry.time, types: this.typesOf(entry) });
      }
      if (applied.length > 0) {
        this.outboxDb.markApplied(point);
        this.outboxDb.markFollowing({ pending: pendingAfter, committedAt: applied.at(-1)!.committedAt, connected: true });
      }
    });
    if (applied.length > 0) this.parts.applied();
    return applied;
  }

  /** The types an entry's rows and lists belong to: a list is its owner's (`<uid>.<field>`, or `<uid>.<field>~inverse`). */
  private typesOf(entry: ChangeEntry): string[] {
    const types = new Set<string>();
    for (const [name, key] of entry.ops) {
      if (name.startsWith('rows:')) types.add(name.slice('rows:'.length));
      else if ((name === 'links' || name === 'linkPos') && Array.isArray(key) && typeof key[0] === 'number') {
        const list = this.nameOf(key[0]);
        if (list !== undefined && this.parts.rowDbs.has(list.slice(0, list.lastIndexOf('.')))) types.add(list.slice(0, list.lastIndexOf('.')));
      }
    }
    return [...types].sort();
  }

  private nameOf(code: number): string | undefined {
    if (this.names.size !== this.parts.codes.size) for (const [name, c] of this.parts.codes) this.names.set(c, name);
    return this.names.get(code);
  }

  private write(entry: ChangeEntry): void {
    for (const [name, key, bytes] of entry.ops) {
      const db = this.bytesDb(name);
      if (db === undefined) throw new ReplicaGapError(`entry ${entry.generation} writes database ${name}, which this replica's schemas do not have`);
      if (bytes === null) db.removeSync(key);
      else db.putSync(key, bytes);
    }
  }

  private bytesDb(name: string): Database<Uint8Array, Key> | undefined {
    if (!this.asBytes.has(name)) {
      const types = new Set(this.parts.rowDbs.keys());
      this.asBytes.set(name, openAsBytes(this.parts.env, name, this.parts.dbs.keyFormat, types));
    }
    return this.asBytes.get(name);
  }

  private captureOf(): ChangeCapture {
    if (this.capture === undefined) {
      this.capture = new ChangeCapture();
      for (const [name, db] of namedDbs(this.parts.dbs, this.parts.rowDbs)) this.capture.watch(name, db);
    }
    return this.capture;
  }
}
