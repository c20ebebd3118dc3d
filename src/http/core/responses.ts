import { INTERNAL_ERROR_BODY, QuarryError } from '../../errors/index.js';
import type { CoreResponse } from '../types.js';

/** Every answer with a body is JSON; `@strapi/client` throws on an empty 200. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** Headers every answer carries (CORS); the router computes them once per request. */
export type BaseHeaders = Readonly<Record<string, string>>;

export function json(status: number, value: unknown, base: BaseHeaders): CoreResponse {
  return { status, headers: { ...base, 'content-type': JSON_TYPE }, body: JSON.stringify(value) };
}

const DATA_OPEN = Buffer.from('{"data":');
const EMPTY_META_CLOSE = Buffer.from(',"meta":{}}');

/** `{ data, meta: {} }` whose data is one entry's UTF-8 JSON already. */
export function entryResponse(status: number, entry: Buffer, base: BaseHeaders): CoreResponse {
  return { status, headers: { ...base, 'content-type': JSON_TYPE }, body: [DATA_OPEN, entry, EMPTY_META_CLOSE] };
}

/** `{ data, meta }` whose data is UTF-8 JSON already, in pieces (entries keep theirs: documents/entry-json.ts). */
export function dataResponse(status: number, data: readonly Buffer[], meta: unknown, base: BaseHeaders): CoreResponse {
  const body: Buffer[] = new Array(data.length + 2);
  body[0] = DATA_OPEN;
  for (let i = 0; i < data.length; i++) body[i + 1] = data[i]!;
  body[data.length + 1] = Buffer.from(`,"meta":${JSON.stringify(meta)}}`);
  return { status, headers: { ...base, 'content-type': JSON_TYPE }, body };
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
  return { status: 500, headers: { ...base, 'content-type': JSON_TYPE }, body: INTERNAL_BODY };
}
