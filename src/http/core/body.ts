import { ValidationError } from '../../errors/index.js';
import { isRecord } from '../../objects.js';
import { INVALID_UTF8_MESSAGE, MalformedJsonError, MISSING_DATA_MESSAGE } from '../errors.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The `data` member of a write's JSON body. A body is read as JSON when its Content-Type is a
 * JSON type or absent; Strapi reads no other type as JSON, so a `text/plain` or form body has
 * no `data` (its 400 `Missing "data" payload in the request body`, as for an empty body or a
 * `data` that is not an object). What `data` holds is the document service's to check
 * (unknown keys, `id`, `documentId`).
 */
export function readDataPayload(body: Uint8Array | undefined, contentType: string | undefined): object {
  if (body === undefined || body.length === 0 || !isJsonType(contentType)) throw new ValidationError(MISSING_DATA_MESSAGE);
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw new MalformedJsonError(INVALID_UTF8_MESSAGE);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new MalformedJsonError(error instanceof Error ? error.message : 'Invalid JSON');
  }
  const data = isRecord(parsed) ? parsed.data : undefined;
  if (!isRecord(data)) throw new ValidationError(MISSING_DATA_MESSAGE);
  return data;
}

/** `application/json`, `application/vnd.api+json` and the like, with any parameters; or no type at all. */
export function isJsonType(contentType: string | undefined): boolean {
  if (contentType === undefined) return true;
  const semicolon = contentType.indexOf(';');
  const type = (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}
