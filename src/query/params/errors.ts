import { ValidationError } from '../../errors/index.js';
import type { ParamValue } from './types.js';

/** The top-level query parameter an error belongs to (`details.param`). */
export type QueryParam = 'filters' | 'sort' | 'fields' | 'populate' | 'pagination' | 'status' | 'locale' | 'lookup';

/**
 * Where a value stands: its top-level param and the keys below it. `details.path` is both
 * joined (`sort.chef.name`), as filter errors name `filters.stars.$eq`; messages use the part
 * below the param, as Strapi's do (`Invalid key name at chef.name`).
 */
export interface Place {
  readonly param: QueryParam;
  readonly path: readonly string[];
}

export const placeOf = (param: QueryParam, ...path: string[]): Place => ({ param, path });
export const below = (place: Place, ...keys: string[]): Place => ({ param: place.param, path: [...place.path, ...keys] });

export const INVALID_ORDER_MESSAGE = 'Invalid order. order can only be one of asc|desc|ASC|DESC';
export const INVALID_SORT_MESSAGE =
  'Invalid sort parameter. Expected a string, an array of strings, a sort object or an array of sort objects';
export const INVALID_FIELDS_MESSAGE = 'Invalid fields parameter. Expected a string or an array of strings';
export const INVALID_POPULATE_MESSAGE =
  'Invalid populate parameter. Expected a string, an array of strings, a populate object';
export const INVALID_NESTED_POPULATE_MESSAGE = "Invalid nested populate. Expected '*' or an object";
export const INVALID_FILTERS_MESSAGE = 'The filters parameter must be an object';
export const TO_MANY_SORT_REASON = 'sorting by a to-many relation is not supported';
export const rootOnlyReason = (key: string): string =>
  `${key} is only accepted at the root of the query, and it also applies to populated relations`;
export const populateDepthMessage = (limit: number): string => `Populate nesting exceeds the depth limit of ${limit}`;
export const tooManyPopulateEntriesMessage = (entries: number, limit: number): string =>
  `Too many populate entries (${entries}). The maximum number of populate entries when using array notation is ${limit}. `
  + 'Consider using object notation (populate[field]=true), nested population, or reducing the number of fields.';

/** Strapi's `Invalid key <key>` / `Invalid key <key> at <path>`, with an optional reason. */
export function invalidKey(place: Place, reason?: string): ValidationError {
  const key = place.path[place.path.length - 1] ?? place.param;
  const location = place.path.length > 1 ? `Invalid key ${key} at ${place.path.join('.')}` : `Invalid key ${key}`;
  return invalidAt(place, reason === undefined ? location : `${location}: ${reason}`, { key });
}

export function invalidAt(place: Place, message: string, extra: Record<string, unknown> = {}): ValidationError {
  return ValidationError.at([place.param, ...place.path], message, { ...extra, source: 'query', param: place.param });
}

export function detailsAt(place: Place): { path: string; source: 'query'; param: QueryParam } {
  return { path: [place.param, ...place.path].join('.'), source: 'query', param: place.param };
}

const MAX_ECHO = 200;

/** A value as error messages show it; query objects have no `toString`, and echoes stay short. */
export function describeValue(value: ParamValue): string {
  const text = typeof value === 'string' ? value : Array.isArray(value) ? value.map(describeValue).join(',') : JSON.stringify(value);
  return text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO)}…` : text;
}
