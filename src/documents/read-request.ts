import type { SchemaRegistry } from '../schema/registry.js';
import type { ContentType } from '../schema/types.js';
import type { Status } from '../store/layout.js';
import { placeOf } from '../query/params/errors.js';
import {
  DEFAULT_LIST_PARAMS_SETTINGS, parseFields, parsePagination, parsePopulate, parseSort,
  type FieldSelection, type ListParams, type ListParamsSettings, type PopulateTree, type SortSpec,
} from '../query/params/index.js';
import type { QueryObject, QueryValue } from '../query/querystring/index.js';
import { ValidationError } from '../errors/index.js';

/** A read as the document layer runs it, whichever interface it came from. */
export interface ReadRequest {
  /** Raw filter object: validated against the type when the read runs. */
  readonly filters: unknown;
  readonly sort: readonly SortSpec[];
  readonly fields: FieldSelection;
  readonly populate: PopulateTree;
  readonly window: ReadWindow;
  readonly status: Status | undefined;
  /** undefined (default locale), a code, or `*`. */
  readonly locale: unknown;
}

export interface ReadWindow {
  readonly mode: 'page' | 'offset';
  readonly start: number;
  /** Infinity: the whole list (the document service's default). */
  readonly limit: number;
  readonly withCount: boolean;
}

/** What the document service's read methods take (Strapi's document-service shapes). */
export interface FindParams {
  readonly filters?: unknown;
  /** `'name:asc'`, `['name:asc', 'stars:desc']`, `{ name: 'asc' }`, or through to-one relations. */
  readonly sort?: unknown;
  readonly status?: Status;
  readonly locale?: string;
  readonly fields?: unknown;
  readonly populate?: unknown;
  readonly pagination?: { readonly page?: number; readonly pageSize?: number; readonly start?: number; readonly limit?: number; readonly withCount?: boolean };
  /** Strapi's document service also takes these at the top level. */
  readonly start?: number;
  readonly limit?: number;
}

/**
 * Reads document-service params with the same parsers as REST query strings, after turning their
 * typed leaves (numbers, booleans) into the strings a query string would carry. Without any
 * pagination, `paged` reads get REST's default page and others the whole list, as in Strapi.
 */
export function requestFromFind(
  registry: SchemaRegistry, ct: ContentType, params: FindParams, paged: boolean, settings: ListParamsSettings = DEFAULT_LIST_PARAMS_SETTINGS,
): ReadRequest {
  const top = params.start !== undefined || params.limit !== undefined ? { start: params.start, limit: params.limit } : {};
  const paginationInput = params.pagination ?? (Object.keys(top).length > 0 ? top : undefined);
  let window: ReadWindow;
  if (paginationInput === undefined && !paged) window = { mode: 'page', start: 0, limit: Infinity, withCount: true };
  else {
    const p = parsePagination(asQueryValue({ ...top, ...paginationInput }, 'pagination'), settings, placeOf('pagination'));
    window = { mode: p.mode, start: p.start, limit: p.limit, withCount: p.withCount };
  }
  return {
    filters: params.filters,
    sort: params.sort === undefined ? [] : parseSort(registry, ct, asQueryValue(params.sort, 'sort'), placeOf('sort')),
    fields: parseFields(ct, asQueryValue(params.fields, 'fields'), placeOf('fields')),
    populate: parsePopulate(registry, ct, asQueryValue(params.populate, 'populate'), settings, placeOf('populate')),
    window,
    status: params.status,
    locale: params.locale,
  };
}

/** A REST (or GraphQL) request already read by the list-params parser. */
export function requestFromList(params: ListParams): ReadRequest {
  const p = params.pagination;
  return {
    filters: params.filtersRaw,
    sort: params.sort,
    fields: params.fields,
    populate: params.populate,
    window: { mode: p.mode, start: p.start, limit: p.limit, withCount: p.withCount },
    status: params.status,
    locale: params.locale === undefined || params.locale.kind === 'default' ? undefined : params.locale.kind === 'all' ? '*' : params.locale.code,
  };
}

/** Typed document-service values in query-string form: numbers and booleans become their text. */
function asQueryValue(value: unknown, path: string): QueryValue | undefined {
  if (value === undefined) return undefined;
  if (value === null || typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((v, i) => asQueryValue(v, `${path}.${i}`) ?? null);
  if (typeof value === 'object') {
    const out: QueryObject = Object.create(null);
    for (const [k, v] of Object.entries(value)) {
      const q = asQueryValue(v, `${path}.${k}`);
      if (q !== undefined) out[k] = q;
    }
    return out;
  }
  throw ValidationError.at(path, `Invalid ${path.split('.')[0]} value`);
}
