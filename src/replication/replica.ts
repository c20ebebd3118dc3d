import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type ConsumerMessages, type JetStreamManager, type JsMsg, type StreamState } from '@nats-io/jetstream';
import { keepFolderSettings } from '../store/folder-settings.js';
import { readReplicationState } from '../store/replication-state.js';
import { ReplicaGapError, type AppliedChange, type AppliedPoint, type FollowingState, type StoreReplication } from '../store/replication.js';
import { isNotFound, SCHEMAS_HEADER, WRITER_HEADER } from './publisher.js';
import { connectNats, streamNames, whenJetStreamAnswers, type ReplicationSettings, type StreamNames } from './settings.js';
import { askForSnapshot, downloadSnapshot, newestSnapshot, openBucket, type SnapshotTag } from './snapshots.js';

export type { AppliedChange } from '../store/replication.js';

/** A replica cannot serve the writer's folder: other schemas, or no writer publishing yet. */
export class ReplicaStartError extends Error {
  override readonly name = 'ReplicaStartError';
}

/** What a replica reports to a load balancer (`GET /_quarry/health`). */
export interface ReplicaHealth {
  /** The writer's last write transaction the replica applied. */
  readonly sequence: number;
  /** ms since the writer committed the last entry applied, while entries wait; 0 when none does; null when not following (`quarry status` of a replica's folder). */
  readonly lag: number | null;
  /** Stream messages not applied yet, as of the last one received; null when not following. */
  readonly pending: number | null;
  readonly connected: boolean;
}

/** How far behind a replica is: since the writer committed the last entry it applied, while entries wait; none while none does. */
const lagOf = (pending: number, lastCommittedAt: number): number => (pending > 0 ? Date.now() - lastCommittedAt : 0);

/** A replica's health as its folder says it (another serving process of it applies, `following`). */
export function folderHealth(applied: AppliedPoint, following: FollowingState | undefined): ReplicaHealth {
  const pending = following?.pending ?? 0;
  return { sequence: applied.generation, lag: lagOf(pending, following?.committedAt ?? 0), pending, connected: following?.connected ?? true };
}

/** Entries applied in one transaction at most: a replica that fell behind catches up in large steps, a current one applies each as it comes. */
const BATCH = 512;
const PULL_EXPIRES_MS = 5_000;
const HEARTBEAT_MS = 1_000;
/** How long a replica waits for the writer to make a first snapshot. */
const SNAPSHOT_WAIT_MS = 120_000;

/**
 * A replica's side (`quarry serve --replica-of`, `createQuarry({ replicaOf })`): `prepare` makes
 * the folder ready before it opens (resuming where it stopped, or from the newest snapshot when
 * it has none, follows another writer, or the stream no longer holds where it stopped), then
 * `follow` applies the stream from there, many entries a transaction when they wait.
 */
export class ReplicaFollower {
  private replication: StoreReplication | undefined;
  private messages: ConsumerMessages | undefined;
  private queue: { bytes: Uint8Array; sequence: number; writer: string }[] = [];
  private scheduled = false;
  private pending = 0;
  private lastCommit = 0;
  private failure: unknown;
  /** Settles with the failure that stopped the replica applying; never while it applies. */
  readonly failed: Promise<unknown>;
  private settleFailed: (error: unknown) => void = () => {};
  private readonly listeners = new Set<(change: AppliedChange) => void>();
  private readonly waiters: { generation: number; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private consuming: Promise<void> | undefined;
  /** Whether the connection to NATS is up (it reconnects by itself after a NATS node went away). */
  private online = true;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly names: StreamNames,
    /** This replica's schema fingerprint: an entry of a writer with others stops it. */
    private readonly schemas: string,
    /** The snapshot the folder was just made from; undefined when it resumes. */
    private readonly fresh: SnapshotTag | undefined,
    private readonly onError: (error: unknown) => void,
  ) {
    this.failed = new Promise((resolve) => (this.settleFailed = resolve));
  }

