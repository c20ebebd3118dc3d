import type { SchemaRegistry } from '../schema/registry.js';
import type { ComponentAttribute, ContentType, ScalarAttribute, ScalarType } from '../schema/types.js';
import { itemCountField } from '../store/field-paths.js';
import type { FieldLayout, IndexKind, LinkLayout, TypeLayout } from '../store/layout.js';

const INDEX_KIND: Record<ScalarType, IndexKind> = {
  string: 'text', text: 'text', richtext: 'text', email: 'text', uid: 'text', enumeration: 'text', password: 'presence',
  integer: 'ordered', float: 'ordered', decimal: 'ordered', boolean: 'ordered',
  date: 'ordered', datetime: 'instant', time: 'ordered',
  biginteger: 'bigint', json: 'presence', blocks: 'presence',
};

const GRAM_TYPES: ReadonlySet<ScalarType> = new Set(['string', 'email', 'uid']);

/**
 * Timestamps and documentId are filterable and sortable like fields, so they are indexed too.
 * A documentId is an opaque key: it is matched exactly, listed and sorted, from the store's
 * documentId lookup, and keeps no folded twin for the `i` operators, which scan for it instead.
 * The twin was a set per row, about 5% of a folder (bench/results/README.md).
 */
const SYSTEM_FIELDS = [
  { name: 'documentId', index: 'document' },
  { name: 'createdAt', index: 'instant' },
  { name: 'updatedAt', index: 'instant' },
  { name: 'publishedAt', index: 'instant' },
] as const;

/** Describes a content-type in the store's terms: which fields are indexed, and how. */
export function layoutOf(registry: SchemaRegistry, ct: ContentType): TypeLayout {
  const fields: FieldLayout[] = SYSTEM_FIELDS.map((f) => ({ ...f }));
  for (const attr of ct.attributes.values()) {
    if (attr.kind === 'scalar') fields.push(scalarLayout(attr, attr.name));
    else if (attr.kind === 'component') componentLayouts(registry, attr, [], false, [], fields);
  }
  return { name: ct.uid, fields };
}

// Short text kinds get trigram sets so substring operators are set lookups; long text (text,
// richtext) would cost a write per distinct trigram, so its substring filters scan instead.
const scalarLayout = (attr: ScalarAttribute, name: string): FieldLayout =>
  ({ name, index: INDEX_KIND[attr.type], grams: GRAM_TYPES.has(attr.type) });

/**
 * The fields of a component stored in the row (docs/content-models.md), indexed under their path
 * so that filters and sorts on them read an index as a row's own fields do: the component's `id`
 * (whether it is there) and every scalar, through nested components at any depth, and for a
 * row's repeatable component the number of its items. Dynamic zones are never filtered, so their
 * components are not indexed.
 */
function componentLayouts(
  registry: SchemaRegistry, attr: ComponentAttribute, holder: readonly string[], multi: boolean, within: readonly string[], out: FieldLayout[],
): void {
  // A component cannot hold itself, though a hand-written schema could say so: stop at the repeat.
  if (within.includes(attr.component)) return;
  const path = [...holder, attr.name];
  const items = multi || attr.repeatable;
  const field = (name: string, layout: FieldLayout): FieldLayout => ({ ...layout, path: [...path, name], ...(items ? { multi: true } : {}) });
  out.push(field('id', { name: [...path, 'id'].join('.'), index: 'ordered' }));
  // How many items a row's list holds: a row with one item answers a condition on its items exactly.
  if (attr.repeatable && !multi) out.push({ name: itemCountField(path.join('.')), index: 'ordered', path, count: true });
  for (const inner of registry.component(attr.component).attributes.values()) {
    if (inner.kind === 'scalar') out.push(field(inner.name, scalarLayout(inner, [...path, inner.name].join('.'))));
    else if (inner.kind === 'component') componentLayouts(registry, inner, path, items, [...within, attr.component], out);
  }
}

/** Every relation of a registry in the store's terms: its list, its partner list and their row types. */
export function linkLayoutsOf(registry: SchemaRegistry): LinkLayout[] {
  const out: LinkLayout[] = [];
  for (const model of [...registry.types, ...registry.components]) {
    for (const attr of model.attributes.values()) {
      if (attr.kind === 'relation') out.push({ list: attr.listName, partner: attr.partnerListName, source: attr.source, target: attr.target });
    }
  }
  return out;
}

/** Every list name the relations of a registry use, and each component's id sequence, for the store to intern. */
export function internedNamesOf(registry: SchemaRegistry): string[] {
  return [...new Set([...linkLayoutsOf(registry).flatMap((l) => [l.list, l.partner]), ...registry.components.map((c) => c.uid)])];
}
