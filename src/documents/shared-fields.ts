import type { ContentType } from '../schema/types.js';
import type { Row, Status } from '../store/layout.js';
import type { DocumentEngine } from './engine.js';
import { checkUnique } from './unique.js';

/**
 * Fields a localized type does not localize hold one value for every locale of a document, in
 * each version: its drafts agree among themselves, and so do its published rows. Whichever locale
 * is written last (created, updated, published, or its draft discarded) gives its values to the
 * others, in the same transaction, as Strapi's i18n does after each of those actions. Relations
 * are every locale's own, whatever their schema says: Strapi localizes every relation. Media
 * fields are not relations there, and are shared as these fields are (shared-media.ts).
 */

const names = new WeakMap<ContentType, readonly string[]>();

function sharedNames(ct: ContentType): readonly string[] {
  let list = names.get(ct);
  if (!list) {
    list = ct.localized ? [...ct.attributes.values()].filter((a) => a.kind === 'scalar' && !a.localized).map((a) => a.name) : [];
    names.set(ct, list);
  }
  return list;
}

/**
 * The fields of a new locale of `documentId`: `given` over the values its other locales share in
 * `status`. A shared field given as null takes theirs (as on Strapi); one given a value keeps it,
 * and `spreadShared` then hands it to the others.
 */
export function withSharedValues(
  engine: DocumentEngine, ct: ContentType, documentId: string, status: Status, given: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  const shared = sharedNames(ct);
  if (shared.length === 0) return given;
  const rows = engine.store.rows;
  const sibling = rows.versions(ct.uid, documentId).find((v) => v.status === status);
  if (!sibling) return given;
  const held = rows.get(ct.uid, sibling.id)!;
  const out: Record<string, unknown> = { ...given };
  for (const name of shared) if ((out[name] ?? null) === null) out[name] = held[name] ?? null;
  return out;
}

/** Gives `row`'s shared values to the other locales of its document in `status`: a row is rewritten only where one differs. */
export function spreadShared(engine: DocumentEngine, ct: ContentType, row: Row, status: Status): void {
  const shared = sharedNames(ct);
  if (shared.length === 0) return;
  const rows = engine.store.rows;
  for (const v of rows.versions(ct.uid, row.documentId)) {
    if (v.id === row.id || v.status !== status) continue;
    const other = rows.get(ct.uid, v.id)!;
    if (shared.every((name) => sameValue(other[name], row[name]))) continue;
    const next: Record<string, unknown> = { ...other, updatedAt: new Date().toISOString() };
    for (const name of shared) next[name] = row[name] ?? null;
    rows.update(ct.uid, v, next as Row, other);
    checkUnique(engine, ct, next as Row, v);
  }
}

/** Stored values are JSON-shaped: a json field's value compares by its text. */
function sameValue(a: unknown, b: unknown): boolean {
  if ((a ?? null) === (b ?? null)) return true;
  return typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b);
}
