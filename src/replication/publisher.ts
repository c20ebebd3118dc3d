import { headers, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager, type PubAck } from '@nats-io/jetstream';
import type { StoreReplication, StreamPoint } from '../store/replication.js';
import { whenJetStreamAnswers, type StreamNames } from './settings.js';

/** Message headers of a change entry: whose, which write transaction, and the writer's schema fingerprint. */
export const WRITER_HEADER = 'Quarry-Writer';
export const SCHEMAS_HEADER = 'Quarry-Schemas';
export const GENERATION_HEADER = 'Quarry-Generation';

/** Entries sent before the first of them is acknowledged. */
const WINDOW = 256;
/** How often the outbox is read when no commit of this process says so: other serving processes write the folder too. */
const POLL_MS = 10;
const RETRY_MS = [100, 250, 500, 1000, 2000];
/** How long a send waits for JetStream's ack before it is sent again: a stopping writer waits as long for the sends in flight. */
const ACK_TIMEOUT_MS = 2_000;

export interface PublisherOptions {
  readonly nc: NatsConnection;
  readonly names: StreamNames;
  readonly replication: StoreReplication;
  /** The writer's schema fingerprint (schema/fingerprint.ts): a replica of other schemas stops rather than apply its entries. */
  readonly schemas: string;
  /** Copies of the stream a cluster keeps, when the publisher makes it. */
  readonly streamReplicas: number;
  /** Called with each failure to publish, which is retried (a NATS node down, no stream leader yet). */
  readonly onError?: (error: unknown) => void;
}

/**
 * Sends the outbox to the stream in generation order, trims it once JetStream acknowledged.
 * Each message's id is `<writer>:<generation>`, so a resend (after a crash between the ack and
 * the trim) is a duplicate JetStream drops; past its dedup window, the publisher's start reads
 * the stream's last message and trims what is there already. Within a window of entries in
 * flight, each expects the one before it to be the stream's last message: if one is lost, the
 * ones after it are refused rather than stored out of order, and all are sent again.
 */
export class Publisher {
  private running = true;
  private cue: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private point: StreamPoint = { generation: 0, sequence: 0 };
  private writer = '';
  private readonly js: JetStreamClient;

  constructor(private readonly options: PublisherOptions) {
    this.js = jetstream(options.nc);
  }

  /** The last entry JetStream acknowledged, and the stream sequence it has there. */
  get published(): StreamPoint {
    return this.point;
  }

  get writerId(): string {
    return this.writer;
  }

  /** Makes the stream when missing, finds where publishing stands, and starts sending. */
  async start(): Promise<void> {
    const { replication, names } = this.options;
    const last = await whenJetStreamAnswers(async () => ensureStream(await jetstreamManager(this.options.nc), names, this.options.streamReplicas));
    const start = replication.startPublishing();
    this.writer = start.writer;
    const published = replication.published;
    if (last !== undefined && last.writer === this.writer && last.generation >= (published?.generation ?? 0)) {
      // Sent before a crash and not trimmed: the stream has them.
      replication.trim({ generation: last.generation, sequence: last.sequence });
    } else {
      // A folder that never published to this stream (a new one, or one another writer wrote
      // last) goes on after whatever it holds: its next snapshot says so to replicas.
      replication.trim({ generation: published?.generation ?? start.generation, sequence: last?.sequence ?? 0 });
    }
    this.point = replication.published!;
    const stopCue = replication.onCommit(() => this.cue?.());
    this.loop = this.run().finally(stopCue);
  }

  async stop(): Promise<void> {
    this.running = false;
    this.cue?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      const entries = this.options.replication.pending(this.point.generation, WINDOW);
      if (entries.length === 0) {
        await this.wait(POLL_MS);
        continue;
      }
      const acks = await Promise.allSettled(entries.map((entry, i) => this.send(entry.generation, entry.bytes, i === 0 ? undefined : entries[i - 1]!.generation)));
      let last: StreamPoint | undefined;
      for (let i = 0; i < acks.length; i++) {
        const ack = acks[i]!;
        if (ack.status === 'rejected') {
          // One that fails as the writer stops (NATS away) is sent at its next start: not worth a word.
          if (this.running) this.options.onError?.(ack.reason);
          break;
        }
        last = { generation: entries[i]!.generation, sequence: ack.value.seq };
      }
      if (last !== undefined) {
        this.options.replication.trim(last);
        this.point = last;
      }
      if (last?.generation === entries.at(-1)!.generation) failures = 0;
      else await this.wait(RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]!);
    }
  }

  private send(generation: number, bytes: Uint8Array, previous: number | undefined): Promise<PubAck> {
    const h = headers();
    h.set(WRITER_HEADER, this.writer);
    h.set(SCHEMAS_HEADER, this.options.schemas);
    h.set(GENERATION_HEADER, String(generation));
    return this.js.publish(this.options.names.changes, bytes, {
      msgID: `${this.writer}:${generation}`,
      headers: h,
      timeout: ACK_TIMEOUT_MS,
      ...(previous !== undefined ? { expect: { lastMsgID: `${this.writer}:${previous}` } } : {}),
    });
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.cue = done;
    });
  }
}

/** The stream's last change entry, as its headers name it. */
export interface LastMessage {
  readonly writer: string;
  readonly generation: number;
  readonly sequence: number;
}

/** Makes the stream when it is missing; answers its last message (undefined when empty). */
export async function ensureStream(jsm: JetStreamManager, names: StreamNames, replicas: number): Promise<LastMessage | undefined> {
  let info;
  try {
    info = await jsm.streams.info(names.stream);
  } catch (e) {
    if (!isNotFound(e)) throw e;
    info = await jsm.streams.add({ name: names.stream, subjects: [names.changes], num_replicas: replicas, duplicate_window: 120 * 1e9 });
  }
  if (info.state.messages === 0) return undefined;
  const message = await jsm.streams.getMessage(names.stream, { seq: info.state.last_seq });
  if (message === null) return undefined;
  return {
    writer: message.header.get(WRITER_HEADER),
    generation: Number(message.header.get(GENERATION_HEADER)),
    sequence: message.seq,
  };
}

/** A JetStream answer that the stream (or consumer) is not there. */
export const isNotFound = (e: unknown): boolean => e instanceof Error && /not found/i.test(e.message);
