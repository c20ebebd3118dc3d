import type { CompiledPopulateTree } from '../query/compile/compiled.js';
import type { FieldSelection } from '../query/params/index.js';
import type { ReadRow } from '../query/read/rows.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { ContentType } from '../schema/types.js';
import { toEntry, type Entry } from './entry.js';

/** What an entry shows of its row: the fields selected, and what is populated into it. */
export interface Shape {
  readonly fields: FieldSelection;
  readonly populate: CompiledPopulateTree;
}

/**
 * A row as the API shows it: its selected fields, and each populated relation as the entries
 * (or the count) the read found, each shown by its own part of the populate.
 */
export function present(registry: SchemaRegistry, ct: ContentType, read: ReadRow, shape: Shape): Entry {
  const entry = toEntry(ct, read.row, shape.fields);
  for (const name in shape.populate) {
    const value = read.related[name];
    if (value === undefined) continue;
    if (value.kind === 'count') {
      entry[name] = { count: value.count };
      continue;
    }
    const node = shape.populate[name]!;
    const target = registry.require(node.target);
    const entries = value.rows.map((r) => present(registry, target, r, node));
    entry[name] = node.toMany ? entries : (entries[0] ?? null);
  }
  return entry;
}
