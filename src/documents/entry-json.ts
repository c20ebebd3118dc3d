import type { FieldSelection } from '../query/params/index.js';
import type { Row } from '../store/layout.js';
import type { Entry } from './entry.js';

/**
 * JSON text of entries built straight from a row (nothing populated into them), kept per row
 * object and field selection. A cached row is shared and frozen, and a write replaces it with a
 * new object, so a text lives exactly as long as the row it was printed from. Serializing a page
 * of entries was most of a selective list's time; with the texts a page is a concatenation.
 */
const texts = new WeakMap<Row, Map<string, string>>();
/** Where an entry was built from: its row and its selection's key. */
const sources = new WeakMap<Entry, { readonly row: Row; readonly selection: string }>();
const selectionKeys = new WeakMap<readonly string[], string>();

/** Says that `entry` is exactly the row under `selection` (when the row is a frozen one from the store's cache). */
export function entryFromRow(entry: Entry, row: Row, selection: FieldSelection): void {
  if (Object.isFrozen(row)) sources.set(entry, { row, selection: keyOf(selection) });
}

function keyOf(selection: FieldSelection): string {
  if (typeof selection === 'string') return selection;
  let key = selectionKeys.get(selection);
  if (key === undefined) selectionKeys.set(selection, (key = `[${selection.join('\u0000')}`));
  return key;
}

/** The JSON text of an entry: remembered for entries built straight from a cached row. */
export function entryJson(entry: Entry): string {
  const source = sources.get(entry);
  if (!source) return JSON.stringify(entry);
  let bySelection = texts.get(source.row);
  if (!bySelection) texts.set(source.row, (bySelection = new Map()));
  let text = bySelection.get(source.selection);
  if (text === undefined) {
    text = JSON.stringify(entry);
    bySelection.set(source.selection, text);
  }
  return text;
}

/**
 * Text printed from an entry that depends on nothing but its row (another interface's view of
 * it, named by `key`): remembered with the row like the entry's own JSON; made afresh each time
 * for an entry not built straight from a cached row.
 */
export function rowText(entry: Entry, key: string, make: () => string): string {
  const source = sources.get(entry);
  if (!source) return make();
  let byKey = texts.get(source.row);
  if (!byKey) texts.set(source.row, (byKey = new Map()));
  const full = `${source.selection}\u0001${key}`;
  let text = byKey.get(full);
  if (text === undefined) byKey.set(full, (text = make()));
  return text;
}

/** `JSON.stringify(entries)`, from the remembered texts where there are some. */
export function entriesJson(entries: readonly Entry[]): string {
  let out = '[';
  for (let i = 0; i < entries.length; i++) out += (i === 0 ? '' : ',') + entryJson(entries[i]!);
  return `${out}]`;
}
