import { BoundedMap, RecentByIdentity } from '../cache/index.js';
import type { FieldSelection } from '../query/params/index.js';
import type { ContentType } from '../schema/types.js';
import type { Row } from '../store/layout.js';
import { toEntry, type Entry } from './entry.js';

/**
 * JSON text of entries built straight from a row (nothing populated into them), kept per row
 * object and field selection. A cached row is shared and frozen through and through, and a write
 * replaces it with a new object, so a text lives exactly as long as the row it was printed from.
 * Printing a page of entries was most of a selective list's time; with the texts a page is a
 * concatenation.
 *
 * A text is printed from an entry built here from the row, never from the entries the read handed
 * out: those are their caller's, who may change them, and a text kept with the row is every later
 * reader's answer.
 *
 * Texts are kept as UTF-8 bytes, the form an answer leaves in: encoding a page's text on every
 * answer (two-byte strings once a name has a letter beyond Latin-1) cost several times more than
 * copying the kept bytes.
 *
 * The association is kept per page, for the pages most recently read (`RECENT`), found by
 * identity: a page's array travels unchanged from the document service to REST and GraphQL,
 * which print it within a few turns of reading it. A page found no longer is printed from its
 * entries, with the same text. A weak map's entry per read, as it was, took 4% of a selective
 * list's CPU in a profile of the HTTP server (its insertion, and its ephemerons at every
 * collection); a non-enumerable property on the page, 2.5%.
 */
interface KeptPage {
  readonly rows: readonly Row[];
  readonly type: ContentType;
  readonly fields: FieldSelection;
  readonly selection: string;
}

const texts = new WeakMap<Row, BoundedMap<string, Buffer>>();
/** Views of one row kept at most (selections and interfaces): requests choose them. A BoundedMap: one per row (see src/cache). */
const TEXTS_PER_ROW = 16;
/** How many pages back a page is still printed from its rows' texts: a request prints its page within a few turns of reading it. */
const RECENT = 32;
/** Pages of entries, and single entries (a get one, as a page of one), built straight from cached rows. */
const pages = new RecentByIdentity<KeptPage>(RECENT);

/** Says that `entries[i]` was built from `rows[i]` under `fields`, when every row is a frozen one from the store's cache. */
export function entriesFromRows(entries: readonly Entry[], rows: readonly Row[], type: ContentType, fields: FieldSelection): void {
  for (const row of rows) if (!Object.isFrozen(row)) return;
  pages.set(entries, { rows, type, fields, selection: keyOf(fields) });
}

/** Says that `entry` was built from `row` under `fields` (a get one), when the row is a frozen one from the store's cache. */
export function entryFromRow(entry: Entry, row: Row, type: ContentType, fields: FieldSelection): void {
  if (Object.isFrozen(row)) pages.set(entry, { rows: [row], type, fields, selection: keyOf(fields) });
}

/** `JSON.stringify(entry)` in UTF-8, the row's remembered text when `entryFromRow` said where it came from. */
export function entryJson(entry: Entry): Buffer {
  const single = pages.get(entry);
  return single ? rowText(single, 0, viewKey(single, ''), stringify) : Buffer.from(JSON.stringify(entry));
}

const stringify = (entry: Entry): string => JSON.stringify(entry);

/** A frozen entry kept to be shared between reads, with its text once printed. */
export interface TextRecord {
  readonly entry: Entry;
  text: Buffer | undefined;
}

/** Pages of kept entries (shared-entries.ts), with their records. */
const recordPages = new RecentByIdentity<readonly TextRecord[]>(RECENT);

/** Says that `entries[i]` is `records[i].entry`: a page of kept entries, each printed once. */
export function entriesFromRecords(entries: readonly Entry[], records: readonly TextRecord[]): void {
  recordPages.set(entries, records);
}

/**
 * `JSON.stringify(entries)` in UTF-8 of a page as a read made it, as the pieces it is made of
 * (to be joined once, with what surrounds it): from the remembered texts when the page was built
 * straight from rows, or of kept entries. Changes made to its entries since do not show; REST
 * and GraphQL make none.
 */
export function entriesJson(entries: readonly Entry[]): Buffer[] {
  const records = recordPages.get(entries);
  if (records && records.length === entries.length) return jsonArray(records.map((r) => (r.text ??= Buffer.from(JSON.stringify(r.entry)))));
  const texts = rowTexts(entries, '', stringify);
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
 * built straight from cached rows. `make` is given an entry of the row's own, as the read built it.
 */
export function rowTexts(entries: readonly Entry[], key: string, make: (entry: Entry) => string): Buffer[] | undefined {
  const page = pages.get(entries);
  // Entries added or removed since the read: printed as they stand. The ring holds the last pages
  // themselves (their arrays and entries) until newer ones take their slots: at most RECENT pages
  // outlive a young-generation collection because of it.
  if (!page || page.rows.length !== entries.length) return undefined;
  const out: Buffer[] = new Array(entries.length);
  const full = viewKey(page, key);
  for (let i = 0; i < entries.length; i++) out[i] = rowText(page, i, full, make);
  return out;
}

/** What a row's text is remembered under: the page's field selection and the interface's view. */
const viewKey = (page: KeptPage, key: string): string => `${page.selection}\u0001${key}`;

/** The text of a kept page's i-th row under `full` (viewKey), printed once per row. */
function rowText(page: KeptPage, i: number, full: string, make: (entry: Entry) => string): Buffer {
  const row = page.rows[i]!;
  let byKey = texts.get(row);
  if (!byKey) texts.set(row, (byKey = new BoundedMap(TEXTS_PER_ROW)));
  let text = byKey.get(full);
  if (text === undefined) byKey.set(full, (text = Buffer.from(make(toEntry(page.type, row, page.fields)))));
  return text;
}

const selectionKeys = new WeakMap<readonly string[], string>();

function keyOf(selection: FieldSelection): string {
  if (typeof selection === 'string') return selection;
  let key = selectionKeys.get(selection);
  if (key === undefined) selectionKeys.set(selection, (key = `[${selection.join('\u0000')}`));
  return key;
}
