import { PaginationError, ValidationError } from '../../errors/index.js';
import { isParamObject, type ParamValue } from './types.js';
import { booleanLike } from './boolean-like.js';
import { below, describeValue, detailsAt, invalidKey, type Place } from './errors.js';
import type { ListParamsSettings } from './settings.js';
import type { PageWindow, Pagination } from './types.js';

export const MIXED_PAGINATION_MESSAGE = 'Cannot use both page & offset pagination in the same query';
export const INVALID_WITH_COUNT_MESSAGE = 'Invalid withCount parameter. Expected "t","1","true","false","0","f"';
export const INVALID_PAGINATION_MESSAGE = 'Invalid pagination parameter. Expected an object';
export const invalidIntegerMessage = (name: string, received: string): string =>
  `Invalid '${name}' parameter. Expected an integer, received: ${received}`;
export const pageTooFarMessage = (page: number): string => `Invalid 'page' parameter. Page ${page} starts past the largest offset`;

const WINDOW_KEYS = new Set(['page', 'pageSize', 'start', 'limit'] as const);
export type WindowKey = typeof WINDOW_KEYS extends Set<infer K> ? K : never;
export const isWindowKey = (key: string): key is WindowKey => WINDOW_KEYS.has(key as WindowKey);

const INTEGER = /^\s*[+-]?\d{1,16}\s*$/;

/** Reads `pagination[...]`; no pagination at all is the first page of the default size. */
export function parsePagination(value: ParamValue | undefined, settings: ListParamsSettings, place: Place): Pagination {
  if (value === undefined || value === null) return { ...pageWindow(1, settings.defaultPageSize, settings, place), withCount: settings.withCount };
  if (!isParamObject(value)) throw new PaginationError(INVALID_PAGINATION_MESSAGE, detailsAt(place));
  const window: Partial<Record<WindowKey, ParamValue>> = {};
  let withCount = settings.withCount;
  for (const key in value) {
    const item = value[key]!;
    if (isWindowKey(key)) window[key] = item;
    else if (key === 'withCount') withCount = parseWithCount(item, below(place, key));
    else throw invalidKey(below(place, key));
  }
  const chosen = parseWindow(window, settings, place) ?? pageWindow(1, settings.defaultPageSize, settings, place);
  return { ...chosen, withCount };
}

/**
 * `page`/`pageSize` or `start`/`limit`, never both; `undefined` when none is given. Out-of-range
 * numbers are clamped as Strapi's REST service does: page and pageSize to at least 1, start to
 * at least 0, limit to at least 1 (`-1` meaning "as many as allowed"), and sizes to the maximum.
 */
export function parseWindow(
  values: Partial<Record<WindowKey, ParamValue>>, settings: ListParamsSettings, place: Place,
): PageWindow | undefined {
  const page = readInteger(values.page, 'page', place);
  const pageSize = readInteger(values.pageSize, 'pageSize', place);
  const start = readInteger(values.start, 'start', place);
  const limit = readInteger(values.limit, 'limit', place);
  const paged = page !== undefined || pageSize !== undefined;
  const offset = start !== undefined || limit !== undefined;
  if (paged && offset) throw new PaginationError(MIXED_PAGINATION_MESSAGE, detailsAt(place));
  if (paged) return pageWindow(page ?? 1, pageSize ?? settings.defaultPageSize, settings, place);
  if (offset) return offsetWindow(start ?? 0, limit ?? settings.defaultPageSize, settings);
  return undefined;
}

function pageWindow(askedPage: number, askedSize: number, settings: ListParamsSettings, place: Place): PageWindow {
  const pageSize = Math.min(Math.max(1, askedSize), settings.maxPageSize);
  const page = Math.max(1, askedPage);
  const start = (page - 1) * pageSize;
  if (!Number.isSafeInteger(start)) throw new PaginationError(pageTooFarMessage(page), detailsAt(below(place, 'page')));
  return { mode: 'page', page, pageSize, start, limit: pageSize };
}

function offsetWindow(askedStart: number, askedLimit: number, settings: ListParamsSettings): PageWindow {
  const start = Math.max(0, askedStart);
  const limit = askedLimit === -1 ? settings.maxPageSize : Math.min(Math.max(1, askedLimit), settings.maxPageSize);
  return { mode: 'offset', page: Math.floor(start / limit) + 1, pageSize: limit, start, limit };
}

/** `null` (a key without `=`) counts as absent, as Strapi's `isNil` does. */
function readInteger(value: ParamValue | undefined, name: WindowKey, place: Place): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && INTEGER.test(value)) {
    const number = Number(value);
    if (Number.isSafeInteger(number)) return number;
  }
  throw new PaginationError(invalidIntegerMessage(name, describeValue(value)), detailsAt(below(place, name)));
}

function parseWithCount(value: ParamValue, place: Place): boolean {
  const parsed = typeof value === 'boolean' ? value : typeof value === 'string' ? booleanLike(value) : undefined;
  if (parsed === undefined) throw new ValidationError(INVALID_WITH_COUNT_MESSAGE, detailsAt(place));
  return parsed;
}
