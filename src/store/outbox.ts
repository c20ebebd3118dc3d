import { randomUUID } from 'node:crypto';
import type { Database, Key, RootDatabase } from 'lmdb';
import { hasDb } from './dbs.js';

/** The last entry JetStream acknowledged (writer), or the last one applied (replica), with its stream sequence. */
export interface StreamPoint {
  readonly generation: number;
  readonly sequence: number;
}

/** A replica's place in the stream: the writer it follows, how far it applied, and the schemas (their fingerprint) its folder is of. */
export interface AppliedPoint extends StreamPoint {
  readonly writer: string;
  readonly schemas: string;
}

/** What a folder keeps of replication, read where the environment may be read-only. */
export interface ReplicationState {
  readonly writer: string | undefined;
  readonly published: StreamPoint | undefined;
  readonly applied: AppliedPoint | undefined;
}

/** The folder's replication state, or undefined when it never published nor followed (a read-only open cannot make the database). */
export function replicationStateIn(env: RootDatabase): ReplicationState | undefined {
  if (!hasDb(env, STATE_DB)) return undefined;
  const state = env.openDB<unknown, Key[]>({ name: STATE_DB });
  return {
    writer: state.get(WRITER) as string | undefined,
    published: state.get(PUBLISHED) as StreamPoint | undefined,
    applied: state.get(APPLIED) as AppliedPoint | undefined,
  };
}

/**
 * How a replica's applying process last saw the stream, kept in its folder for the other
 * processes serving it: messages not applied yet, when the writer committed the last one applied,
 * and whether NATS was reachable.
 */
export interface FollowingState {
  readonly pending: number;
  readonly committedAt: number;
  readonly connected: boolean;
}

/** One outbox entry: the write generation that made it and its encoded change entry (change-entry.ts). */
export interface OutboxEntry {
  readonly generation: number;
  readonly bytes: Uint8Array;
}

const ON = ['publishing'];
const WRITER = ['writer'];
const PUBLISHED = ['published'];
const APPLIED = ['applied'];
const FOLLOWING = ['following'];
/** The database of the state below. */
const STATE_DB = 'replication';

/**
 * What a folder keeps for replication, in two databases no write transaction's changes include
 * (they are not watched: change-capture.ts). `outbox`: write generation -> the change entry of
 * the transaction that made it, written in that transaction, removed once JetStream has it.
 * `replication`: whether the folder publishes (every process writing it then fills the outbox,
 * whichever started the publisher), the writer's id (message ids are `<writer>:<generation>`, and
 * a replica that finds another writer's entries starts again from a snapshot), the last entry
 * published, and on a replica the last one applied.
 */
export class Outbox {
  private readonly entries: Database<Uint8Array, number>;
  private readonly state: Database<unknown, Key[]>;

  constructor(private readonly env: RootDatabase) {
    this.entries = env.openDB<Uint8Array, number>({ name: 'outbox', keyEncoding: 'uint32', encoding: 'binary' });
    this.state = env.openDB<unknown, Key[]>({ name: STATE_DB });
  }

  /** Whether write transactions fill the outbox; read by each one (another process may have turned it on). */
  get on(): boolean {
    return this.state.get(ON) === true;
  }

  /** From the next write transaction on, every one fills the outbox. Answers the folder's writer id, made once. */
  turnOn(): string {
    return this.env.transactionSync(() => {
      this.state.putSync(ON, true);
      let writer = this.state.get(WRITER) as string | undefined;
      if (writer === undefined) this.state.putSync(WRITER, (writer = randomUUID()));
      return writer;
    });
  }

  /** How many entries wait for the publisher. */
  get waiting(): number {
    return this.entries.getCount();
  }

  /** Inside the write transaction that made it. */
  append(generation: number, bytes: Uint8Array): void {
    this.entries.putSync(generation, bytes);
  }

  /** The entries after generation `after`, oldest first, at most `limit`. */
  pending(after: number, limit: number): OutboxEntry[] {
    const out: OutboxEntry[] = [];
    for (const { key, value } of this.entries.getRange({ start: after + 1, limit })) out.push({ generation: key, bytes: Uint8Array.from(value) });
    return out;
  }

  /** JetStream acknowledged every entry up to `point`: they go, and the point is kept, in one transaction. */
  trim(point: StreamPoint): void {
    this.env.transactionSync(() => {
      for (const key of [...this.entries.getKeys({ end: point.generation + 1 })]) this.entries.removeSync(key);
      this.state.putSync(PUBLISHED, point);
    });
  }

  get published(): StreamPoint | undefined {
    return this.state.get(PUBLISHED) as StreamPoint | undefined;
  }

  get applied(): AppliedPoint | undefined {
    return this.state.get(APPLIED) as AppliedPoint | undefined;
  }

  /** Inside a replica's apply transaction. */
  markApplied(point: AppliedPoint): void {
    this.state.putSync(APPLIED, point);
  }

  get following(): FollowingState | undefined {
    return this.state.get(FOLLOWING) as FollowingState | undefined;
  }

  /** Inside a write transaction of the replica's applying process. */
  markFollowing(state: FollowingState): void {
    this.state.putSync(FOLLOWING, state);
  }

  /**
   * Makes a writer's folder (a snapshot) a replica's, inside a write transaction: no outbox, not
   * publishing, and applied up to `point`. The writer's id and published point stay, as read.
   */
  becomeReplica(point: AppliedPoint): void {
    for (const key of [...this.entries.getKeys()]) this.entries.removeSync(key);
    this.state.removeSync(ON);
    this.state.putSync(APPLIED, point);
  }
}