  /**
   * Makes the folder `path` ready to open as a replica of the stream `settings` names, for the
   * schemas whose fingerprint is `schemas`; throws ReplicaStartError when that cannot be.
   */
  static async prepare(settings: ReplicationSettings, path: string, schemas: string, onError: (error: unknown) => void = () => {}): Promise<ReplicaFollower> {
    const names = streamNames(settings);
    const nc = await connectNats(settings, 'quarry replica');
    try {
      const state = await readReplicationState(path);
      const jsm = await whenJetStreamAnswers(() => jetstreamManager(nc));
      const stream = await whenJetStreamAnswers(() => jsm.streams.info(names.stream)).then((info) => info.state, (e: unknown) => {
        throw isNotFound(e) ? new ReplicaStartError(`no stream ${names.stream} on ${settings.url}: no writer has published to it (quarry serve --publish)`, { cause: e }) : e;
      });
      const resume = state?.applied !== undefined && (await canResume(jsm, names, stream, state.applied, schemas));
      // The stream's first sequence still held (retention removes older ones); 1 while it is empty.
      const first = stream.messages > 0 ? stream.first_seq : 1;
      const fresh = resume ? undefined : await fromSnapshot(nc, names, path, schemas, settings.streamReplicas ?? 1, first);
      return new ReplicaFollower(nc, names, schemas, fresh, onError);
    } catch (e) {
      await nc.close();
      throw e;
    }
  }

  /** Starts applying the stream to the replica's opened store. */
  async follow(replication: StoreReplication): Promise<void> {
    this.replication = replication;
    if (this.fresh !== undefined) replication.becomeReplica({ writer: this.fresh.writer, schemas: this.fresh.schemas, generation: this.fresh.generation, sequence: this.fresh.sequence });
    const from = replication.applied!;
    this.lastCommit = Date.now();
    const js = jetstream(this.nc);
    const consumer = await js.consumers.get(this.names.stream, { opt_start_seq: from.sequence + 1 });
    // A pull every few seconds and a heartbeat each second: after NATS comes back, a stalled
    // pull is noticed in about two seconds rather than the client's default of a minute.
    this.messages = await consumer.consume({ max_messages: 4 * BATCH, expires: PULL_EXPIRES_MS, idle_heartbeat: HEARTBEAT_MS });
    this.consuming = this.consume(this.messages);
    replication.noteConnected(true);
    void this.watchConnection();
  }

  /** Calls `listener` after each applied change; answers the call that stops it. */
  onChange(listener: (change: AppliedChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once the writer's write transaction `generation` is applied here. */
  appliedUpTo(generation: number): Promise<void> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    if ((this.replication?.applied?.generation ?? 0) >= generation) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ generation, resolve, reject }));
  }

  health(): ReplicaHealth {
    const sequence = this.replication?.applied?.generation ?? 0;
    const waiting = this.pending + this.queue.length;
    return { sequence, lag: lagOf(waiting, this.lastCommit), pending: waiting, connected: this.online && !this.nc.isClosed() && this.failure === undefined };
  }

  get connection(): NatsConnection {
    return this.nc;
  }

  get streamNames(): StreamNames {
    return this.names;
  }

  async stop(): Promise<void> {
    // The connection first: closing the consumer alone waits for its pull to expire when NATS is away.
    await this.nc.close();
    await this.consuming;
  }

  private async watchConnection(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (status.type !== 'disconnect' && status.type !== 'reconnect') continue;
      this.online = status.type === 'reconnect';
      // The other serving processes of this replica read it from the folder.
      if (this.failure === undefined) this.replication?.noteConnected(this.online);
    }
  }

  private async consume(messages: ConsumerMessages): Promise<void> {
    for await (const m of messages) this.receive(m);
  }

  private receive(m: JsMsg): void {
    if (this.failure !== undefined) return;
    const schemas = m.headers?.get(SCHEMAS_HEADER) ?? '';
    if (schemas !== this.schemas) {
      this.fail(new ReplicaGapError(`the writer now serves other content-types (schemas' fingerprint ${schemas.slice(0, 12)}…, this replica's ${this.schemas.slice(0, 12)}…): restart this replica with the writer's schemas`));
      return;
    }
    this.queue.push({ bytes: m.data, sequence: m.seq, writer: m.headers?.get(WRITER_HEADER) ?? '' });
    this.pending = m.info.pending;
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.applyQueued());
    }
  }

  private applyQueued(): void {
    this.scheduled = false;
    if (this.failure !== undefined) return;
    while (this.queue.length > 0) {
      const writer = this.queue[0]!.writer;
      let n = 0;
      while (n < this.queue.length && n < BATCH && this.queue[n]!.writer === writer) n++;
      const batch = this.queue.splice(0, n);
      let changes: AppliedChange[];
      try {
        changes = this.replication!.apply(batch, { writer, schemas: this.schemas }, this.pending + this.queue.length);
      } catch (e) {
        this.fail(e);
        return;
      }
      for (const change of changes) {
        this.lastCommit = change.committedAt;
        for (const listener of this.listeners) listener(change);
      }
    }
    this.wake();
  }

  private wake(): void {
    const applied = this.replication?.applied?.generation ?? 0;
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      if (this.waiters[i]!.generation <= applied) this.waiters.splice(i, 1)[0]!.resolve();
    }
  }

  private fail(e: unknown): void {
    this.failure = e;
    this.settleFailed(e);
    this.onError(e);
    for (const w of this.waiters.splice(0)) w.reject(e);
    void this.messages?.close();
  }
}

