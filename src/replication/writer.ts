import { join } from 'node:path';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { ObjectStore } from '@nats-io/obj';
import type { FolderSettings } from '../store/folder-settings.js';
import type { StoreReplication, StreamPoint } from '../store/replication.js';
import { Publisher } from './publisher.js';
import { connectNats, streamNames, whenJetStreamAnswers, type ReplicationSettings, type StreamNames } from './settings.js';
import { askForSnapshot, newestSnapshot, openBucket, takeSnapshot, type SnapshotSource, type SnapshotTag } from './snapshots.js';

/** How often a publishing writer makes a snapshot by default: replicas starting later apply the stream from the newest. */
export const SNAPSHOT_EVERY_MS = 60 * 60 * 1000;

export interface WriterOptions {
  readonly settings: ReplicationSettings;
  /** The writer's folder. */
  readonly path: string;
  readonly replication: StoreReplication;
  readonly source: SnapshotSource;
  readonly schemas: string;
  readonly folderSettings: FolderSettings;
  readonly snapshotEveryMs?: number;
  /** A write a replica forwarded (documents/forwarding.ts, replication/forwarder.ts): answers the bytes of the reply. */
  readonly forwarded?: (request: Uint8Array) => Promise<Uint8Array>;
  readonly onError?: (error: unknown) => void;
}

/** Asks the writer publishing to the stream `settings` names for a snapshot now (`quarry snapshot`); its tag, once made. */
export async function requestSnapshot(settings: ReplicationSettings, timeoutMs = 600_000): Promise<SnapshotTag> {
  const nc = await connectNats(settings, 'quarry snapshot');
  try {
    return await askForSnapshot(nc, streamNames(settings), timeoutMs);
  } finally {
    await nc.close();
  }
}

/** A writer's side of replication (`quarry serve --publish`): the publisher, the snapshots, and the writes replicas forward. */
export class ReplicationWriter {
  private snapshotting: Promise<SnapshotTag> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly subscriptions: Subscription[] = [];

  private constructor(
    private readonly options: WriterOptions,
    private readonly nc: NatsConnection,
    private readonly names: StreamNames,
    private readonly publisher: Publisher,
    private readonly bucket: ObjectStore,
  ) {}

  static async start(options: WriterOptions): Promise<ReplicationWriter> {
    const names = streamNames(options.settings);
    const nc = await connectNats(options.settings, 'quarry writer');
    try {
      const replicas = options.settings.streamReplicas ?? 1;
      const publisher = new Publisher({ nc, names, replication: options.replication, schemas: options.schemas, streamReplicas: replicas, onError: options.onError });
      await publisher.start();
      const bucket = await whenJetStreamAnswers(() => openBucket(nc, names, replicas));
      const writer = new ReplicationWriter(options, nc, names, publisher, bucket);
      writer.listen();
      // Replicas need one to start from, of these schemas (the writer may have changed them since its last).
      await whenJetStreamAnswers(async () => {
        if ((await newestSnapshot(bucket, publisher.writerId))?.tag.schemas !== options.schemas) await writer.snapshot();
      });
      const every = options.snapshotEveryMs ?? SNAPSHOT_EVERY_MS;
      if (every > 0) writer.timer = setInterval(() => void writer.snapshot().catch(options.onError), every).unref();
      return writer;
    } catch (e) {
      await nc.close();
      throw e;
    }
  }

  /** The last entry JetStream acknowledged. */
  get published(): StreamPoint {
    return this.publisher.published;
  }

  /** Makes a snapshot now (one at a time: a call while one is being made answers that one). */
  snapshot(): Promise<SnapshotTag> {
    this.snapshotting ??= takeSnapshot(this.options.source, this.bucket, join(this.options.path, 'snapshot'), {
      schemas: this.options.schemas,
      settings: this.options.folderSettings,
    }).finally(() => (this.snapshotting = undefined));
    return this.snapshotting;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    for (const s of this.subscriptions) s.unsubscribe();
    // The sends in flight settle first (acknowledged, or timed out when NATS is away: closing the
    // connection under them while it reconnects made the NATS client write to an ended socket,
    // an uncaught error). Not drain: with NATS unreachable it would wait for a reconnection.
    // What was not acknowledged stays in the outbox for the next start.
    await this.publisher.stop();
    await this.nc.close();
    await this.snapshotting?.catch(() => undefined);
  }

  private listen(): void {
    const encoder = new TextEncoder();
    this.subscriptions.push(this.nc.subscribe(this.names.snapshotRequests, {
      callback: (error, message) => {
        if (error) return this.options.onError?.(error);
        this.snapshot().then(
          (tag) => message.respond(encoder.encode(JSON.stringify(tag))),
          (e: unknown) => message.respond(encoder.encode(JSON.stringify({ error: e instanceof Error ? e.message : String(e) }))),
        );
      },
    }));
    const forwarded = this.options.forwarded;
    if (forwarded === undefined) return;
    this.subscriptions.push(this.nc.subscribe(this.names.writes, {
      callback: (error, message) => {
        if (error) return this.options.onError?.(error);
        forwarded(message.data).then((reply) => message.respond(reply), this.options.onError);
      },
    }));
  }
}
