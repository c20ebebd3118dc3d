import { ValidationError } from '../errors/index.js';
import { parseRelationValue, type RelationOp } from '../relations/payload.js';
import type { ContentType, RelationAttribute } from '../schema/types.js';
import { castWriteValue } from './write-values.js';

/** How a relation value of `data` is read: interfaces that check their input before anything runs read it alike. */
export { parseRelationValue, type RelationSide } from '../relations/payload.js';

export interface WriteData {
  /** Scalar fields present in `data`, cast to their stored form. */
  readonly scalars: Readonly<Record<string, unknown>>;
  readonly relations: readonly (readonly [RelationAttribute, RelationOp])[];
}

/** Reads `data` of a create or update: every key must be an attribute; nothing is written yet. */
export function readWriteData(ct: ContentType, data: unknown, path = 'data'): WriteData {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw ValidationError.at(path, 'Missing "data" payload in the request body');
  }
  const scalars: Record<string, unknown> = {};
  const relations: [RelationAttribute, RelationOp][] = [];
  for (const [key, value] of Object.entries(data)) {
    const attr = ct.attributes.get(key);
    const at = `${path}.${key}`;
    if (!attr) throw ValidationError.at(at, `Invalid key ${key}`, { key });
    if (value === undefined) continue;
    if (attr.kind === 'scalar') {
      const cast = castWriteValue(attr, value, at);
      if (cast === null && attr.required) throw ValidationError.at(at, `${key} must be defined.`, { key });
      scalars[key] = cast;
      continue;
    }
    const op = parseRelationValue(attr, value, at);
    if (op) relations.push([attr, op]);
  }
  return { scalars, relations };
}

/** Required fields must hold a value once an entry is complete: on create, or when a draft is published. */
export function checkRequired(ct: ContentType, row: Readonly<Record<string, unknown>>, path = 'data'): void {
  for (const attr of ct.attributes.values()) {
    if (attr.kind !== 'scalar' || !attr.required) continue;
    const v = row[attr.name];
    if (v === null || v === undefined || v === '') throw ValidationError.at(`${path}.${attr.name}`, `${attr.name} must be defined.`, { key: attr.name });
  }
}

/** Values a new entry starts with: schema defaults, else null. */
export function defaultsOf(ct: ContentType): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const attr of ct.attributes.values()) {
    if (attr.kind === 'scalar') out[attr.name] = attr.default === undefined ? null : castWriteValue(attr, attr.default, `schema.${attr.name}.default`);
  }
  return out;
}
