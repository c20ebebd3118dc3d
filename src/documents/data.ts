import { ValidationError } from '../errors/index.js';
import { parseRelationValue, type RelationOp } from '../relations/payload.js';
import { isPlainObject, isRecord } from '../objects.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { ComponentAttribute, ContentType, DynamicZoneAttribute, Model, RelationAttribute } from '../schema/types.js';
import { itemsOf, uidOf } from './components.js';
import { hashPassword, hashPasswordSync } from './passwords.js';
import { castWriteValue } from './write-values.js';

/** How a relation value of `data` is read: interfaces that check their input before anything runs read it alike. */
export { parseRelationValue, type RelationSide } from '../relations/payload.js';

type Relations = readonly (readonly [RelationAttribute, RelationOp])[];

/** Component and dynamic-zone fields present in `data`, checked, their ids not yet matched. */
export type ComponentFields = readonly (readonly [ComponentAttribute | DynamicZoneAttribute, ComponentFieldInput])[];

/** One component of `data`: its own fields read as an entry's are. */
export interface ComponentItemInput {
  /** uid of the component (for a dynamic zone, the item's `__component`). */
  readonly component: string;
  /** The id of an item the entry holds, to keep it; undefined for a new item. */
  readonly id: number | undefined;
  readonly path: string;
  readonly scalars: Readonly<Record<string, unknown>>;
  readonly relations: Relations;
  readonly components: ComponentFields;
}

/** A component field's new value: one component or none, or an ordered list (repeatable, dynamic zone). */
export type ComponentFieldInput =
  | { readonly list: false; readonly item: ComponentItemInput | null }
  | { readonly list: true; readonly items: readonly ComponentItemInput[] };

/** `data` read and checked, its passwords still as given: nothing of it may be stored until they are hashed. */
export interface CheckedData {
  /** Scalar fields present in `data`, cast to their stored form, passwords that have a value left out. */
  readonly values: Readonly<Record<string, unknown>>;
  /** Password fields with a value, by name: the plain text. */
  readonly passwords: readonly (readonly [string, string])[];
  readonly relations: Relations;
  readonly components: ComponentFields;
}

/** `data` ready to store. Only `withHashes` and `withHashesSync` make one. */
export interface WriteData {
  /** Scalar fields present in `data`, cast to their stored form, passwords hashed. */
  readonly scalars: Readonly<Record<string, unknown>>;
  readonly relations: Relations;
  readonly components: ComponentFields;
}

/** Reads `data` of a create or update: every key must be an attribute; nothing is written yet. */
export function readWriteData(registry: SchemaRegistry, ct: ContentType, data: unknown, path = 'data'): CheckedData {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw ValidationError.at(path, 'Missing "data" payload in the request body');
  }
  return readFields(registry, ct, data as Record<string, unknown>, path, IGNORED_NONE);
}

const IGNORED_NONE: ReadonlySet<string> = new Set();
/** Keys a component value may carry besides its fields: its id, and the tag a dynamic-zone item has. */
const COMPONENT_KEYS: ReadonlySet<string> = new Set(['id', '__component']);

function readFields(registry: SchemaRegistry, model: Model, data: Readonly<Record<string, unknown>>, path: string, own: ReadonlySet<string>): CheckedData {
  const values: Record<string, unknown> = {};
  const passwords: [string, string][] = [];
  const relations: [RelationAttribute, RelationOp][] = [];
  const components: [ComponentAttribute | DynamicZoneAttribute, ComponentFieldInput][] = [];
  for (const [key, value] of Object.entries(data)) {
    if (own.has(key)) continue;
    const attr = model.attributes.get(key);
    const at = `${path}.${key}`;
    if (!attr) throw ValidationError.at(at, `Invalid key ${key}`, { key });
    if (value === undefined) continue;
    switch (attr.kind) {
      case 'scalar': {
        const cast = castWriteValue(attr, value, at);
        if (cast === null && attr.required) throw ValidationError.at(at, `${key} must be defined.`, { key });
        if (attr.type === 'password' && cast !== null) passwords.push([key, cast as string]);
        else values[key] = cast;
        break;
      }
      case 'relation': {
        const op = parseRelationValue(attr, value, at);
        if (op) relations.push([attr, op]);
        break;
      }
      case 'component':
      case 'dynamiczone':
        components.push([attr, readComponentField(registry, attr, value, at)]);
        break;
    }
  }
  return { values, passwords, relations, components };
}

