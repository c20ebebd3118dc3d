import type { Database, Key } from 'lmdb';
import { ROW_IDS, type RowDb } from './dbs.js';
import { compareIndexValues, type IndexValue } from './index-keys.js';
import { eachRowEntry, type IndexedField } from './indexed-fields.js';
import { MAX } from './keys.js';
import type { Row } from './layout.js';
import { compareKeys } from './pending-sets.js';
import { blockBytes, plainBytes, wholeSet, type BlockFormat } from './posting-values.js';

/** A type whose index sets are built from its stored rows, every one of them in scope `s`. */
export interface BuildTarget {
  readonly t: number;
  readonly s: string;
  readonly fields: readonly IndexedField[];
  readonly db: RowDb;
  /** Own fields its rows keep as milliseconds (row-times.ts): their keys are the stored numbers. */
  readonly instants: readonly string[];
}

/** One index's sets while they are gathered: a value's one id as the number, more in a list. */
type Gathered = Map<IndexValue, number | IdList>;

/** A set's ids, appended in ascending order. */
class IdList {
  ids = new Uint32Array(4);
  n = 0;

  constructor(first: number, second: number) {
    this.ids[0] = first;
    this.ids[1] = second;
    this.n = 2;
  }

  push(id: number): void {
    if (this.n === this.ids.length) {
      const grown = new Uint32Array(this.n * 2);
      grown.set(this.ids);
      this.ids = grown;
    }
    this.ids[this.n++] = id;
  }
}

/**
 * How much memory a pass's gathered sets may take, estimated from a sample of rows: a
 * million-row type's indexes together took more than the rest of its import, so its fields are
 * gathered a few at a time, each group in one pass over the rows.
 */
const PASS_BYTES = 256 * 1024 ** 2;
const SAMPLE_ROWS = 2_000;
/** What a distinct value costs gathered besides its text: its map slot and key (measured roughly). */
const VALUE_BYTES = 48;

/** Entries written per write transaction: LMDB holds a transaction's pages until it commits. */
export const BUILD_BATCH = 200_000;

/**
 * Builds a type's index sets from its rows, as a bulk load does once its rows are written,
 * instead of adding each row to its sets as it comes: the sets are gathered in memory from one
 * pass over the rows (or a few, PASS_BYTES), then written in key order, each once, appended at
 * the end of the database when nothing comes after them there (each page filled before the
 * next is begun, as the compaction writes them). Rows are read in id order, so every set's ids
 * come ascending.
 *
 * Yields after every BUILD_BATCH entries written, so that the caller commits (`Store.buildIndexes`).
 */
export function* buildIndexSets(idx: Database<Buffer, Key[]>, target: BuildTarget, blocks: BlockFormat): Generator<void, void, void> {
  for (const fields of passes(target)) {
    const gathered = gather(target, fields);
    let written = 0;
    for (const code of [...gathered.keys()].sort((a, b) => a - b)) {
      const sets = gathered.get(code)!;
      const values = [...sets.keys()].sort(compareIndexValues);
      // One key array, its value and block id set before each put (lmdb-js encodes it at once).
      const key: Key[] = [target.t, code, target.s, values[0]!, 0];
      const options = { append: afterEnd(idx, key) };
      const put = (first: number, bytes: Buffer) => {
        key[4] = first;
        // lmdb-js answers false, writing nothing, for an appended key that does not come last.
        if (!(idx.putSync(key, bytes, options) as unknown as boolean)) throw new Error(`the index entry ${JSON.stringify(key)} is out of order`);
      };
      for (const value of values) {
        const set = sets.get(value)!;
        key[3] = value as Key;
        if (typeof set === 'number') {
          // Most sets are one row's (an exact value's): its directory is the id alone (posting-values.ts).
          sole.writeUInt32LE(set);
          put(0, sole);
          written++;
        } else {
          const { directory, blocks: parts } = wholeSet(set.ids.subarray(0, set.n));
          put(0, plainBytes(directory));
          for (const part of parts) put(part[0]!, blockBytes(blocks, part));
          written += 1 + parts.length;
        }
        if (written >= BUILD_BATCH) {
          written = 0;
          yield;
        }
      }
      gathered.delete(code);
    }
  }
}

