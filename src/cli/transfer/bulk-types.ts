import type { Quarry } from '../../index.js';
import type { ContentType, RelationAttribute } from '../../schema/types.js';
import { relationsWithin } from './component-fields.js';

/** Whether an import writes a type's records through the bulk door (`Quarry.bulk`): no versions, no locales, no relations inside components. */
export function bulkWritten(quarry: Quarry, ct: ContentType): boolean {
  return quarry.bulk.takes(ct) && relationsWithin(quarry.registry, ct).length === 0;
}

/**
 * Whether an export names a relation's targets by position (format.ts, `RelationRef`): the bulk
 * door fills its lists (`BulkLoad.fills`), and an import writes the rows of both its types there.
 */
export function positional(quarry: Quarry, attr: RelationAttribute): boolean {
  return quarry.bulk.fills(attr) && bulkWritten(quarry, quarry.registry.require(attr.source)) && bulkWritten(quarry, quarry.registry.require(attr.target));
}
