import type { FieldSelection } from '../query/params/index.js';
import type { Row } from '../store/layout.js';
import type { Entry } from './entry.js';

/**
 * JSON text of entries built straight from a row (nothing populated into them), kept per row
 * object and field selection. A cached row is shared and frozen, and a write replaces it with a
 * new object, so a text lives exactly as long as the row it was printed from. Printing a page of
 * entries was most of a selective list's time; with the texts a page is a concatenation.
 *
 * Texts are kept as UTF-8 bytes, the form an answer leaves in: encoding a page's text on every
 * answer cost 20-40 µs for 10 KB (two-byte strings once a name has a letter beyond Latin-1),
 * copying the kept bytes 8.
 *
 * The association is kept per page (one entry in a weak map per list read, not one per entry):
 * a page's array travels unchanged from the document service to REST and GraphQL.
 */
const texts = new WeakMap<Row, Map<string, Buffer>>();
const pages = new WeakMap<readonly Entry[], { readonly rows: readonly Row[]; readonly selection: string }>();
const selectionKeys = new WeakMap<readonly string[], string>();

/** Says that `entries[i]` is exactly `rows[i]` under `selection`, when every row is a frozen one from the store's cache. */
export function entriesFromRows(entries: readonly Entry[], rows: readonly Row[], selection: FieldSelection): void {
  for (const row of rows) if (!Object.isFrozen(row)) return;
  pages.set(entries, { rows, selection: keyOf(selection) });
}

/**
 * `JSON.stringify(entries)` in UTF-8, as the pieces it is made of (to be joined once, with what
 * surrounds it): from the remembered texts when the page was built straight from rows.
 */
export function entriesJson(entries: readonly Entry[]): Buffer[] {
  const texts = rowTexts(entries, '', (entry) => JSON.stringify(entry));
  return texts ? jsonArray(texts) : [Buffer.from(JSON.stringify(entries))];
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** The pieces of a JSON array of the given item texts. */
export function jsonArray(items: readonly Buffer[]): Buffer[] {
  const out: Buffer[] = [OPEN];
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out.push(COMMA);
    out.push(items[i]!);
  }
  out.push(CLOSE);
  return out;
}

/**
 * UTF-8 text printed from each entry of a page that depends on nothing but its row (an
 * interface's view of it, named by `key`), remembered with the row; undefined for a page not
 * built straight from cached rows.
 */
export function rowTexts(entries: readonly Entry[], key: string, make: (entry: Entry) => string): Buffer[] | undefined {
  const page = pages.get(entries);
  if (!page) return undefined;
  const full = `${page.selection}\u0001${key}`;
  return entries.map((entry, i) => {
    const row = page.rows[i]!;
    let byKey = texts.get(row);
    if (!byKey) texts.set(row, (byKey = new Map()));
    let text = byKey.get(full);
    if (text === undefined) byKey.set(full, (text = Buffer.from(make(entry))));
    return text;
  });
}

function keyOf(selection: FieldSelection): string {
  if (typeof selection === 'string') return selection;
  let key = selectionKeys.get(selection);
  if (key === undefined) selectionKeys.set(selection, (key = `[${selection.join('\u0000')}`));
  return key;
}
