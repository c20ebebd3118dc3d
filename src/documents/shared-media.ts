import type { ContentType, RelationAttribute } from '../schema/types.js';
import type { Row, Status } from '../store/layout.js';
import type { RowVersion } from '../store/rows.js';
import type { DocumentEngine } from './engine.js';

/**
 * A media field a localized type does not localize holds one list of files for every locale of
 * a document, per version, as the type's other shared fields do (shared-fields.ts): Strapi's
 * i18n shares every field it does not localize and localizes relations only, and a media field
 * is not one there. Its lists are written after the row's own links, which they copy.
 */

const attributes = new WeakMap<ContentType, readonly RelationAttribute[]>();

function sharedMedia(ct: ContentType): readonly RelationAttribute[] {
  let list = attributes.get(ct);
  if (!list) {
    list = ct.localized ? [...ct.attributes.values()].filter((a): a is RelationAttribute => a.kind === 'relation' && a.media !== undefined && !a.localized) : [];
    attributes.set(ct, list);
  }
  return list;
}

/**
 * Gives `row`'s shared media lists to the other locales of its document in `status`, touching
 * the `updatedAt` of each row that changes. A new locale whose list is empty takes theirs
 * instead, as a shared field given none, or null, does.
 */
export function spreadSharedMedia(engine: DocumentEngine, ct: ContentType, row: Row, status: Status, newLocale: boolean): void {
  const shared = sharedMedia(ct);
  if (shared.length === 0) return;
  const rows = engine.store.rows;
  const siblings = rows.versions(ct.uid, row.documentId).filter((v) => v.id !== row.id && v.status === status);
  if (siblings.length === 0) return;
  const changed = new Set<RowVersion>();
  for (const attr of shared) {
    if (newLocale && engine.store.links.count(attr.listName, row.id) === 0) {
      engine.writer.setList(attr, row.id, listOf(engine, attr, siblings[0]!.id));
      continue;
    }
    const files = listOf(engine, attr, row.id);
    for (const v of siblings) {
      if (sameList(listOf(engine, attr, v.id), files)) continue;
      engine.writer.setList(attr, v.id, files);
      changed.add(v);
    }
  }
  for (const v of changed) {
    const other = rows.get(ct.uid, v.id)!;
    rows.update(ct.uid, v, { ...other, updatedAt: new Date().toISOString() }, other);
  }
}

function listOf(engine: DocumentEngine, attr: RelationAttribute, row: number): number[] {
  return [...engine.store.links.targets(attr.listName, row)];
}

const sameList = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
