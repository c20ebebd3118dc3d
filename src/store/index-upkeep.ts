import type { Key } from 'lmdb';
import type { Dbs, RowDb } from './dbs.js';
import { eachRowEntry, indexedFieldsOf, keepsSets, type IndexedField } from './indexed-fields.js';
import { MAX } from './keys.js';
import type { FieldLayout, Row, TypeLayout } from './layout.js';
import { Postings } from './postings.js';
import { instantFields, readRow } from './row-times.js';
import type { ReadCache } from './read-cache.js';
import type { ReadGuard } from './read-guard.js';

/**
 * Keeps each type's secondary indexes true to its layout from one open to the next. A schema
 * changes between runs (a field added, a component added to a type, a field's type changed):
 * an index that did not exist is built from the rows already stored, one whose kind changed is
 * cleared and built again, one no longer in the layout is cleared. What each index was built as
 * is recorded in meta (`['indexed', type code, field name]`), so an unchanged layout costs one
 * range read per type.
 *
 * A folder written before this record existed has none: its row fields are taken as indexed as
 * the layout says (every such version indexed them), and only component paths, which no such
 * version indexed, are built.
 */
export function upkeepIndexes(
  dbs: Dbs, rowDbs: ReadonlyMap<string, RowDb>, layouts: readonly TypeLayout[], code: (name: string) => number, cache: ReadCache, guard: ReadGuard,
): string[] {
  const postings = new Postings(dbs.idx, 'idx', cache, guard, dbs.blockFormat, 3);
  const rebuilt: string[] = [];
  for (const layout of layouts) {
    const t = code(layout.name);
    const recorded = new Map<string, string>();
    for (const { key, value } of dbs.meta.getRange({ start: ['indexed', t], end: ['indexed', t, MAX] })) recorded.set(key[2] as string, value as string);
    const legacy = recorded.size === 0 && hasRows(dbs, t);
    const fields = indexedFieldsOf(layout, code);
    for (const f of fields) {
      const built = fingerprint(f);
      const before = recorded.get(f.name);
      recorded.delete(f.name);
      if (before === built || (legacy && f.path === undefined)) {
        if (before !== built) dbs.meta.putSync(['indexed', t, f.name], built);
        continue;
      }
      if (before !== undefined) clearField(dbs, t, code, `${layout.name}.${f.name}`);
      // The documentId's sets are the lookup's entries: a folder that kept its own has them cleared, and nothing built.
      if (keepsSets(f)) indexRows(dbs, rowDbs.get(layout.name)!, instantFields(layout), postings, t, f);
      dbs.meta.putSync(['indexed', t, f.name], built);
      if (before !== undefined || hasRows(dbs, t)) rebuilt.push(`${layout.name}.${f.name}`);
    }
    // Fields the layout no longer has: their sets would only take room.
    for (const name of recorded.keys()) {
      clearField(dbs, t, code, `${layout.name}.${name}`);
      dbs.meta.removeSync(['indexed', t, name]);
    }
  }
  postings.flush();
  if (rebuilt.length > 0) cache.clear();
  return rebuilt;
}

/**
 * A type's layout as its folder keeps its indexes, for a reader that cannot bring them up to
 * date (a read-only open, as `quarry check` makes): a folder written before the documentId was
 * read from the documentId lookup (IndexKind 'document') keeps sets of its own for it until its
 * next writable open clears them.
 */
export function asKept(meta: Dbs['meta'], t: number | undefined, layout: TypeLayout): TypeLayout {
  const document = layout.fields.find((f) => !keepsSets(f));
  if (t === undefined || document === undefined) return layout;
  const kept = { ...document, index: 'ordered' } as const;
  if (meta.get(['indexed', t, document.name]) !== fingerprint(kept)) return layout;
  return { ...layout, fields: layout.fields.map((f) => (f === document ? kept : f)) };
}

/** What an index is built as: a change to any part means its sets hold other keys. */
function fingerprint(f: FieldLayout): string {
  return [f.index, f.grams ? 'grams' : '', f.multi ? 'multi' : '', f.count ? 'count' : '', f.path?.join('.') ?? ''].join('|');
}

function hasRows(dbs: Dbs, t: number): boolean {
  for (const _ of dbs.docs.getKeys({ start: [t], end: [t, MAX], limit: 1 })) return true;
  return false;
}

/** Clears every set a field's index may have had: its own, its folded twin's and its trigrams', whichever its old kind kept. */
function clearField(dbs: Dbs, t: number, code: (name: string) => number, field: string): void {
  for (const suffix of ['', '~i', '~3']) clearCode(dbs, t, code(`${field}${suffix}`));
}

function clearCode(dbs: Dbs, t: number, c: number): void {
  for (const key of dbs.idx.getKeys({ start: [t, c], end: [t, c, MAX] })) dbs.idx.removeSync(key as Key[]);
}

/** Adds every stored row of the type to one field's index, each in its scope. */
function indexRows(dbs: Dbs, db: RowDb, instants: readonly string[], postings: Postings, t: number, f: IndexedField): void {
  for (const { key, value: id } of dbs.docs.getRange({ start: [t], end: [t, MAX] })) {
    const row = readRow(db.get(id) as Row | undefined, instants);
    if (!row) continue;
    const s = key[2] as string;
    eachRowEntry(f, row, (c, v) => postings.add([t, c, s, v as Key], id));
  }
}