function readComponentField(registry: SchemaRegistry, attr: ComponentAttribute | DynamicZoneAttribute, value: unknown, path: string): ComponentFieldInput {
  if (attr.kind === 'component' && !attr.repeatable) {
    if (value === null) return { list: false, item: null };
    return { list: false, item: readItem(registry, attr.component, value, path) };
  }
  if (value === null) return { list: true, items: [] };
  if (!Array.isArray(value)) throw ValidationError.at(path, `${attr.name} must be a list of components`, { key: attr.name });
  if (attr.max !== undefined && value.length > attr.max) {
    throw ValidationError.at(path, `${attr.name} must contain at most ${attr.max} items`, { key: attr.name, max: attr.max });
  }
  const items = value.map((item, i) => {
    const at = `${path}.${i}`;
    if (attr.kind === 'component') return readItem(registry, attr.component, item, at);
    // Strapi 5.54's words for both (it lists every component of the project; here, those the zone allows).
    const tag = isRecord(item) ? item.__component : undefined;
    if (tag === undefined || tag === null) throw ValidationError.at(`${at}.__component`, `${attr.name}[${i}].__component is a required field`, { key: '__component' });
    if (typeof tag !== 'string' || !attr.components.includes(tag)) {
      throw ValidationError.at(`${at}.__component`, `${attr.name}[${i}].__component must be one of the following values: ${attr.components.join(', ')}`, { key: '__component' });
    }
    return readItem(registry, tag, item, at);
  });
  return { list: true, items };
}

function readItem(registry: SchemaRegistry, uid: string, value: unknown, path: string): ComponentItemInput {
  if (!isPlainObject(value)) throw ValidationError.at(path, 'must be an object (a component)');
  const { id, __component: tag } = value;
  if (tag !== undefined && tag !== uid) throw ValidationError.at(`${path}.__component`, `must be ${uid}`, { key: '__component' });
  if (id !== undefined && id !== null && !(Number.isSafeInteger(Number(id)) && Number(id) > 0)) {
    throw ValidationError.at(`${path}.id`, 'id must be the id of a component the entry holds', { key: 'id' });
  }
  const fields = readFields(registry, registry.component(uid), value, path, COMPONENT_KEYS);
  return {
    component: uid,
    id: id === undefined || id === null ? undefined : Number(id),
    path,
    scalars: fields.values,
    relations: fields.relations,
    components: fields.components,
  };
}

/** The data with its passwords hashed on the thread pool: the calling thread goes on meanwhile. */
export async function withHashes(input: CheckedData): Promise<WriteData> {
  const hashes = await Promise.all(input.passwords.map(([, plain]) => hashPassword(plain)));
  return ready(input, hashes);
}

/** The data with its passwords hashed on the calling thread (nothing to hash, or no way to wait). */
export function withHashesSync(input: CheckedData): WriteData {
  return ready(input, input.passwords.map(([, plain]) => hashPasswordSync(plain)));
}

function ready(input: CheckedData, hashes: readonly string[]): WriteData {
  if (hashes.length === 0) return { scalars: input.values, relations: input.relations, components: input.components };
  const scalars = { ...input.values };
  input.passwords.forEach(([name], i) => (scalars[name] = hashes[i]));
  return { scalars, relations: input.relations, components: input.components };
}

/**
 * Required fields must hold a value once an entry is complete: on create, or when a draft is
 * published. So must a required component, and a repeatable one or a dynamic zone holds at least
 * its `min` items; the fields inside each component are checked alike.
 */
export function checkRequired(registry: SchemaRegistry, model: Model, row: Readonly<Record<string, unknown>>, path = 'data'): void {
  for (const attr of model.attributes.values()) {
    if (attr.kind === 'relation') continue;
    const v = row[attr.name];
    if (attr.required && (v === null || v === undefined || v === '')) throw ValidationError.at(`${path}.${attr.name}`, `${attr.name} must be defined.`, { key: attr.name });
    if (attr.kind === 'scalar') continue;
    const at = `${path}.${attr.name}`;
    const list = attr.kind === 'dynamiczone' || attr.repeatable;
    const items = itemsOf(v);
    if (list && attr.min !== undefined && items.length < attr.min) {
      throw ValidationError.at(at, `${attr.name} must contain at least ${attr.min} items`, { key: attr.name, min: attr.min });
    }
    items.forEach((item, i) => checkRequired(registry, registry.component(uidOf(attr, item)), item, list ? `${at}.${i}` : at));
  }
}

/**
 * Values a new entry starts with: schema defaults, else null. A password field has none: a default
 * would be one secret, written in the schema, shared by every entry (and stored unhashed).
 */
export function defaultsOf(model: Model): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const attr of model.attributes.values()) {
    if (attr.kind !== 'scalar') continue;
    out[attr.name] = attr.default === undefined || attr.type === 'password' ? null : castWriteValue(attr, attr.default, `schema.${attr.name}.default`);
  }
  return out;
}
