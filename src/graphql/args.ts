import type { Status } from '../documents/service.js';
import type { QueryObject, QueryValue } from '../query/querystring/index.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { ContentType } from '../schema/types.js';

/**
 * GraphQL arguments in the shape a REST query string is read into (`filters[name][$eq]=x`), so
 * that a GraphQL list goes through the same parser, validation and planner as the REST list:
 * same results, same errors. Operators gain their `$`; leaves become the text a query string
 * carries (the filter module casts them by the field's type, as for REST); `null` stays null.
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

export function listQuery(registry: SchemaRegistry, ct: ContentType, args: ListArgs, withCount: boolean): QueryObject {
  const query = queryObject();
  if (args.filters !== undefined && args.filters !== null) query.filters = typeFilters(registry, ct, args.filters);
  query.pagination = windowOf(args.pagination);
  if (!withCount) query.pagination.withCount = 'false';
  const sort = sortOf(args.sort);
  if (sort !== undefined) query.sort = sort;
  if (args.status !== undefined && args.status !== null) query.status = args.status;
  if (args.locale !== undefined && args.locale !== null) query.locale = args.locale;
  return query;
}

/** One entry's arguments: only `status` and `locale` apply. */
export function entryQuery(args: Pick<ListArgs, 'status' | 'locale'>): QueryObject {
  const query = queryObject();
  if (args.status !== undefined && args.status !== null) query.status = args.status;
  if (args.locale !== undefined && args.locale !== null) query.locale = args.locale;
  return query;
}

/**
 * A relation field's arguments as `populate[<relation>]` options; without `pagination` a to-many
 * list shows `defaultPageSize` entries, as Strapi's nested lists do.
 */
export function relationOptions(registry: SchemaRegistry, target: ContentType, args: Omit<ListArgs, 'status' | 'locale'>, defaultPageSize: number | undefined): QueryObject {
  const options = queryObject();
  if (args.filters !== undefined && args.filters !== null) options.filters = typeFilters(registry, target, args.filters);
  const window = windowOf(args.pagination);
  if (Object.keys(window).length === 0 && defaultPageSize !== undefined) window.pageSize = String(defaultPageSize);
  for (const key in window) options[key] = window[key]!;
  const sort = sortOf(args.sort);
  if (sort !== undefined) options.sort = sort;
  return options;
}

/** A `<Type>FiltersInput` value: groups, attributes (scalar or relation), `id`, `documentId`, timestamps. */
function typeFilters(registry: SchemaRegistry, ct: ContentType, value: unknown): QueryValue {
  if (!isObject(value)) return leaf(value);
  const out = queryObject();
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === undefined) continue;
    const group = GROUPS[key];
    if (group === '$not') out.$not = typeFilters(registry, ct, item);
    else if (group !== undefined) out[group] = Array.isArray(item) ? item.map((f) => typeFilters(registry, ct, f)) : typeFilters(registry, ct, item);
    else {
      const attribute = ct.attributes.get(key);
      out[key] = attribute?.kind === 'relation' ? typeFilters(registry, registry.require(attribute.target), item) : fieldFilters(item);
    }
  }
  return out;
}

/** A `<Scalar>FilterInput` value: every key is an operator, `and` / `or` / `not` included. */
function fieldFilters(value: unknown): QueryValue {
  if (!isObject(value)) return leaf(value);
  const out = queryObject();
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === undefined) continue;
    if (key === 'and' || key === 'or') out[`$${key}`] = Array.isArray(item) ? item.map(fieldFilters) : fieldFilters(item);
    else if (key === 'not') out.$not = fieldFilters(item);
    else out[`$${key}`] = leaf(item);
  }
  return out;
}

function windowOf(pagination: unknown): QueryObject {
  const window = queryObject();
  if (!isObject(pagination)) return window;
  for (const key of ['page', 'pageSize', 'start', 'limit'] as const) {
    const value = pagination[key];
    if (value !== undefined && value !== null) window[key] = String(value);
  }
  return window;
}

function sortOf(sort: unknown): QueryValue | undefined {
  if (sort === undefined || sort === null) return undefined;
  const terms = (Array.isArray(sort) ? sort : [sort]).filter((t): t is string => typeof t === 'string');
  return terms.length === 0 ? undefined : terms;
}

/** A value as a query string carries it: text, null, or a list of those. */
function leaf(value: unknown): QueryValue {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(leaf);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

function queryObject(): QueryObject {
  return Object.create(null) as QueryObject;
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
