import { connect, type ConnectionOptions, type NatsConnection } from '@nats-io/transport-node';

/** Where a writer publishes and a replica follows: the NATS servers, the stream's name, and how to log in. */
export interface ReplicationSettings {
  /** `nats://HOST:PORT`, several separated by commas (any node of a cluster). */
  readonly url: string;
  /** The stream's name (default `quarry`): several Quarry writers can share one NATS with a name each. */
  readonly stream?: string;
  readonly user?: string;
  readonly password?: string;
  readonly token?: string;
  /** Copies of the stream (and the snapshots' bucket) the cluster keeps, when the writer makes them: 1 on one node, 3 on a cluster of three. */
  readonly streamReplicas?: number;
}

export const DEFAULT_STREAM = 'quarry';

/** Settings from a bare `nats://...` address (the default stream, no credentials) or as they are. */
export const settingsOf = (given: string | ReplicationSettings): ReplicationSettings => (typeof given === 'string' ? { url: given } : given);

/** The names a writer and its replicas agree on, from the stream's. */
export interface StreamNames {
  readonly stream: string;
  /** Change entries, one message per write transaction. */
  readonly changes: string;
  /** Writes a replica forwards to the writer (request/reply). */
  readonly writes: string;
  /** A replica's request for a new snapshot. */
  readonly snapshotRequests: string;
  /** The object store bucket of snapshots. */
  readonly bucket: string;
}

const NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function streamNames(settings: ReplicationSettings): StreamNames {
  const stream = settings.stream ?? DEFAULT_STREAM;
  if (!NAME.test(stream)) throw new RangeError(`the stream name must be 1-64 letters, digits, - or _, got "${stream}"`);
  return {
    stream,
    changes: `quarry.${stream}.changes`,
    writes: `quarry.${stream}.writes`,
    snapshotRequests: `quarry.${stream}.snapshot`,
    bucket: `${stream}-snapshots`,
  };
}

/** Connects to the servers `url` names, reconnecting for as long as the process runs. */
export function connectNats(settings: ReplicationSettings, name: string): Promise<NatsConnection> {
  const servers = settings.url.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  if (servers.length === 0) throw new RangeError('no NATS server to connect to');
  const options: ConnectionOptions = {
    servers,
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    ...(settings.user !== undefined ? { user: settings.user, pass: settings.password } : {}),
    ...(settings.token !== undefined ? { token: settings.token } : {}),
  };
  return connect(options);
}

/** What JetStream answers while a cluster has no leader yet (its first seconds, a failover) or a node is coming back. */
const PASSING = /timeout|no responders|no suitable peers|leader|not available|temporarily/i;
/** How long starting a writer or a replica waits for JetStream to answer. */
export const START_PATIENCE_MS = 60_000;

/**
 * `attempt` until it answers, for up to START_PATIENCE_MS while JetStream's errors are the
 * passing kind (PASSING); any other error at once. A three-node cluster took 5-10 s here to elect
 * its leader after its nodes were ready, or after one was killed.
 */
export async function whenJetStreamAnswers<T>(attempt: () => Promise<T>): Promise<T> {
  const until = Date.now() + START_PATIENCE_MS;
  for (let wait = 100; ; wait = Math.min(wait * 2, 2_000)) {
    try {
      return await attempt();
    } catch (e) {
      if (!(e instanceof Error) || !PASSING.test(`${e.name} ${e.message}`) || Date.now() + wait > until) throw e;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
