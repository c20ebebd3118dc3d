import { QuarryError, type ErrorDetails } from '../errors/index.js';

/**
 * Errors only the HTTP layer raises. They extend `QuarryError`, so the core formats them like
 * every other error: Strapi's `{ data: null, error: { status, name, message, details } }`.
 */

/**
 * A body that is not JSON. Strapi's body parser answers it as a 400 named `SyntaxError` with
 * the parser's message; the name is kept for clients
 * that look at it.
 */
export class MalformedJsonError extends QuarryError {
  override readonly name = 'SyntaxError';
  readonly status = 400;
}

/** The body did not arrive in full within the time allowed; the connection is closed. */
export class RequestBodyTimeoutError extends QuarryError {
  override readonly name = 'RequestTimeoutError';
  readonly status = 408;
  constructor(message = 'The request body did not arrive in time', details: ErrorDetails = {}) {
    super(message, details);
  }
}

/** A request head (request line and headers) past the transport's limit; the connection is closed. */
export class RequestHeadTooLargeError extends QuarryError {
  override readonly name = 'RequestHeaderFieldsTooLargeError';
  readonly status = 431;
  constructor(limit: number) {
    super(`Request line and headers exceed the limit of ${limit} bytes`, { limit });
  }
}

/** Bytes that do not parse as an HTTP request; the connection is closed. */
export class MalformedRequestError extends QuarryError {
  override readonly name = 'BadRequestError';
  readonly status = 400;
  constructor(message = 'Malformed HTTP request', details: ErrorDetails = {}) {
    super(message, details);
  }
}

/** The part of a request target where a character must be percent-encoded. */
export type TargetPart = 'path' | 'query';

/**
 * A request target holding a raw character HTTP allows only percent-encoded: anything outside
 * printable ASCII, such as the UTF-8 bytes of `å` that `curl -g` sends as typed. Node's parser
 * refuses them (as Strapi's server does); the message says so, since the client sees only a 400.
 */
export function unencodedTargetError(part: TargetPart): MalformedRequestError {
  return new MalformedRequestError(
    `Malformed HTTP request: the request target must be percent-encoded, and its ${part === 'path' ? 'path' : 'query string'} holds a raw character outside printable ASCII`,
    { part, fix: 'send each such character as the %XX escapes of its UTF-8 bytes (å as %C3%A5), as encodeURIComponent, URLSearchParams and curl -G --data-urlencode do' },
  );
}

export const MISSING_DATA_MESSAGE = 'Missing "data" payload in the request body';
export const INVALID_UTF8_MESSAGE = 'The request body is not valid UTF-8';
export const bodyTooLargeMessage = (limit: number): string => `Request body exceeds the limit of ${limit} bytes`;
