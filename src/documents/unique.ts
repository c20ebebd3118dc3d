import { ValidationError } from '../errors/index.js';
import type { Attribute, ContentType } from '../schema/types.js';
import type { Row, RowScope } from '../store/layout.js';
import type { DocumentEngine } from './engine.js';

/** Unique fields are unique among the rows of one scope (locale and version). */
export function checkUnique(engine: DocumentEngine, ct: ContentType, row: Row, scope: RowScope): void {
  // A bulk load building the type's indexes from its rows checks them all once built (checkUniqueBuilt).
  if (engine.store.indexesPending(ct.uid)) return;
  for (const attr of ct.attributes.values()) {
    if (!isUnique(attr)) continue;
    const value = row[attr.name];
    if (value === null || value === undefined) continue;
    const clash = engine.store.rows.idsEqual(ct.uid, attr.name, scope, value).some((id) => id !== row.id);
    if (clash) throw ValidationError.at(`data.${attr.name}`, 'This attribute must be unique', { key: attr.name });
  }
}

/**
 * After a bulk load built a type's indexes from its rows (Store.buildIndexes): a value of a
 * unique field two rows of the scope share is refused, naming both documents.
 */
export function checkUniqueBuilt(engine: DocumentEngine, ct: ContentType, scope: RowScope): void {
  const rows = engine.store.rows;
  for (const attr of ct.attributes.values()) {
    if (!isUnique(attr)) continue;
    for (const group of rows.indexGroups(ct.uid, attr.name, scope, { kind: 'range' })) {
      if (group.ids.length < 2) continue;
      // A key that is a cut prefix of longer text stands for several values.
      const holders = new Map<unknown, string>();
      for (const id of group.ids) {
        const row = rows.get(ct.uid, id)!;
        const other = holders.get(row[attr.name]);
        if (other !== undefined) {
          throw ValidationError.at(`data.${attr.name}`, `This attribute must be unique: documents ${other} and ${row.documentId} hold the same value`, { key: attr.name });
        }
        holders.set(row[attr.name], row.documentId);
      }
    }
  }
}

const isUnique = (attr: Attribute): boolean => attr.kind === 'scalar' && attr.unique === true;
