import { ValidationError } from '../errors/index.js';
import { parseRelationValue, type RelationOp } from '../relations/payload.js';
import type { ContentType, RelationAttribute } from '../schema/types.js';
import { hashPassword, hashPasswordSync } from './passwords.js';
import { castWriteValue } from './write-values.js';

/** How a relation value of `data` is read: interfaces that check their input before anything runs read it alike. */
export { parseRelationValue, type RelationSide } from '../relations/payload.js';

type Relations = readonly (readonly [RelationAttribute, RelationOp])[];

/** `data` read and checked, its passwords still as given: nothing of it may be stored until they are hashed. */
export interface CheckedData {
  /** Scalar fields present in `data`, cast to their stored form, passwords that have a value left out. */
  readonly values: Readonly<Record<string, unknown>>;
  /** Password fields with a value, by name: the plain text. */
  readonly passwords: readonly (readonly [string, string])[];
  readonly relations: Relations;
}

/** `data` ready to store. Only `withHashes` and `withHashesSync` make one. */
export interface WriteData {
  /** Scalar fields present in `data`, cast to their stored form, passwords hashed. */
  readonly scalars: Readonly<Record<string, unknown>>;
  readonly relations: Relations;
}

/** Reads `data` of a create or update: every key must be an attribute; nothing is written yet. */
export function readWriteData(ct: ContentType, data: unknown, path = 'data'): CheckedData {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw ValidationError.at(path, 'Missing "data" payload in the request body');
  }
  const values: Record<string, unknown> = {};
  const passwords: [string, string][] = [];
  const relations: [RelationAttribute, RelationOp][] = [];
  for (const [key, value] of Object.entries(data)) {
    const attr = ct.attributes.get(key);
    const at = `${path}.${key}`;
    if (!attr) throw ValidationError.at(at, `Invalid key ${key}`, { key });
    if (value === undefined) continue;
    if (attr.kind === 'scalar') {
      const cast = castWriteValue(attr, value, at);
      if (cast === null && attr.required) throw ValidationError.at(at, `${key} must be defined.`, { key });
      if (attr.type === 'password' && cast !== null) passwords.push([key, cast as string]);
      else values[key] = cast;
      continue;
    }
    // Component and dynamic-zone values are not written yet: refused as a key Quarry cannot store.
    if (attr.kind !== 'relation') throw ValidationError.at(at, `Invalid key ${key}`, { key });
    const op = parseRelationValue(attr, value, at);
    if (op) relations.push([attr, op]);
  }
  return { values, passwords, relations };
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
  if (hashes.length === 0) return { scalars: input.values, relations: input.relations };
  const scalars = { ...input.values };
  input.passwords.forEach(([name], i) => (scalars[name] = hashes[i]));
  return { scalars, relations: input.relations };
}

/** Required fields must hold a value once an entry is complete: on create, or when a draft is published. */
export function checkRequired(ct: ContentType, row: Readonly<Record<string, unknown>>, path = 'data'): void {
  for (const attr of ct.attributes.values()) {
    if (attr.kind !== 'scalar' || !attr.required) continue;
    const v = row[attr.name];
    if (v === null || v === undefined || v === '') throw ValidationError.at(`${path}.${attr.name}`, `${attr.name} must be defined.`, { key: attr.name });
  }
}

/**
 * Values a new entry starts with: schema defaults, else null. A password field has none: a default
 * would be one secret, written in the schema, shared by every entry (and stored unhashed).
 */
export function defaultsOf(ct: ContentType): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const attr of ct.attributes.values()) {
    if (attr.kind !== 'scalar') continue;
    out[attr.name] = attr.default === undefined || attr.type === 'password' ? null : castWriteValue(attr, attr.default, `schema.${attr.name}.default`);
  }
  return out;
}
