import type { ComponentAttribute, ContentType, DynamicZoneAttribute, RelationAttribute } from '../../schema/types.js';

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

export function lookupField(ct: ContentType, name: string): FieldLookup {
  const attribute = ct.attributes.get(name);
  if (attribute === undefined) {
    if (SYSTEM_FIELDS.has(name) || (name === 'locale' && ct.localized)) return SCALAR;
    return UNKNOWN;
  }
  if (attribute.private) return HIDDEN;
  if (attribute.kind === 'relation') return { kind: 'relation', attribute };
  if (attribute.kind !== 'scalar') return { kind: 'structure', attribute };
  return attribute.type === 'password' ? HIDDEN : SCALAR;
}

/** Relations a client may populate or sort through. */
export function readableRelations(ct: ContentType): RelationAttribute[] {
  const out: RelationAttribute[] = [];
  for (const attribute of ct.attributes.values()) {
    if (attribute.kind === 'relation' && !attribute.private) out.push(attribute);
  }
  return out;
}
