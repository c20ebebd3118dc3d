import { itemCount, valueAtPath, valuesAtPath } from './field-paths.js';
import { foldText, indexValue, textPrefix, trigramsOf, type IndexValue } from './index-keys.js';
import type { FieldLayout, TypeLayout } from './layout.js';

/** A field with the codes of the index sets it keeps. */
export interface IndexedField extends FieldLayout {
  readonly code: number;
  /** The case-folded twin's code, for text fields. */
  readonly foldedCode: number | undefined;
  /** The trigram set's code, for text fields indexed by trigrams. */
  readonly gramCode: number | undefined;
}

type Visit = (code: number, v: IndexValue) => void;
type Fields = Readonly<Record<string, unknown>>;

export function indexedFieldsOf(layout: TypeLayout, code: (name: string) => number): IndexedField[] {
  return layout.fields.map((f) => ({
    ...f,
    code: code(`${layout.name}.${f.name}`),
    foldedCode: f.index === 'text' ? code(`${layout.name}.${f.name}~i`) : undefined,
    gramCode: f.grams ? code(`${layout.name}.${f.name}~3`) : undefined,
  }));
}

/** Whether a field keeps index sets of its own: the documentId's are the documentId lookup (IndexKind 'document'). */
export const keepsSets = (f: FieldLayout): boolean => f.index !== 'document';

/** The codes of the index sets of `fields`, ascending: each field's own, its folded twin's and its trigrams'. */
export function codesOf(fields: readonly IndexedField[]): number[] {
  return fields.filter(keepsSets).flatMap((f) => [f.code, f.foldedCode, f.gramCode]).filter((c) => c !== undefined).sort((a, b) => a - b);
}

/** How a folded text's trigrams are visited under a field's trigram code. */
export type GramVisit = (code: number, folded: string, visit: Visit) => void;

/** Each distinct trigram once, as its text. */
const distinctGrams: GramVisit = (code, folded, visit) => {
  for (const gram of trigramsOf(folded)) visit(code, gram);
};

/**
 * Every index set a field's value belongs to, as (set code, key value): the value, its folded
 * twin, its trigrams (as `grams` visits them); none for a field that `keepsSets` not.
 */
export function eachIndexEntry(f: IndexedField, value: unknown, visit: Visit, grams: GramVisit = distinctGrams): void {
  if (!keepsSets(f)) return;
  visit(f.code, indexValue(f.index, value));
  if (f.foldedCode === undefined && f.gramCode === undefined) return;
  // A text is folded once for its twin and its trigrams.
  const folded = typeof value === 'string' ? foldText(value) : undefined;
  if (f.foldedCode !== undefined) visit(f.foldedCode, folded === undefined ? indexValue(f.index, value, true) : textPrefix(folded));
  if (f.gramCode !== undefined && folded !== undefined) {
    grams(f.gramCode, folded, visit);
  }
}

/** Every index entry a row has for a field: its value's, or each item value's once (`multi`). */
export function eachRowEntry(f: IndexedField, row: Fields, visit: Visit, grams?: GramVisit): void {
  if (!f.multi) eachIndexEntry(f, valueOf(f, row), visit, grams);
  else for (const [code, v] of entriesOf(f, row).values()) visit(code, v);
}

/** Moves a field's index entries from the row as it was to the row as it is, touching only those that differ. */
export function eachChangedEntry(f: IndexedField, old: Fields, row: Fields, remove: Visit, add: Visit): void {
  if (!f.multi) {
    const before = valueOf(f, old);
    const after = valueOf(f, row);
    if (sameValue(before, after)) return;
    eachIndexEntry(f, before, remove);
    eachIndexEntry(f, after, add);
    return;
  }
  // Items share values: an entry goes only when no item holds it any more.
  const before = entriesOf(f, old);
  const after = entriesOf(f, row);
  for (const [key, [code, v]] of before) if (!after.has(key)) remove(code, v);
  for (const [key, [code, v]] of after) if (!before.has(key)) add(code, v);
}

function valueOf(f: IndexedField, row: Fields): unknown {
  if (f.path === undefined) return row[f.name];
  return f.count ? itemCount(row, f.path) : valueAtPath(row, f.path);
}

/** The distinct entries of the values a multi-valued field reads in a row, by a key of their code, type and value. */
function entriesOf(f: IndexedField, row: Fields): Map<string, readonly [number, IndexValue]> {
  const out = new Map<string, readonly [number, IndexValue]>();
  for (const value of valuesAtPath(row, f.path ?? [f.name])) {
    eachIndexEntry(f, value, (code, v) => out.set(`${code}:${typeof v}:${String(v)}`, [code, v]));
  }
  return out;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return false;
}
