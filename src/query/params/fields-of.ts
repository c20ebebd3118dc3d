import type { ComponentAttribute, DynamicZoneAttribute, Model, RelationAttribute } from '../../schema/types.js';

/** Fields every entry has without declaring them. */
const SYSTEM_FIELDS: ReadonlySet<string> = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt']);

/** What a name means on a type, for the query params that name fields. */
export type FieldLookup =
  | { readonly kind: 'scalar' }
  | { readonly kind: 'relation'; readonly attribute: RelationAttribute }
  /** Components and dynamic zones: populated, never in `fields`. */
  | { readonly kind: 'structure'; readonly attribute: ComponentAttribute | DynamicZoneAttribute }
  /** Private attributes and passwords: never readable over the content API. */
  | { readonly kind: 'hidden' }
  | { readonly kind: 'unknown' };

const SCALAR: FieldLookup = { kind: 'scalar' };
const HIDDEN: FieldLookup = { kind: 'hidden' };
const UNKNOWN: FieldLookup = { kind: 'unknown' };

/** A component's only field it does not declare is its id. */
export function lookupField(model: Model, name: string): FieldLookup {
  const attribute = model.attributes.get(name);
  if (attribute === undefined) {
    if (model.kind === 'component') return name === 'id' ? SCALAR : UNKNOWN;
    if (SYSTEM_FIELDS.has(name) || (name === 'locale' && model.localized)) return SCALAR;
    return UNKNOWN;
  }
  if (attribute.private) return HIDDEN;
  if (attribute.kind === 'relation') return { kind: 'relation', attribute };
  if (attribute.kind !== 'scalar') return { kind: 'structure', attribute };
  return attribute.type === 'password' ? HIDDEN : SCALAR;
}

/** What `populate=*` takes: every relation (media included), component and dynamic zone a client may read. */
export function populatableFields(model: Model): (RelationAttribute | ComponentAttribute | DynamicZoneAttribute)[] {
  const out: (RelationAttribute | ComponentAttribute | DynamicZoneAttribute)[] = [];
  for (const attribute of model.attributes.values()) {
    if (attribute.kind !== 'scalar' && !attribute.private) out.push(attribute);
  }
  return out;
}
