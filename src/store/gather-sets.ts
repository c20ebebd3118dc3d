import { ROW_IDS, type RowDb } from './dbs.js';
import { U32List } from './growable.js';
import { sortIndexValues, type IndexValue } from './index-keys.js';
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
/** What a distinct value costs gathered besides its text, measured (a million of each): a number's map slot and key; a text's, with the text's own header. */
const VALUE_BYTES = 48;
const TEXT_BYTES = 128;

/** The codes one pass over the rows gathers, and the fields that visit them (a field's other codes left out). */
interface Pass {
  readonly codes: readonly number[];
  readonly fields: readonly IndexedField[];
}

/**
 * The index sets of `fields` over every stored row, code by code in ascending order: the codes
 * are gathered in groups estimated from a sample of rows to take `passBytes` of memory together
 * (a million rows' indexes all at once took more than the rest of their import; a million names'
 * three codes, 450 MB), each group in one pass over the rows. Rows are read in id order, so every
 * set's ids come ascending.
 */
export function* gatherSets(rows: RowDb, fields: readonly IndexedField[], passBytes: number): Generator<CodeSets, void, void> {
  for (const pass of passes(rows, fields, passBytes)) {
    const gathered = gather(rows, pass);
    for (const code of pass.codes) {
      const sets = gathered[code]!;
      gathered[code] = undefined;
      if (sets.size === 0) continue;
      const inOrder = packed(code, sets);
      // Each code's map goes as soon as its sets are in order, before the caller takes them: a million names' map is 110 MB besides the names.
      sets.clear();
      yield inOrder;
    }
  }
}

/** A code's gathered sets in key order. */
function packed(code: number, sets: Gathered): CodeSets {
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

/** Every row in id order. */
function* storedRows(rows: RowDb, limit?: number): Generator<readonly [number, Row]> {
  for (const { key, value } of rows.getRange({ ...ROW_IDS, limit })) yield [key, value as Row];
}

/** Visits a stored row's index entries for one field, as `eachRowEntry` visits the row it was written from. */
function eachStoredEntry(f: IndexedField, row: Row, visit: (code: number, v: IndexValue) => void): void {
  // A number in a field rows keep as milliseconds is the instant it was written as (row-times.ts), which is its key.
  const value = row[f.name];
  if (typeof value === 'number' && isRowInstant(f)) visit(f.code, value);
  else eachRowEntry(f, row, visit);
}

function listOf(first: number, second: number): U32List {
  const list = new U32List();
  list.push(first);
  list.push(second);
  return list;
}

function gather(rows: RowDb, { codes, fields }: Pass): (Gathered | undefined)[] {
  // By code in an array: codes are small integers, and a map lookup per entry showed in profiles.
  const byCode: (Gathered | undefined)[] = [];
  for (const code of codes) byCode[code] = new Map();
  let id = 0;
  const visit = (code: number, v: IndexValue) => {
    const sets = byCode[code];
    if (sets === undefined) return;
    const set = sets.get(v);
    if (set === undefined) sets.set(v, id);
    else if (typeof set === 'number') {
      if (set !== id) sets.set(v, listOf(set, id));
    } else if (set.at(set.length - 1) !== id) set.push(id);
  };
  for (const [rowId, row] of storedRows(rows)) {
    id = rowId;
    for (const f of fields) eachStoredEntry(f, row, visit);
  }
  return byCode;
}

/** Codes in groups whose sets are estimated to fit `passBytes` together, in ascending order. */
function passes(rows: RowDb, fields: readonly IndexedField[], passBytes: number): Pass[] {
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
  const count = rowCount(rows);
  const codes = codesOf(fields);
  const groups: number[][] = [];
  let group: number[] = [];
  let total = 0;
  for (const code of codes) {
    const estimate = ((bytes[code] ?? 0) * count) / Math.max(1, sampled);
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

/** The fields that visit some of `codes`, each without the folded twin or trigrams that it would visit in vain. */
function fieldsVisiting(fields: readonly IndexedField[], codes: ReadonlySet<number>): IndexedField[] {
  const wanted = (code: number | undefined) => (code !== undefined && codes.has(code) ? code : undefined);
  return fields
    .filter((f) => codes.has(f.code) || wanted(f.foldedCode) !== undefined || wanted(f.gramCode) !== undefined)
    .map((f) => ({ ...f, foldedCode: wanted(f.foldedCode), gramCode: wanted(f.gramCode) }));
}

/** About how many rows a type has: its row database's entries. */
const rowCount = (rows: RowDb): number => (rows.getStats() as { entryCount: number }).entryCount;
