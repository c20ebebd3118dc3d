import type { CompiledComponentPopulate, CompiledPopulateTree } from '../query/compile/compiled.js';
import type { FieldSelection } from '../query/params/index.js';
import type { ComponentRead, ReadRow } from '../query/read/rows.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { Model } from '../schema/types.js';
import type { Row } from '../store/layout.js';
import { toEntry, type Entry } from './entry.js';

/** What an entry shows of its row: the fields selected, and what is populated into it. */
export interface Shape {
  readonly fields: FieldSelection;
  readonly populate: CompiledPopulateTree;
}

/**
 * A row as the API shows it: its selected fields, and each populated field as the entries (or
 * the count) the read found, or the components its row holds, each shown by its own part of the
 * populate. A component shows its id and fields, a dynamic-zone item its `__component` first.
 */
export function present(registry: SchemaRegistry, model: Model, read: ReadRow | ComponentRead, shape: Shape): Entry {
  const entry = toEntry(model, read.row as Row, shape.fields);
  for (const name in shape.populate) {
    const value = read.related[name];
    if (value === undefined) continue;
    const node = shape.populate[name]!;
    if (value.kind === 'count') {
      entry[name] = { count: value.count };
    } else if (value.kind === 'components') {
      entry[name] = components(registry, model, name, value.items, node as CompiledComponentPopulate);
    } else if (node.kind === 'relation') {
      const target = registry.require(node.target);
      const entries = value.rows.map((r) => present(registry, target, r, node));
      entry[name] = node.toMany ? entries : (entries[0] ?? null);
    }
  }
  return entry;
}

function components(registry: SchemaRegistry, model: Model, name: string, items: readonly ComponentRead[], node: CompiledComponentPopulate): Entry | Entry[] | null {
  const attr = model.attributes.get(name)!;
  const zone = attr.kind === 'dynamiczone';
  const shown = items.map((item) => {
    const entry = present(registry, registry.component(item.component), item, node.parts[item.component]!);
    // Strapi 5.54 shows the tag after the item's fields.
    if (zone) entry.__component = item.component;
    return entry;
  });
  return zone || (attr.kind === 'component' && attr.repeatable) ? shown : (shown[0] ?? null);
}
