import { ROW_IDS, type RowDb } from './dbs.js';
import { U32List } from './growable.js';
import { eachTrigramKey, sortIndexValues, trigramOfKey, type IndexValue } from './index-keys.js';
import { codesOf, eachRowEntry, type IndexedField } from './indexed-fields.js';
import type { Row } from './layout.js';
import { isRowInstant } from './row-times.js';

/**
 * One index code's sets in key order: the ids of `values[i]` are `sole[i]` alone, or, where that
 * is 0 (no row id is), `lists.get(i)`, ascending: the lists as they were gathered, not copied into
 * one array (a million rows' trigram sets are 80 MB).
 */
export interface CodeSets {
  readonly code: number;
  readonly values: readonly IndexValue[];
  readonly sole: Uint32Array;
  readonly lists: ReadonlyMap<number, Uint32Array>;
}

/** One index's sets while they are gathered: a value's one id as the number, more in a list. */
type Gathered = Map<IndexValue, number | U32List>;

const SAMPLE_ROWS = 2_000;
/**
 * How many times `passBytes` a load's first pass may take when that holds every code, so that no
 * second pass reads the rows again: at 100k restaurants, the one pass instead of two took an
 * import from 7.28 to 6.84 s (medians of 10, alternating); at 1M the codes outgrow it early, and
 * the pass keeps `passBytes`.
 */
export const WHOLE_PASS = 2;
/** What a distinct value costs gathered besides its text, measured (a million of each): a number's map slot and key; a text's, with the text's own header. */
const VALUE_BYTES = 48;
const TEXT_BYTES = 128;

/** The codes one pass over the rows gathers, and the fields that visit them (a field's other codes left out). */
interface Pass {
  readonly codes: readonly number[];
  readonly fields: readonly IndexedField[];
}

/**
 * The index sets of `codes` (every code of `fields`) over every stored row, code by code in ascending order: the codes
 * are gathered in groups estimated from a sample of rows to take `passBytes` of memory together
 * (a million rows' indexes all at once took more than the rest of their import; a million names'
 * three codes, 450 MB), each group in one pass over the rows. Rows are read in id order, so every
 * set's ids come ascending.
 */
export function* gatherSets(rows: RowDb, fields: readonly IndexedField[], passBytes: number, codes = codesOf(fields)): Generator<CodeSets, void, void> {
  if (codes.length === 0) return;
  const grams = gramCodesOf(fields);
  for (const pass of passes(rows, fields, passBytes, codes)) yield* inKeyOrder(pass.codes, gather(rows, pass), grams);
}

/** A code's gathered sets in key order; a trigram code's are keyed as `eachTrigramKey` visits them. */
function packed(code: number, gathered: Gathered, grams: boolean): CodeSets {
  const sets = grams ? new Map([...gathered].map(([key, set]) => [trigramOfKey(key as string | number), set])) : gathered;
  const values = sortIndexValues([...sets.keys()]);
  const sole = new Uint32Array(values.length);
  const lists = new Map<number, Uint32Array>();
  values.forEach((value, i) => {
    const set = sets.get(value)!;
    if (typeof set === 'number') sole[i] = set;
    else lists.set(i, set.view());
  });
  return { code, values, sole, lists };
}

/**
 * `gatherSets` while a load is still writing the rows: the first codes are gathered in one pass
 * that reads each commit's new rows as it comes, as many codes as are estimated to fit
 * `passBytes` (fewer as rows come: the last ones are let go), and the rest once every row is
 * written, as `gatherSets` would. A thread that waited for the last row took as long as the
 * load's rows and links together, and the load then waited for it.
 */
export function* gatherGrowing(rows: RowDb, fields: readonly IndexedField[], passBytes: number, growing: GrowingRows): Generator<CodeSets, void, void> {
  const codes = codesOf(fields);
  const byCode: (Gathered | undefined)[] = [];
  for (const code of codes) byCode[code] = new Map();
  const visit = visitor(byCode);
  let kept = codes.length;
  let visiting = fields;
  let after = 0;
  let read = 0;
  let sample: ReturnType<typeof sampledBytes> | undefined;
  for (;;) {
    // Asked before the snapshot is renewed: once the load has written every row, the next snapshot holds them all.
    const complete = growing.complete();
    growing.renew();
    for (const [rowId, row] of storedRows(rows, undefined, after)) {
      visit.id = rowId;
      after = rowId;
      read++;
      for (const f of visiting) eachStoredEntry(f, row, visit.entry);
    }
    if (sample === undefined && read >= SAMPLE_ROWS) sample = sampledBytes(rows, fields);
    if (sample !== undefined) {
      const { bytes, sampled } = sample;
      const estimate = (n: number) => (codes.slice(0, n).reduce((sum, code) => sum + (bytes[code] ?? 0), 0) * read) / sampled;
      const before = kept;
      // While every code fits twice the bound, all are kept: a second pass reads every row again.
      const bound = kept === codes.length && estimate(kept) <= passBytes * WHOLE_PASS ? passBytes * WHOLE_PASS : passBytes;
      while (kept > 0 && estimate(kept) > bound) byCode[codes[--kept]!] = undefined;
      if (kept < before) visiting = fieldsVisiting(fields, new Set(codes.slice(0, kept)));
    }
    if (complete) break;
    growing.wait();
  }
  yield* inKeyOrder(codes.slice(0, kept), byCode, gramCodesOf(fields));
  yield* gatherSets(rows, fields, passBytes, codes.slice(kept));
}

/** Rows that a load is still writing, as a thread reading them sees them. */
export interface GrowingRows {
  /** Whether the load has written (and committed) every row. */
  complete(): boolean;
  /** Waits until more rows are committed, or every one is. */
  wait(): void;
  /** Renews the snapshot the rows are read in. */
  renew(): void;
}

