import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { open, type Key } from 'lmdb';
import { GENERATION_KEY, hasDb } from './dbs.js';
import { replicationStateIn, type ReplicationState } from './outbox.js';

/** What a folder holds of replication, read without its content-types (a snapshot, or a replica's folder before it opens). */
export interface FolderReplicationState extends Partial<ReplicationState> {
  /** Its last committed write transaction (Store.writeGeneration). */
  readonly generation: number;
}

/** The state of the folder `path`, or undefined when it has no LMDB file. */
export async function readReplicationState(path: string): Promise<FolderReplicationState | undefined> {
  if (!existsSync(join(path, 'data.mdb'))) return undefined;
  const env = open({ path, noSubdir: false, readOnly: true, maxDbs: 16 });
  try {
    const generation = hasDb(env, 'meta') ? ((env.openDB<unknown, Key[]>({ name: 'meta' }).get(GENERATION_KEY) as number | undefined) ?? 0) : 0;
    return { generation, ...replicationStateIn(env) };
  } finally {
    await env.close();
  }
}
