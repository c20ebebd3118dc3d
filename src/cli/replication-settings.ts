import type { ReplicationSettings } from '../replication/settings.js';
import { UsageError } from './usage.js';
import type { Values } from './settings.js';

/** Settings of a serving command that publishes (`--publish`) or follows (`--replica-of`). */
export const REPLICATION_SETTINGS = ['publish', 'replicaOf', 'stream', 'streamReplicas', 'snapshotEvery', 'natsUser', 'natsPassword', 'natsToken'] as const;

export interface Replication {
  readonly publish: ReplicationSettings | undefined;
  readonly replicaOf: ReplicationSettings | undefined;
  readonly snapshotEveryMs: number;
}

/** The NATS credentials the settings give, none when unset. */
export function credentialsOf(s: Values<'natsUser' | 'natsPassword' | 'natsToken'>): Pick<ReplicationSettings, 'user' | 'password' | 'token'> {
  return {
    ...(s.natsUser.value !== '' ? { user: s.natsUser.value, password: s.natsPassword.value } : {}),
    ...(s.natsToken.value !== '' ? { token: s.natsToken.value } : {}),
  };
}

export function replicationOf(s: Values<(typeof REPLICATION_SETTINGS)[number]>): Replication {
  if (s.publish.value !== '' && s.replicaOf.value !== '') throw new UsageError('--publish and --replica-of together: a Quarry is the writer or a replica, not both');
  const settings = (url: string): ReplicationSettings | undefined => url === '' ? undefined : {
    url, stream: s.stream.value, streamReplicas: s.streamReplicas.value, ...credentialsOf(s),
  };
  return { publish: settings(s.publish.value), replicaOf: settings(s.replicaOf.value), snapshotEveryMs: s.snapshotEvery.value * 60_000 };
}
