import type { ComponentAttribute, Model, RelationAttribute } from '../../schema/types.js';
import { FieldRef, type FieldType } from '../ir/index.js';

/** What a key of a filter object names on one content-type. */
export type ResolvedKey =
  | { readonly kind: 'field'; readonly ref: FieldRef }
  | { readonly kind: 'relation'; readonly attribute: RelationAttribute }
  | { readonly kind: 'component'; readonly attribute: ComponentAttribute }
  /** Unknown, private, a password or a dynamic zone (never filtered): all answer `Invalid key`. */
  | { readonly kind: 'invalid' };

/** The row's target id, what a value or operator directly under a relation compares (docs/filters.md, Filters through relations). */
export const ID_FIELD = FieldRef.create('id', 'integer');

/**
 * Fields every entry has besides its attributes. Strapi's models declare the timestamps (and
 * `publishedAt`, which v5 sets on every type) as attributes, so clients filter on them; `locale`
 * only exists on localized types. `createdBy` / `updatedBy` are not stored by Quarry.
 */
const SYSTEM_FIELDS: ReadonlyMap<string, FieldRef> = new Map(
  ([['id', 'integer'], ['documentId', 'string'], ['createdAt', 'datetime'], ['updatedAt', 'datetime'], ['publishedAt', 'datetime']] as const)
    .map(([name, type]: readonly [string, FieldType]) => [name, FieldRef.create(name, type)]),
);
const LOCALE_FIELD = FieldRef.create('locale', 'string');

const resolved = new WeakMap<Model, Map<string, ResolvedKey>>();

/**
 * Keys resolve the same way every time for a content-type or component, so each is resolved once.
 * Only keys that name something are kept, so the map is bounded by the schema: requests may name
 * anything.
 */
export function resolveKey(model: Model, key: string): ResolvedKey {
  let byKey = resolved.get(model);
  if (!byKey) resolved.set(model, (byKey = new Map()));
  let r = byKey.get(key);
  if (!r) {
    r = resolveUncached(model, key);
    if (r !== INVALID) byKey.set(key, r);
  }
  return r;
}

function resolveUncached(model: Model, key: string): ResolvedKey {
  const attribute = model.attributes.get(key);
  if (attribute === undefined) {
    const system = systemField(model, key);
    return system === undefined ? INVALID : { kind: 'field', ref: system };
  }
  if (attribute.private) return INVALID;
  if (attribute.kind === 'relation') return { kind: 'relation', attribute };
  if (attribute.kind === 'component') return { kind: 'component', attribute };
  if (attribute.kind !== 'scalar' || attribute.type === 'password') return INVALID;
  return { kind: 'field', ref: FieldRef.create(attribute.name, attribute.type) };
}

/** A component has an `id` and nothing else it does not declare. */
function systemField(model: Model, key: string): FieldRef | undefined {
  if (model.kind === 'component') return key === 'id' ? ID_FIELD : undefined;
  return key === 'locale' && model.localized ? LOCALE_FIELD : SYSTEM_FIELDS.get(key);
}

const INVALID: ResolvedKey = Object.freeze({ kind: 'invalid' });
