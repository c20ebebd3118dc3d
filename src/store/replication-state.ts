import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { open, type Key } from 'lmdb';
import { APPLIED, PUBLISHED, STATE_DB, WRITER, type AppliedPoint, type StreamPoint } from './outbox.js';

/** What a folder holds of replication, read without its content-types (a snapshot, or a replica's folder before it opens). */
export interface FolderReplicationState {
  /** Its last committed write transaction (Store.writeGeneration). */
  readonly generation: number;
  readonly writer: string | undefined;
  readonly published: StreamPoint | undefined;
  readonly applied: AppliedPoint | undefined;
}

/** The state of the folder `path`, or undefined when it has no LMDB file. */
export async function readReplicationState(path: string): Promise<FolderReplicationState | undefined> {
  if (!existsSync(join(path, 'data.mdb'))) return undefined;
  const env = open({ path, noSubdir: false, readOnly: true, maxDbs: 16 });
  try {
    const names = new Set([...env.getKeys()] as string[]);
    const generation = names.has('meta') ? ((env.openDB<unknown, Key[]>({ name: 'meta' }).get(['generation']) as number | undefined) ?? 0) : 0;
    const state = names.has(STATE_DB) ? env.openDB<unknown, Key[]>({ name: STATE_DB }) : undefined;
    return {
      generation,
      writer: state?.get(WRITER) as string | undefined,
      published: state?.get(PUBLISHED) as StreamPoint | undefined,
      applied: state?.get(APPLIED) as AppliedPoint | undefined,
    };
  } finally {
    await env.close();
  }
}
