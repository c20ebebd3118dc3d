import type { Key } from 'lmdb';
import { ROW_IDS, type Dbs, type RowDb } from './dbs.js';
import { mayBeCut, sortIndexValues, type IndexValue } from './index-keys.js';
import { eachRowEntry, type IndexedField } from './indexed-fields.js';
import { U32List } from './growable.js';
import { OrderedWriter, putSet } from './ordered-writer.js';
import type { Row } from './layout.js';

/** A type whose index sets are built from its stored rows, every one of them in scope `s`. */
export interface BuildTarget {
  readonly t: number;
  readonly s: string;
  readonly fields: readonly IndexedField[];
  readonly db: RowDb;
  /** Own fields its rows keep as milliseconds (row-times.ts): their keys are the stored numbers. */
  readonly instants: readonly string[];
  /** Its rows' ids by documentId (their entries in `docs`, not written yet): emptied once written. */
  readonly docs: Map<string, number>;
}

/** One index's sets while they are gathered: a value's one id as the number, more in a list. */
type Gathered = Map<IndexValue, number | U32List>;

/** How a build holds memory and transactions in bounds (tests make them small). */
export interface BuildLimits {
  /**
   * How much memory a pass's gathered sets may take, estimated from a sample of rows: a
   * million-row type's indexes together took more than the rest of its import, so its fields
   * are gathered a few at a time, each group in one pass over the rows.
   */
  readonly passBytes: number;
  /** Entries written per write transaction: LMDB holds a transaction's pages until it commits. */
  readonly batch: number;
}

export const BUILD_LIMITS: BuildLimits = { passBytes: 256 * 1024 ** 2, batch: 200_000 };

const SAMPLE_ROWS = 2_000;
/** What a distinct value costs gathered besides its text: its map slot and key (measured roughly). */
const VALUE_BYTES = 48;

/**
 * Builds a type's indexes from its rows, as a bulk load does once its rows are written, instead
 * of adding each row to them as it comes: its documentId lookup from the ids the load kept in
 * memory, then its field index sets, gathered in memory from one pass over the rows (or a few,
 * `passBytes`). Each is written in key order, each entry once, appended at the end of its
 * database when nothing comes after it there (each page filled before the next is begun, as the
 * compaction writes them). Rows are read in id order, so every set's ids come ascending.
 *
 * Yields after every `batch` entries written, so that the caller commits (`Store.buildIndexes`).
 */
export function* buildIndexSets(dbs: Pick<Dbs, 'idx' | 'docs' | 'blockFormat'>, target: BuildTarget, limits: BuildLimits): Generator<void, void, void> {
  let written = 0;
  const docs = sortIndexValues([...target.docs.keys()]) as string[];
  const docKey: Key[] = [target.t, docs[0] ?? '', target.s];
  const docWriter = new OrderedWriter(dbs.docs, docKey);
  // The documentId index holds what the lookup does: written beside it when it comes first in key order (as a layout lists it).
  const first = firstByCode(target.fields);
  const byDocumentId = first?.name === 'documentId' && first.path === undefined && first.index === 'ordered' && first.gramCode === undefined && docs.every((d) => !mayBeCut(d)) ? first : undefined;
  const idKey: Key[] = [target.t, byDocumentId?.code ?? 0, target.s, docs[0] ?? '', 0];
  const idWriter = byDocumentId && new OrderedWriter(dbs.idx, idKey);
  for (const documentId of docs) {
    const id = target.docs.get(documentId)!;
    docKey[1] = documentId;
    docWriter.put(docKey, id);
    if (idWriter) {
      idKey[3] = documentId;
      putSet(idWriter, idKey, Uint32Array.of(id), dbs.blockFormat);
    }
    if (++written % limits.batch === 0) yield;
  }
  // A million documentIds take a hundred MB: not kept through the passes.
  target.docs.clear();
  for (const fields of passes(target.fields.filter((f) => f !== byDocumentId), target, limits.passBytes)) {
    const gathered = gather(target, fields);
    for (const code of [...gathered.keys()].sort((a, b) => a - b)) {
      const sets = gathered.get(code)!;
      const values = sortIndexValues([...sets.keys()]);
      // One key array, its value and block id set before each put (lmdb-js encodes it at once).
      const key: Key[] = [target.t, code, target.s, values[0]!, 0];
      const writer = new OrderedWriter(dbs.idx, key);
      for (const value of values) {
        const set = sets.get(value)!;
        key[3] = value as Key;
        written += putSet(writer, key, typeof set === 'number' ? Uint32Array.of(set) : set.view(), dbs.blockFormat);
        if (written >= limits.batch) {
          written = 0;
          yield;
        }
      }
      gathered.delete(code);
    }
  }
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

function listOf(first: number, second: number): U32List {
  const list = new U32List();
  list.push(first);
  list.push(second);
  return list;
}

function gather(target: BuildTarget, fields: readonly IndexedField[]): Map<number, Gathered> {
  // By code in an array: codes are small integers, and a map lookup per entry showed in profiles.
  const byCode: (Gathered | undefined)[] = [];
  let id = 0;
  const visit = (code: number, v: IndexValue) => {
    const sets = (byCode[code] ??= new Map());
    const set = sets.get(v);
    if (set === undefined) sets.set(v, id);
    else if (typeof set === 'number') {
      if (set !== id) sets.set(v, listOf(set, id));
    } else if (set.at(set.length - 1) !== id) set.push(id);
  };
  for (const [rowId, row] of storedRows(target)) {
    id = rowId;
    for (const f of fields) eachStoredEntry(target, f, row, visit);
  }
  const gathered = new Map<number, Gathered>();
  byCode.forEach((sets, code) => gathered.set(code, sets!));
  return gathered;
}

/** The field whose index sets come first in key order. */
const firstByCode = (fields: readonly IndexedField[]): IndexedField | undefined => fields.reduce<IndexedField | undefined>((a, f) => (a === undefined || f.code < a.code ? f : a), undefined);

/** Fields in groups whose sets are estimated to fit `passBytes` together, in the order of their codes. */
function passes(of: readonly IndexedField[], target: BuildTarget, passBytes: number): IndexedField[][] {
  const fields = [...of].sort((a, b) => a.code - b.code);
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
    if (group.length > 0 && bytes + estimate > passBytes) {
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
