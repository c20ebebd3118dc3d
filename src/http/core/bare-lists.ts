import type { ListParamsSettings } from '../../query/params/index.js';
import type { QueryObject, QueryValue } from '../../query/querystring/index.js';

/**
 * Plugin routes that answer bare values rather than `{ data, meta }` (users-permissions' users,
 * the upload plugin's files): every matching entry unless `start` / `limit` window the list, and
 * one entry found by its numeric row id (documents/row-id.ts).
 */
export const ALL: Partial<ListParamsSettings> = Object.freeze({
  defaultPageSize: Number.MAX_SAFE_INTEGER,
  maxPageSize: Number.MAX_SAFE_INTEGER,
  withCount: false,
});

/** Bare lists read `start` / `limit` at the top level and ignore `pagination`. */
export function withTopLevelWindow(query: QueryObject): QueryObject {
  const out: QueryObject = Object.create(null);
  for (const key in query) if (key !== 'pagination' && key !== 'start' && key !== 'limit') out[key] = query[key]!;
  const window: QueryObject = Object.create(null);
  if (query.start !== undefined) window.start = query.start;
  if (query.limit !== undefined) window.limit = query.limit;
  if (query.start !== undefined || query.limit !== undefined) out.pagination = window;
  return out;
}

/** The request's own query, its filters joined with `id = <id>` and its window set to one entry. */
export function byId(query: QueryObject, id: string): QueryObject {
  const out: QueryObject = Object.create(null);
  for (const key in query) out[key] = query[key]!;
  const idFilter = obj({ id: obj({ $eq: id }) });
  out.filters = query.filters === undefined ? idFilter : obj({ $and: [idFilter, query.filters] });
  out.pagination = obj({ start: '0', limit: '1' });
  return out;
}

function obj(entries: Record<string, QueryValue>): QueryObject {
  return Object.assign(Object.create(null) as QueryObject, entries);
}
