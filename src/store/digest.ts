import { createHash } from 'node:crypto';
import type { Key, RootDatabase } from 'lmdb';
import { isRowDbName } from './dbs.js';

/** One named database's entries: how many, and a SHA-256 of their keys and values as stored, in key order. */
export interface DbDigest {
  readonly entries: number;
  readonly sha256: string;
}

/** What is a folder's own and no replica's: its replication state and outbox, and its API tokens. */
const OWN = new Set(['outbox', 'replication', 'tokens']);

/**
 * Every named database of a folder but its own state (OWN), by name: two folders with equal
 * digests hold the same content, byte for byte (rows, indexes, link lists and their order keys,
 * counters), whatever their file's layout (`quarry check --compare`).
 */
export function digestOf(env: RootDatabase): Map<string, DbDigest> {
  const out = new Map<string, DbDigest>();
  const names = ([...env.getKeys()] as string[]).filter((name) => typeof name === 'string' && !OWN.has(name)).sort();
  for (const name of names) {
    const db = env.openDB<Buffer, Key>({ name, encoding: 'binary', keyEncoding: isRowDbName(name) ? 'uint32' : 'binary' });
    const hash = createHash('sha256');
    let entries = 0;
    for (const { key, value } of db.getRange({})) {
      const keyBytes = typeof key === 'number' ? Buffer.from(Uint32Array.of(key).buffer) : (key as Buffer);
      hash.update(Uint32Array.of(keyBytes.length, value.length)).update(keyBytes).update(value);
      entries++;
    }
    out.set(name, { entries, sha256: hash.digest('hex') });
  }
  return out;
}
