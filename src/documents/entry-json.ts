import type { FieldSelection } from '../query/params/index.js';
import type { Row } from '../store/layout.js';
import type { Entry } from './entry.js';

/**
 * JSON text of entries built straight from a row (nothing populated into them), kept per row
 * object and field selection. A cached row is shared and frozen, and a write replaces it with a
 * new object, so a text lives exactly as long as the row it was printed from. Printing a page of
 * entries was most of a selective list's time; with the texts a page is a concatenation.
 *
 * The association is kept per page (one entry in a weak map per list read, not one per entry):
 * a page's array travels unchanged from the document service to REST and GraphQL.
 */
const texts = new WeakMap<Row, Map<string, string>>();
const pages = new WeakMap<readonly Entry[], { readonly rows: readonly Row[]; readonly selection: string }>();
const selectionKeys = new WeakMap<readonly string[], string>();

/** Says that `entries[i]` is exactly `rows[i]` under `selection`, when every row is a frozen one from the store's cache. */
export function entriesFromRows(entries: readonly Entry[], rows: readonly Row[], selection: FieldSelection): void {
  for (const row of rows) if (!Object.isFrozen(row)) return;
  pages.set(entries, { rows, selection: keyOf(selection) });
}

/** `JSON.stringify(entries)`, from the remembered texts when the page was built straight from rows. */
export function entriesJson(entries: readonly Entry[]): string {
  const texts = rowTexts(entries, '', (entry) => JSON.stringify(entry));
  return `[${(texts ?? entries.map((e) => JSON.stringify(e))).join(',')}]`;
}

/**
 * Text printed from each entry of a page that depends on nothing but its row (an interface's
 * view of it, named by `key`), remembered with the row; undefined for a page not built
 * straight from cached rows.
 */
export function rowTexts(entries: readonly Entry[], key: string, make: (entry: Entry) => string): string[] | undefined {
  const page = pages.get(entries);
  if (!page) return undefined;
  const full = `${page.selection}\u0001${key}`;
  return entries.map((entry, i) => {
    const row = page.rows[i]!;
    let byKey = texts.get(row);
    if (!byKey) texts.set(row, (byKey = new Map()));
    let text = byKey.get(full);
    if (text === undefined) byKey.set(full, (text = make(entry)));
    return text;
  });
}

function keyOf(selection: FieldSelection): string {
  if (typeof selection === 'string') return selection;
  let key = selectionKeys.get(selection);
  if (key === undefined) selectionKeys.set(selection, (key = `[${selection.join('\u0000')}`));
  return key;
}
