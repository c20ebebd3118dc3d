import type { Binary, Database, Key } from 'lmdb';
import { MAX } from './keys.js';
import { compareKeys } from './pending-sets.js';
import { blockBytes, plainBytes, wholeSet, type BlockFormat } from './posting-values.js';

/**
 * Puts keys in ascending order, appended (MDB_APPEND: each page filled before the next is begun)
 * when the first comes after every key the database holds, which MDB_APPEND needs; written
 * otherwise as any put is.
 */
export class OrderedWriter<V> {
  private readonly options: { readonly append: boolean };

  constructor(private readonly db: Database<V, Key[]>, first: readonly Key[]) {
    let append = true;
    // A reverse range needs both ends here: without them lmdb-js reads nothing through our key encoder.
    for (const last of db.getKeys({ reverse: true, start: [MAX], end: [null as unknown as Key], limit: 1 })) append = compareKeys(last as Key[], first) < 0;
    this.options = { append };
  }

  /** Puts `value`, or bytes already encoded as the database stores its values (lmdb's `asBinary`). */
  put(key: Key[], value: V | Binary): void {
    // lmdb-js answers false, writing nothing, for an appended key that does not come last.
    if (!(this.db.putSync(key, value as V, this.options) as unknown as boolean)) throw new Error(`the entry ${JSON.stringify(key)} is out of order`);
  }
}

/** A set of one id as written: the id alone (a scratch buffer, copied by each put). */
const sole = Buffer.alloc(4);

/** Where `putSet` puts a set's entries: an `OrderedWriter`, or a database's own puts. */
export interface SetPuts {
  put(key: Key[], value: Buffer): void;
}

/**
 * Writes a non-empty posting set afresh (postings.ts has the format), its entries in key order:
 * `key` is its prefix and one slot more, set here to the directory's 0 and then each block's
 * first id. Answers how many entries it wrote.
 */
export function putSet(writer: SetPuts, key: Key[], ids: Uint32Array, format: BlockFormat): number {
  const last = key.length - 1;
  key[last] = 0;
  if (ids.length === 1) {
    // Most sets are one row's (an exact value's): the directory is the id alone.
    sole.writeUInt32LE(ids[0]!);
    writer.put(key, sole);
    return 1;
  }
  const { directory, blocks } = wholeSet(ids);
  writer.put(key, plainBytes(directory));
  for (const block of blocks) {
    key[last] = block[0]!;
    writer.put(key, blockBytes(format, block));
  }
  return 1 + blocks.length;
}
