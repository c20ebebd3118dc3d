import { ValidationError } from '../errors/index.js';
import type { ContentType } from '../schema/types.js';
import type { Row, RowScope } from '../store/layout.js';
import type { DocumentEngine } from './engine.js';

/** Unique fields are unique among the rows of one scope (locale and version). */
export function checkUnique(engine: DocumentEngine, ct: ContentType, row: Row, scope: RowScope): void {
  for (const attr of ct.attributes.values()) {
    if (attr.kind !== 'scalar' || !attr.unique) continue;
    const value = row[attr.name];
    if (value === null || value === undefined) continue;
    const clash = engine.store.rows.idsEqual(ct.uid, attr.name, scope, value).some((id) => id !== row.id);
    if (clash) throw ValidationError.at(`data.${attr.name}`, 'This attribute must be unique', { key: attr.name });
  }
}