/** A set of one id as written: the id alone (a scratch buffer, copied by each put). */
const sole = Buffer.alloc(4);

/** Whether `first` comes after every key the database holds, so that it and the keys after it may be appended (MDB_APPEND refuses any other). */
function afterEnd(idx: Database<Buffer, Key[]>, first: Key[]): boolean {
  // A reverse range needs both ends here: without them lmdb-js reads nothing through our key encoder.
  for (const last of idx.getKeys({ reverse: true, start: [MAX], end: [null as unknown as Key], limit: 1 })) return compareKeys(last as Key[], first) < 0;
  return true;
}

/** Every row of the target in id order, with a row's own instants as the milliseconds they are stored as. */
function* storedRows(target: BuildTarget, limit?: number): Generator<readonly [number, Row]> {
  for (const { key, value } of target.db.getRange({ ...ROW_IDS, limit })) yield [key, value as Row];
}

/** Visits a stored row's index entries for one field, as `eachRowEntry` visits the row it was written from. */
function eachStoredEntry(target: BuildTarget, f: IndexedField, row: Row, visit: (code: number, v: IndexValue) => void): void {
  const value = f.path === undefined ? row[f.name] : undefined;
  // A number in an instant field is the instant it was written as (row-times.ts), which is its key.
  if (typeof value === 'number' && target.instants.includes(f.name)) visit(f.code, value);
  else eachRowEntry(f, row, visit);
}

function gather(target: BuildTarget, fields: readonly IndexedField[]): Map<number, Gathered> {
  const gathered = new Map<number, Gathered>();
  let id = 0;
  const visit = (code: number, v: IndexValue) => {
    let sets = gathered.get(code);
    if (!sets) gathered.set(code, (sets = new Map()));
    const set = sets.get(v);
    if (set === undefined) sets.set(v, id);
    else if (typeof set === 'number') {
      if (set !== id) sets.set(v, new IdList(set, id));
    } else if (set.ids[set.n - 1] !== id) set.push(id);
  };
  for (const [rowId, row] of storedRows(target)) {
    id = rowId;
    for (const f of fields) eachStoredEntry(target, f, row, visit);
  }
  return gathered;
}

/** The target's fields in groups whose sets are estimated to fit PASS_BYTES together, in the order of their codes. */
function passes(target: BuildTarget): IndexedField[][] {
  const fields = [...target.fields].sort((a, b) => a.code - b.code);
  const sample = new Map<IndexedField, { values: Set<string>; bytes: number }>(fields.map((f) => [f, { values: new Set(), bytes: 0 }]));
  let sampled = 0;
  for (const [, row] of storedRows(target, SAMPLE_ROWS)) {
    sampled++;
    for (const f of fields) {
      const s = sample.get(f)!;
      eachStoredEntry(target, f, row, (code, v) => {
        s.bytes += 4;
        const key = `${code}:${typeof v}:${String(v)}`;
        if (s.values.has(key)) return;
        s.values.add(key);
        s.bytes += VALUE_BYTES + (typeof v === 'string' ? v.length : 0);
      });
    }
  }
  const rows = (target.db.getStats() as { entryCount: number }).entryCount;
  const out: IndexedField[][] = [];
  let group: IndexedField[] = [];
  let bytes = 0;
  for (const f of fields) {
    const estimate = (sample.get(f)!.bytes * rows) / Math.max(1, sampled);
    if (group.length > 0 && bytes + estimate > PASS_BYTES) {
      out.push(group);
      group = [];
      bytes = 0;
    }
    group.push(f);
    bytes += estimate;
  }
  if (group.length > 0) out.push(group);
  return out;
}
