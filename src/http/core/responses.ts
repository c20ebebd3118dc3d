import { INTERNAL_ERROR_BODY, QuarryError } from '../../errors/index.js';
import type { PageMeta } from '../../documents/read.js';
import type { CoreResponse } from '../types.js';

/** Every answer with a body is JSON; `@strapi/client` throws on an empty 200. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** Headers every answer carries (CORS); the router computes them once per request. */
export type BaseHeaders = Readonly<Record<string, string>>;

/**
 * `base` with the JSON content type: every answer's headers but a 204's. Bases are made once
 * (Cors keeps one per origin it answers), so each one's JSON headers are too, frozen and shared
 * by its answers: a fresh spread per answer, walked by node's header printing with a new shape
 * each time, was a tenth of a selective list's CPU on node:http.
 */
function jsonHeaders(base: BaseHeaders): BaseHeaders {
  let headers = withJsonType.get(base);
  if (headers === undefined) {
    headers = Object.freeze({ ...base, 'content-type': JSON_TYPE });
    withJsonType.set(base, headers);
  }
  return headers;
}
const withJsonType = new WeakMap<BaseHeaders, BaseHeaders>();

export function json(status: number, value: unknown, base: BaseHeaders): CoreResponse {
  return { status, headers: jsonHeaders(base), body: JSON.stringify(value) };
}

const DATA_OPEN = Buffer.from('{"data":');
const EMPTY_META_CLOSE = Buffer.from(',"meta":{}}');

/** `{ data, meta: {} }` whose data is one entry's UTF-8 JSON already. */
export function entryResponse(status: number, entry: Buffer, base: BaseHeaders): CoreResponse {
  return { status, headers: jsonHeaders(base), body: [DATA_OPEN, entry, EMPTY_META_CLOSE] };
}

/** A list's `{ data, meta: { pagination } }` whose data is UTF-8 JSON already, in pieces (entries keep theirs: documents/entry-json.ts). */
export function pageResponse(status: number, data: readonly Buffer[], pagination: PageMeta, base: BaseHeaders): CoreResponse {
  const body: (Buffer | string)[] = new Array(data.length + 2);
  body[0] = DATA_OPEN;
  for (let i = 0; i < data.length; i++) body[i + 1] = data[i]!;
  body[data.length + 1] = `,"meta":{"pagination":${paginationJson(pagination)}}}`;
  return { status, headers: jsonHeaders(base), body };
}

/**
 * `JSON.stringify(pagination)`, printed by hand: a list's answer is otherwise a concatenation of
 * kept texts, and stringifying this small object was a fifth of a selective list's own work on
 * uWS (its keys in the order pageMeta makes them; an absent count is left out, as stringify does).
 */
export function paginationJson(p: PageMeta): string {
  if ('page' in p) {
    const count = p.pageCount === undefined ? '' : `,"pageCount":${p.pageCount}`;
    return `{"page":${p.page},"pageSize":${p.pageSize}${count}${p.total === undefined ? '' : `,"total":${p.total}`}}`;
  }
  return `{"start":${p.start},"limit":${p.limit}${p.total === undefined ? '' : `,"total":${p.total}`}}`;
}

export function noContent(base: BaseHeaders, extra: Readonly<Record<string, string>> = {}): CoreResponse {
  return { status: 204, headers: { ...base, ...extra }, body: undefined };
}

/** Strapi's error body: `{ data: null, error: { status, name, message, details } }`. */
export function errorResponse(error: QuarryError, base: BaseHeaders, extra?: Readonly<Record<string, string>>): CoreResponse {
  return json(error.status, { data: null, error: error.toJSON() }, extra ? { ...base, ...extra } : base);
}

const INTERNAL_BODY = JSON.stringify({ data: null, error: INTERNAL_ERROR_BODY });

/** Anything that is not a QuarryError: the same bare 500 Strapi gives, never a message or a stack. */
export function internalError(base: BaseHeaders): CoreResponse {
  return { status: 500, headers: jsonHeaders(base), body: INTERNAL_BODY };
}