/**
 * Whether the stream still holds every entry after `applied`, from the writer it follows, with
 * this replica's schemas (its last message says both).
 */
async function canResume(jsm: JetStreamManager, names: StreamNames, stream: StreamState, applied: AppliedPoint, schemas: string): Promise<boolean> {
  // A folder of other schemas (this replica's changed since it last ran) starts again.
  if (applied.schemas !== schemas) return false;
  if (stream.messages === 0) return true;
  if (stream.first_seq > applied.sequence + 1) return false;
  const last = await jsm.streams.getMessage(names.stream, { seq: stream.last_seq });
  return last?.header.get(WRITER_HEADER) === applied.writer && last.header.get(SCHEMAS_HEADER) === schemas;
}

/**
 * Puts the newest snapshot's file in the folder, with its settings; asks the writer for one when
 * the bucket has none a replica can go on from: one whose stream sequence is before `first`, the
 * stream's first message still held, would miss the entries retention removed.
 */
async function fromSnapshot(nc: NatsConnection, names: StreamNames, path: string, schemas: string, replicas: number, first: number): Promise<SnapshotTag> {
  const bucket = await openBucket(nc, names, replicas);
  // None yet, or one older than what the stream still holds: the writer makes one now.
  let newest = await newestSnapshot(bucket);
  if (newest === undefined || newest.tag.sequence + 1 < first) {
    await askForSnapshot(nc, names, SNAPSHOT_WAIT_MS).catch((e: unknown) => {
      throw new ReplicaStartError(`no snapshot of stream ${names.stream} a replica can start from, and ${(e as Error).message} (is a writer running with --publish?)`, { cause: e });
    });
    newest = await newestSnapshot(bucket);
    if (newest === undefined || newest.tag.sequence + 1 < first) throw new ReplicaStartError(`no snapshot of stream ${names.stream} a replica can start from: the writer could not make one`);
  }
  const { info, tag } = newest;
  if (tag.schemas !== schemas) {
    throw new ReplicaStartError(`the writer of stream ${names.stream} serves other content-types: its schemas' fingerprint is ${tag.schemas.slice(0, 12)}…, this replica's ${schemas.slice(0, 12)}… (start it with the writer's schemas)`);
  }
  mkdirSync(path, { recursive: true });
  const incoming = join(path, 'incoming.mdb');
  try {
    await downloadSnapshot(bucket, info, incoming);
    renameSync(incoming, join(path, 'data.mdb'));
  } finally {
    rmSync(incoming, { force: true });
  }
  // The lock file describes the old file's readers.
  if (existsSync(join(path, 'lock.mdb'))) rmSync(join(path, 'lock.mdb'));
  keepFolderSettings(path, tag.settings);
  return tag;
}
