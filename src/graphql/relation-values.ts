import { GraphQLList, type GraphQLInputField, type GraphQLInputFieldConfig } from 'graphql';
import { parseRelationValue, type RelationSide } from '../documents/data.js';
import { isRecord } from '../objects.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { Model } from '../schema/types.js';
import { IdScalar } from './id-scalar.js';

/**
 * Relation fields of `<Type>Input` (docs/relations.md, GraphQL): typed `ID` (to-one) and `[ID]`
 * (to-many) as in Strapi's schema, and taking what REST takes: one id, a list of ids (= set), or
 * `{ connect, disconnect, set, options }` with shorthand and longhand items mixed.
 */

/** The `extensions` key where a relation field keeps its attribute's name and arity. */
const RELATION = 'quarryRelation';

export function relationInputField(attr: RelationSide): GraphQLInputFieldConfig {
  return { type: attr.toMany ? new GraphQLList(IdScalar) : IdScalar, extensions: { [RELATION]: { name: attr.name, toMany: attr.toMany } } };
}

/** The relation an input field stands for, if it is a relation field. */
export function relationOf(field: GraphQLInputField | undefined): RelationSide | undefined {
  return field?.extensions[RELATION] as RelationSide | undefined;
}

/**
 * A relation value as the client wrote it. Where the type is `[ID]`, graphql-js wraps a value
 * that is not a list into a list of one, so `{ connect: [...] }` arrives as
 * `[{ connect: [...] }]`: a to-many list whose only item is an object but not an item (it has
 * neither `documentId` nor `id`) stands for that object.
 */
export function writtenValue(field: RelationSide, value: unknown): unknown {
  if (!field.toMany || !Array.isArray(value) || value.length !== 1) return value;
  const only: unknown = value[0];
  return isRecord(only) && !('documentId' in only) && !('id' in only) ? only : value;
}

/**
 * `data` of a create or update, each relation value as the client wrote it, in components too
 * (their input types have relation fields of their own). Dynamic-zone items come as JSON
 * (dynamic-zones.ts), which graphql-js does not wrap.
 */
export function writtenData(registry: SchemaRegistry, holder: Model, data: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data };
  for (const key of Object.keys(out)) {
    const attr = holder.attributes.get(key);
    const value = out[key];
    if (attr?.kind === 'relation') {
      out[key] = writtenValue(attr, value);
    } else if (attr?.kind === 'component' && value !== null && value !== undefined) {
      const component = registry.component(attr.component);
      const written = (item: unknown) => (isRecord(item) ? writtenData(registry, component, item) : item);
      out[key] = Array.isArray(value) ? value.map(written) : written(value);
    }
  }
  return out;
}

/**
 * Refuses a malformed relation value with the ValidationError the document service would throw,
 * before anything runs. What needs the stored data (unknown targets, anchors, duplicates) and
 * `set` beside `connect` or `disconnect` are left to the document service, as for REST.
 */
export function checkRelationValue(field: RelationSide, value: unknown): void {
  const written = writtenValue(field, value);
  if (!combinesSet(written)) parseRelationValue(field, written, `data.${field.name}`);
}

function combinesSet(value: unknown): boolean {
  return isRecord(value) && value.set !== undefined && (value.connect !== undefined || value.disconnect !== undefined);
}
