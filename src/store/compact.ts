import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { open } from 'lmdb';
import { syncToDisk } from './folder-settings.js';

export interface CompactResult {
  readonly bytesBefore: number;
  readonly bytesAfter: number;
}

/**
 * Rewrites a data folder's LMDB file without its free pages. A bulk load leaves tens of
 * thousands of pages on LMDB's free list (pages its large transactions replaced), and while
 * that list is long every later commit rewrites it, so commits stay slow until it drains (figures:
 * bench/results/README.md).
 *
 * The file is replaced: nothing else may have the folder open (no server, no other Quarry).
 */
export async function compactStore(path: string): Promise<CompactResult> {
  const file = join(path, 'data.mdb');
  const bytesBefore = statSync(file).size;
  const copy = join(path, 'compacting');
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy);
  const env = open({ path, noSubdir: false, maxDbs: 1024 });
  try {
    // mdb_env_copy2 with MDB_CP_COMPACT: live pages only, renumbered in order.
    await env.backup(copy, true);
  } finally {
    await env.close();
  }
  // The copy is the durable form of everything written before, which may not have been synced.
  syncToDisk(join(copy, 'data.mdb'));
  renameSync(join(copy, 'data.mdb'), file);
  syncToDisk(path);
  rmSync(copy, { recursive: true, force: true });
  // The lock file describes the old file's readers and transactions; LMDB makes a new one.
  const lock = join(path, 'lock.mdb');
  if (existsSync(lock)) rmSync(lock);
  return { bytesBefore, bytesAfter: statSync(file).size };
}
