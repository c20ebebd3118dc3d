import type { GraphQLError, GraphQLFormattedError } from 'graphql';
import { QuarryError, ValidationError } from '../errors/index.js';

/** The codes of `errors[].extensions.code`, as Apollo Server and Strapi's GraphQL plugin give them. */
export type ErrorCode =
  | 'GRAPHQL_PARSE_FAILED'
  | 'GRAPHQL_VALIDATION_FAILED'
  | 'BAD_USER_INPUT'
  | 'BAD_REQUEST'
  | 'INTERNAL_SERVER_ERROR'
  | `STRAPI_${string}`;

export interface FormattedError extends GraphQLFormattedError {
  readonly extensions: { readonly code: ErrorCode; readonly error?: { name: string; message: string; details: unknown } };
}

export const INTERNAL_MESSAGE = 'Internal Server Error';

/** An error of the request itself (no query, bad JSON, unknown operation): no location, no path. */
export function requestError(message: string, code: ErrorCode): FormattedError {
  return { message, extensions: { code } };
}

/**
 * A parse, validation or variable error: `code`, unless a Quarry error caused it (a relation
 * value of a malformed shape), which is `BAD_USER_INPUT` with Strapi's `extensions.error`.
 */
export function documentError(error: GraphQLError, code: ErrorCode): FormattedError {
  const cause = quarryCause(error);
  const base = { message: error.message, ...(error.locations ? { locations: error.locations } : {}) };
  return cause ? { ...base, extensions: quarryExtensions(cause) } : { ...base, extensions: { code } };
}

/**
 * Errors met while executing, as Strapi formats them: a `ValidationError` is `BAD_USER_INPUT`,
 * another Quarry error `STRAPI_<NAME>` (`STRAPI_NOT_FOUND_ERROR`), both with `extensions.error
 * { name, message, details }`; anything else is an internal error whose message is not shown
 * (it goes to `report`). One error met by every entry of a level (a bad nested filter) is listed once.
 */
export function executionErrors(errors: readonly GraphQLError[], report: (error: unknown) => void): FormattedError[] {
  const seen = new Set<unknown>();
  const out: FormattedError[] = [];
  for (const error of errors) {
    const cause = error.originalError;
    if (cause !== undefined) {
      if (seen.has(cause)) continue;
      seen.add(cause);
    }
    const base = { message: error.message, ...(error.locations ? { locations: error.locations } : {}), ...(error.path ? { path: error.path } : {}) };
    const quarry = quarryCause(error);
    if (quarry) out.push({ ...base, extensions: quarryExtensions(quarry) });
    else if (cause === undefined || isGraphqlError(cause) || isNullWhereNonNull(cause)) out.push({ ...base, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    else {
      report(cause);
      out.push({ ...base, message: INTERNAL_MESSAGE, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    }
  }
  return out;
}

/** A Quarry error met before execution (access refused): Strapi's code and `extensions.error`. */
export function applicationError(error: QuarryError): FormattedError {
  return { message: error.message, extensions: quarryExtensions(error) };
}

function quarryExtensions(error: QuarryError): FormattedError['extensions'] {
  const code: ErrorCode = error instanceof ValidationError ? 'BAD_USER_INPUT' : `STRAPI_${snake(error.name)}`;
  return { code, error: { name: error.name, message: error.message, details: error.details } };
}

/** The first Quarry error among an error's causes (graphql-js wraps what resolvers and scalars throw). */
function quarryCause(error: GraphQLError): QuarryError | undefined {
  let cause: unknown = error.originalError;
  for (let hops = 0; cause !== undefined && cause !== null && hops < 5; hops++) {
    if (cause instanceof QuarryError) return cause;
    cause = (cause as { originalError?: unknown }).originalError;
  }
  return undefined;
}

const isGraphqlError = (value: unknown): boolean => value instanceof Error && value.name === 'GraphQLError';

/**
 * graphql-js's own error for a null where the type forbids one (a required field a draft leaves
 * empty): a fact of the data, shown with its message as Strapi 5.54 shows it ("Cannot return null
 * for non-nullable field Restaurant.price."), not a fault of the server to hide and report.
 */
const isNullWhereNonNull = (value: unknown): boolean =>
  value instanceof Error && value.constructor === Error && value.message.startsWith('Cannot return null for non-nullable field ');

/** `NotFoundError` → `NOT_FOUND_ERROR`. */
const snake = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
