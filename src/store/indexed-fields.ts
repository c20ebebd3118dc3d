import { foldCase, indexValue, trigramsOf, type IndexValue } from './index-keys.js';
import type { FieldLayout, TypeLayout } from './layout.js';

/** A field with the codes of the index sets it keeps. */
export interface IndexedField extends FieldLayout {
  readonly code: number;
  /** The case-folded twin's code, for text fields. */
  readonly foldedCode: number | undefined;
  /** The trigram set's code, for text fields indexed by trigrams. */
  readonly gramCode: number | undefined;
}

export function indexedFieldsOf(layout: TypeLayout, code: (name: string) => number): IndexedField[] {
  return layout.fields.map((f) => ({
    ...f,
    code: code(`${layout.name}.${f.name}`),
    foldedCode: f.index === 'text' ? code(`${layout.name}.${f.name}~i`) : undefined,
    gramCode: f.grams ? code(`${layout.name}.${f.name}~3`) : undefined,
  }));
}

/** Every index set a field's value belongs to, as (set code, key value): the value, its folded twin, its trigrams. */
export function eachIndexEntry(f: IndexedField, value: unknown, visit: (code: number, v: IndexValue) => void): void {
  visit(f.code, indexValue(f.index, value));
  if (f.foldedCode !== undefined) visit(f.foldedCode, indexValue(f.index, value, true));
  if (f.gramCode !== undefined && typeof value === 'string') {
    for (const gram of trigramsOf(foldCase(value))) visit(f.gramCode, gram);
  }
}