/** Every row in id order (those after `after`). */
function* storedRows(rows: RowDb, limit?: number, after = 0): Generator<readonly [number, Row]> {
  for (const { key, value } of rows.getRange({ ...ROW_IDS, start: Math.max(ROW_IDS.start, after + 1), limit })) yield [key, value as Row];
}

/** Each code's gathered sets in key order, one code at a time. */
function* inKeyOrder(codes: readonly number[], byCode: (Gathered | undefined)[], grams: ReadonlySet<number>): Generator<CodeSets, void, void> {
  for (const code of codes) {
    const sets = byCode[code]!;
    byCode[code] = undefined;
    if (sets.size === 0) continue;
    const inOrder = packed(code, sets, grams.has(code));
    // Each code's map goes as soon as its sets are in order, before the caller takes them: a million names' map is 110 MB besides the names.
    sets.clear();
    yield inOrder;
  }
}

/** Visits a stored row's index entries for one field, as `eachRowEntry` visits the row it was written from. */
function eachStoredEntry(f: IndexedField, row: Row, visit: (code: number, v: IndexValue) => void): void {
  // A number in a field rows keep as milliseconds is the instant it was written as (row-times.ts), which is its key.
  const value = row[f.name];
  if (typeof value === 'number' && isRowInstant(f)) visit(f.code, value);
  // Trigrams under their keys, each occurrence: the visitor keeps a row's id once per set.
  else eachRowEntry(f, row, visit, eachTrigramKey);
}

/** The trigram codes of `fields`. */
const gramCodesOf = (fields: readonly IndexedField[]): ReadonlySet<number> => new Set(fields.flatMap((f) => (f.gramCode === undefined ? [] : [f.gramCode])));

function listOf(first: number, second: number): U32List {
  const list = new U32List();
  list.push(first);
  list.push(second);
  return list;
}

/** What adds a row's entries to the sets of `byCode` (by code in an array: codes are small integers, and a map lookup per entry showed in profiles); `id` is the row's. */
function visitor(byCode: (Gathered | undefined)[]): { id: number; readonly entry: (code: number, v: IndexValue) => void } {
  const visit = {
    id: 0,
    entry: (code: number, v: IndexValue) => {
      const sets = byCode[code];
      if (sets === undefined) return;
      const id = visit.id;
      const set = sets.get(v);
      if (set === undefined) sets.set(v, id);
      else if (typeof set === 'number') {
        if (set !== id) sets.set(v, listOf(set, id));
      } else if (set.at(set.length - 1) !== id) set.push(id);
    },
  };
  return visit;
}

function gather(rows: RowDb, { codes, fields }: Pass): (Gathered | undefined)[] {
  const byCode: (Gathered | undefined)[] = [];
  for (const code of codes) byCode[code] = new Map();
  const visit = visitor(byCode);
  for (const [rowId, row] of storedRows(rows)) {
    visit.id = rowId;
    for (const f of fields) eachStoredEntry(f, row, visit.entry);
  }
  return byCode;
}

/** `codes` (ascending) in groups whose sets are estimated to fit `passBytes` together. */
function passes(rows: RowDb, fields: readonly IndexedField[], passBytes: number, codes: readonly number[]): Pass[] {
  const { bytes, sampled } = sampledBytes(rows, fields);
  const count = rowCount(rows);
  const groups: number[][] = [];
  let group: number[] = [];
  let total = 0;
  for (const code of codes) {
    const estimate = ((bytes[code] ?? 0) * count) / sampled;
    if (group.length > 0 && total + estimate > passBytes) {
      groups.push(group);
      group = [];
      total = 0;
    }
    group.push(code);
    total += estimate;
  }
  if (group.length > 0) groups.push(group);
  return groups.map((codes) => ({ codes, fields: fieldsVisiting(fields, new Set(codes)) }));
}

/** What the sets of each code of the first SAMPLE_ROWS rows take (an id's 4 bytes, and each distinct value's), by code; and how many rows that is. */
function sampledBytes(rows: RowDb, fields: readonly IndexedField[]): { readonly bytes: readonly (number | undefined)[]; readonly sampled: number } {
  const bytes: number[] = [];
  const seen = new Set<string>();
  let sampled = 0;
  for (const [, row] of storedRows(rows, SAMPLE_ROWS)) {
    sampled++;
    for (const f of fields) {
      eachStoredEntry(f, row, (code, v) => {
        bytes[code] = (bytes[code] ?? 0) + 4;
        const key = `${code}:${typeof v}:${String(v)}`;
        if (seen.has(key)) return;
        seen.add(key);
        bytes[code]! += typeof v === 'string' ? TEXT_BYTES + v.length : VALUE_BYTES;
      });
    }
  }
  return { bytes, sampled: Math.max(1, sampled) };
}

/** The fields that visit some of `codes`, each without the folded twin or trigrams that it would visit in vain. */
function fieldsVisiting(fields: readonly IndexedField[], codes: ReadonlySet<number>): IndexedField[] {
  const wanted = (code: number | undefined) => (code !== undefined && codes.has(code) ? code : undefined);
  return fields
    .filter((f) => codes.has(f.code) || wanted(f.foldedCode) !== undefined || wanted(f.gramCode) !== undefined)
    .map((f) => ({ ...f, foldedCode: wanted(f.foldedCode), gramCode: wanted(f.gramCode) }));
}

/** About how many rows a type has: its row database's entries. */
const rowCount = (rows: RowDb): number => (rows.getStats() as { entryCount: number }).entryCount;
