/**
 * One error hierarchy that maps 1:1 onto Strapi's error body
 * `{ data: null, error: { status, name, message, details } }`.
 * Every layer throws these; the interfaces only format them.
 */

export type ErrorDetails = Record<string, unknown>;

export abstract class QuarryError extends Error {
  abstract readonly status: number;
  readonly details: ErrorDetails;

  constructor(message: string, details: ErrorDetails = {}) {
    // These are answers, not faults: nobody reads their stack, and capturing one cost more than
    // the rest of a 404.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.details = details;
  }

  /** The `error` member of Strapi's error body. */
  toJSON(): { status: number; name: string; message: string; details: ErrorDetails } {
    return { status: this.status, name: this.name, message: this.message, details: this.details };
  }
}

/** Bad input: a malformed query, payload or value. `details.path` names the offending input when known. */
export class ValidationError extends QuarryError {
  override readonly name = 'ValidationError';
  readonly status = 400;

  /** `path` is the dotted location of the offending input, e.g. `filters.stars.$eq`. */
  static at(path: readonly (string | number)[] | string, message: string, extra: ErrorDetails = {}): ValidationError {
    const dotted = typeof path === 'string' ? path : path.join('.');
    return new ValidationError(message, { ...extra, path: dotted });
  }
}

export class PaginationError extends QuarryError {
  override readonly name = 'PaginationError';
  readonly status = 400;
}

export class UnauthorizedError extends QuarryError {
  override readonly name = 'UnauthorizedError';
  readonly status = 401;
  constructor(message = 'Missing or invalid credentials', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class ForbiddenError extends QuarryError {
  override readonly name = 'ForbiddenError';
  readonly status = 403;
  constructor(message = 'Forbidden', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class NotFoundError extends QuarryError {
  override readonly name = 'NotFoundError';
  readonly status = 404;
  constructor(message = 'Not Found', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class MethodNotAllowedError extends QuarryError {
  override readonly name = 'MethodNotAllowedError';
  readonly status = 405;
  constructor(message = 'Method Not Allowed', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class PayloadTooLargeError extends QuarryError {
  override readonly name = 'PayloadTooLargeError';
  readonly status = 413;
  constructor(message = 'Request body too large', details: ErrorDetails = {}) {
    super(message, details);
  }
}

/** A `Range` no byte of the file satisfies (`details.size` says how long it is). */
export class RangeNotSatisfiableError extends QuarryError {
  override readonly name = 'RangeNotSatisfiableError';
  readonly status = 416;
  constructor(message = 'Range Not Satisfiable', details: ErrorDetails = {}) {
    super(message, details);
  }
}

/**
 * A read ran past the read time limit and was cancelled: the service could not answer it in the
 * time it allows. (A 408 is the HTTP layer's own: a request body that did not arrive in time.)
 */
export class ServiceUnavailableError extends QuarryError {
  override readonly name = 'ServiceUnavailableError';
  readonly status = 503;

  /** The 503 of a read stopped at the read time limit of `timeoutMs`, named as every limit's error names it. */
  static readTimeLimit(timeoutMs: number): ServiceUnavailableError {
    return new ServiceUnavailableError(`The read exceeds the limit of ${timeoutMs} ms (the read time limit) and was cancelled`, { timeoutMs });
  }
}

/**
 * An error the writer answered a write a replica forwarded with (src/replication/): the same
 * status, name, message and details reach the replica's client as the writer's would.
 */
export class ForwardedError extends QuarryError {
  override readonly name: string;
  readonly status: number;

  constructor(body: { readonly status: number; readonly name: string; readonly message: string; readonly details?: ErrorDetails }) {
    super(body.message, body.details ?? {});
    this.name = body.name;
    this.status = body.status;
  }
}

/** A schema file that cannot be loaded; thrown at start-up, never over HTTP. */
export class SchemaError extends Error {
  override readonly name = 'SchemaError';
  readonly file: string;
  readonly attribute: string | undefined;

  constructor(file: string, attribute: string | undefined, problem: string) {
    super(`${file}${attribute ? ` (attribute "${attribute}")` : ''}: ${problem}`);
    this.file = file;
    this.attribute = attribute;
  }
}

export const INTERNAL_ERROR_BODY = Object.freeze({
  status: 500,
  name: 'InternalServerError',
  message: 'Internal Server Error',
  details: Object.freeze({}),
});
