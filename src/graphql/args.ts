import type { Status } from '../documents/service.js';
import { isRecord } from '../objects.js';
import type { ReadInput } from '../query/compile/compile.js';
import type { ParamObject, ParamValue } from '../query/params/index.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { ContentType, Model } from '../schema/types.js';

/**
 * GraphQL arguments as a read's parameters, in REST's shapes (`filters: { name: { $eq: … } }`),
 * so that a GraphQL list compiles as the REST list does: same results, same errors. Operators
 * gain their `$`; values stay as GraphQL coerced them (numbers, booleans, text), which the
 * compiler casts by the field's type as it casts a query string's text.
 */

/** A list's arguments as given (`filters`, `pagination`, `sort`, `status`, `locale`). */
export interface ListArgs {
  readonly filters?: unknown;
  readonly pagination?: unknown;
  readonly sort?: unknown;
  readonly status?: Status | null;
  readonly locale?: string | null;
}

/** Keys of a `<Type>FiltersInput` that are not attributes. */
const GROUPS: Readonly<Record<string, string>> = { and: '$and', or: '$or', not: '$not' };

export function listInput(registry: SchemaRegistry, ct: ContentType, args: ListArgs, withCount: boolean): ReadInput {
  const pagination: Record<string, ParamValue> = windowOf(args.pagination);
  if (!withCount) pagination.withCount = false;
  return {
    ...(args.filters !== undefined && args.filters !== null ? { filters: typeFilters(registry, ct, args.filters) } : {}),
    pagination,
    ...sortOf(args.sort),
    ...entryInput(args),
  };
}

/** One entry's arguments: only `status` and `locale` apply. */
export function entryInput(args: Pick<ListArgs, 'status' | 'locale'>): ReadInput {
  return {
    ...(args.status !== undefined && args.status !== null ? { status: args.status } : {}),
    ...(args.locale !== undefined && args.locale !== null ? { locale: args.locale } : {}),
  };
}

/**
 * A relation field's arguments as `populate[<relation>]` options; without `pagination` a to-many
 * list shows `defaultPageSize` entries, as Strapi's nested lists do.
 */
export function relationOptions(registry: SchemaRegistry, target: ContentType, args: Omit<ListArgs, 'status' | 'locale'>, defaultPageSize: number | undefined): ParamObject {
  const window = windowOf(args.pagination);
  if (Object.keys(window).length === 0 && defaultPageSize !== undefined) window.pageSize = defaultPageSize;
  return {
    ...(args.filters !== undefined && args.filters !== null ? { filters: typeFilters(registry, target, args.filters) } : {}),
    ...window,
    ...sortOf(args.sort),
  };
}

/**
 * A `<Type>FiltersInput` or `<Component>FiltersInput` value: groups, attributes (scalar, relation
 * or component, whose inputs nest), `id`, `documentId`, timestamps.
 */
function typeFilters(registry: SchemaRegistry, model: Model, value: unknown): ParamValue {
  if (!isRecord(value)) return leaf(value);
  const out: Record<string, ParamValue> = {};
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === undefined) continue;
    const group = GROUPS[key];
    if (group === '$not') out.$not = typeFilters(registry, model, item);
    else if (group !== undefined) out[group] = Array.isArray(item) ? item.map((f) => typeFilters(registry, model, f)) : typeFilters(registry, model, item);
    else {
      const attribute = model.attributes.get(key);
      if (attribute?.kind === 'relation') out[key] = typeFilters(registry, registry.require(attribute.target), item);
      else if (attribute?.kind === 'component') out[key] = typeFilters(registry, registry.component(attribute.component), item);
      else out[key] = fieldFilters(item);
    }
  }
  return out;
}

/** A `<Scalar>FilterInput` value: every key is an operator, `and` / `or` / `not` included. */
function fieldFilters(value: unknown): ParamValue {
  if (!isRecord(value)) return leaf(value);
  const out: Record<string, ParamValue> = {};
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === undefined) continue;
    if (key === 'and' || key === 'or') out[`$${key}`] = Array.isArray(item) ? item.map(fieldFilters) : fieldFilters(item);
    else if (key === 'not') out.$not = fieldFilters(item);
    else out[`$${key}`] = leaf(item);
  }
  return out;
}

function windowOf(pagination: unknown): Record<string, ParamValue> {
  const window: Record<string, ParamValue> = {};
  if (!isRecord(pagination)) return window;
  for (const key of ['page', 'pageSize', 'start', 'limit'] as const) {
    const value = pagination[key];
    if (typeof value === 'number') window[key] = value;
  }
  return window;
}

function sortOf(sort: unknown): { sort?: ParamValue } {
  if (sort === undefined || sort === null) return {};
  const terms = (Array.isArray(sort) ? sort : [sort]).filter((t): t is string => typeof t === 'string');
  return terms.length === 0 ? {} : { sort: terms };
}

/**
 * A leaf as GraphQL coerced it. Scalars the filter builder reads stay as they are; a value of
 * another kind (a JSON scalar's object, a big integer) is given as the text a query string would
 * carry, which the builder then refuses or casts as it would over REST.
 */
function leaf(value: unknown): ParamValue {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(leaf);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}
