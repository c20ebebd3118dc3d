import type { SchemaRegistry } from '../schema/registry.js';
import type { ContentType, ScalarType } from '../schema/types.js';
import type { IndexKind, LinkLayout, TypeLayout } from '../store/layout.js';

const INDEX_KIND: Record<ScalarType, IndexKind> = {
  string: 'text', text: 'text', richtext: 'text', email: 'text', uid: 'text', enumeration: 'text', password: 'presence',
  integer: 'ordered', float: 'ordered', decimal: 'ordered', boolean: 'ordered',
  date: 'ordered', datetime: 'ordered', time: 'ordered',
  biginteger: 'bigint', json: 'presence', blocks: 'presence',
};

const GRAM_TYPES: ReadonlySet<ScalarType> = new Set(['string', 'email', 'uid']);

/** Timestamps and documentId are filterable and sortable like fields, so they are indexed too. */
const SYSTEM_FIELDS = [
  { name: 'documentId', index: 'text' },
  { name: 'createdAt', index: 'ordered' },
  { name: 'updatedAt', index: 'ordered' },
  { name: 'publishedAt', index: 'ordered' },
] as const;

/** Describes a content-type in the store's terms: which fields are indexed, and how. */
export function layoutOf(ct: ContentType): TypeLayout {
  const fields = [...SYSTEM_FIELDS.map((f) => ({ ...f }))];
  for (const attr of ct.attributes.values()) {
    // Short text kinds get trigram sets so substring operators are set lookups; long text (text,
    // richtext) would cost a write per distinct trigram, so its substring filters scan instead.
    if (attr.kind === 'scalar') fields.push({ name: attr.name, index: INDEX_KIND[attr.type], grams: GRAM_TYPES.has(attr.type) } as (typeof fields)[number]);
  }
  return { name: ct.uid, fields };
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
