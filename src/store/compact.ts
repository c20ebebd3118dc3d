import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { open, type Key, type RootDatabase } from 'lmdb';
import { isRowDbName } from './dbs.js';
import { syncToDisk } from './folder-settings.js';

export interface CompactResult {
  readonly bytesBefore: number;
  readonly bytesAfter: number;
}

export interface CompactOptions {
  /**
   * Rewrite every B-tree entry by entry, appended in key order (the default), rather than copy its
   * pages as they are: for folders whose pages were not all written appended.
   */
  readonly repack?: boolean;
}

/**
 * Rewrites a data folder's LMDB file without its free pages, and with `repack` every page full.
 * A bulk load leaves tens of thousands of pages on LMDB's free list (pages its large
 * transactions replaced), and while that list is long every later commit rewrites it, so commits
 * stay slow until it drains (figures: bench/results/README.md). And B-trees written entry by
 * entry are half empty: LMDB splits a full page in the middle, so pages written in order stay
 * half full, and pages written in no order about two thirds. Appended in key order (MDB_APPEND),
 * each page is filled before the next begins: a 100k import's folder took about 40% less room,
 * and reads cross fewer pages. A folder written appended already (a bulk load of types it builds
 * in key order: Store.buildIndexesLater) needs only LMDB's own compacting copy, a twentieth of
 * the time.
 *
 * The file is replaced: nothing else may have the folder open (no server, no other Quarry).
 */
export async function compactStore(path: string, { repack = true }: CompactOptions = {}): Promise<CompactResult> {
  const file = join(path, 'data.mdb');
  const bytesBefore = statSync(file).size;
  const copy = join(path, 'compacting');
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy);
  const from = open({ path, noSubdir: false, maxDbs: 1024, readOnly: true });
  try {
    if (repack) await repackInto(from, copy, statSync(file).size);
    // MDB_CP_COMPACT: the pages in use, renumbered in order, the free ones left out.
    else await from.backup(copy, true);
  } finally {
    await from.close();
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

async function repackInto(from: RootDatabase, copy: string, size: number): Promise<void> {
  // No writable map: it would make the file as large as the map.
  const to = open({ path: copy, noSubdir: false, maxDbs: 1024, noSync: true, mapSize: size + 64 * 1024 ** 2 });
  try {
    for (const name of [...from.getKeys()] as string[]) copyInOrder(from, to, name);
  } finally {
    await to.close();
  }
}

/** Entries per write transaction of the copy: a transaction holds its pages in memory until it commits. */
const COPY_BATCH = 100_000;

/** Copies one named database's entries as stored bytes, appended in its key order. */
function copyInOrder(from: RootDatabase, to: RootDatabase, name: string): void {
  // Row ids are native integers (MDB_INTEGERKEY): their order is the integers', not their bytes'.
  const keyEncoding = isRowDbName(name) ? 'uint32' : 'binary';
  const source = from.openDB<Buffer, Key>({ name, encoding: 'binary', keyEncoding });
  const target = to.openDB<Buffer, Key>({ name, encoding: 'binary', keyEncoding });
  let after: Key | undefined;
  for (;;) {
    let copied = 0;
    to.transactionSync(() => {
      for (const { key, value } of source.getRange({ start: after, exclusiveStart: after !== undefined, limit: COPY_BATCH })) {
        target.putSync(key, value, { append: true });
        after = key;
        copied++;
      }
    });
    if (copied < COPY_BATCH) return;
  }
}
