/**
 * What crosses between the main thread and a pool worker: plain, structured-clone-safe data only.
 * Errors cross as their Strapi fields and are rebuilt as the same QuarryError class on the main
 * thread, so a 400 from a worker is the 400 an inline read would have thrown.
 */
import type { I18nSettings } from '../documents/engine.js';
import type { ReadTask } from '../documents/read-tasks.js';
import {
  ForbiddenError, MethodNotAllowedError, NotFoundError, PaginationError, PayloadTooLargeError, QuarryError,
  ServiceUnavailableError, UnauthorizedError, ValidationError, type ErrorDetails,
} from '../errors/index.js';
import type { FilterLimits } from '../query/filters/index.js';
import type { ComponentType, ContentType } from '../schema/types.js';

/** `workerData` of every worker: enough to open the same Quarry read-only. */
export interface WorkerInit {
  readonly path: string;
  /** The main thread's loaded content-types (plain data and Maps): the worker does not reload files. */
  readonly types: readonly ContentType[];
  /** And its components: the store's layouts of the types reach into them. */
  readonly components: readonly ComponentType[];
  readonly i18n: I18nSettings;
  /** The main thread's filter limits, so a pooled list refuses what an inline one would. */
  readonly filterLimits: FilterLimits;
  /** The worker's module, when typescript-entry.mjs loads it from its TypeScript sources. */
  readonly entry?: string;
}

/**
 * Posted by a worker on its parent port once its module has loaded (LMDB addon and environment
 * open). Terminating a thread before that can abort the process (see deadline.ts), so the pool
 * waits for it before it closes.
 */
export const WORKER_LOADED = 'quarry:worker-loaded';
export interface WorkerLoaded {
  readonly type: typeof WORKER_LOADED;
  readonly threadId: number;
}

export type PoolTask =
  /**
   * A read compiled and planned on the main thread, which the worker only executes, given up at
   * `deadline` (`Date.now()` clock) with the 503 for a time limit of `timeoutMs`.
   */
  | { readonly kind: 'read'; readonly task: ReadTask; readonly deadline: number; readonly timeoutMs: number }
  /** A no-op round trip (warm-up, overhead measurement). */
  | { readonly kind: 'ping' };

export type PoolReply =
  /** What a read answers; nothing for the other tasks. */
  | { readonly ok: true; readonly result?: unknown }
  | { readonly ok: false; readonly error: SerializedError };

export type SerializedError =
  | { readonly quarry: true; readonly name: string; readonly status: number; readonly message: string; readonly details: ErrorDetails }
  /** Anything else (a bug): kept for the log, answered as a bare 500. */
  | { readonly quarry: false; readonly name: string; readonly message: string; readonly stack: string | undefined };

export function serializeError(error: unknown): SerializedError {
  if (error instanceof QuarryError) {
    // Details are plain data by construction; the clone of the reply would throw on anything else.
    return { quarry: true, name: error.name, status: error.status, message: error.message, details: error.details };
  }
  const e = error instanceof Error ? error : new Error(String(error));
  return { quarry: false, name: e.name, message: e.message, stack: e.stack };
}

type QuarryErrorClass = new (message: string, details: ErrorDetails) => QuarryError;

const CLASSES: Readonly<Record<string, QuarryErrorClass>> = {
  ValidationError, PaginationError, UnauthorizedError, ForbiddenError, NotFoundError,
  MethodNotAllowedError, PayloadTooLargeError, ServiceUnavailableError,
};

/** A QuarryError of a class this thread does not know by name: same fields, same answer. */
class ForwardedQuarryError extends QuarryError {
  override readonly name: string;
  readonly status: number;

  constructor(name: string, status: number, message: string, details: ErrorDetails) {
    super(message, details);
    this.name = name;
    this.status = status;
  }
}

/** A worker's error as this thread's own class (instanceof and `toJSON` as if thrown here). */
export function rebuildError(e: SerializedError): Error {
  if (!e.quarry) {
    const error = new Error(`Pool worker failed: ${e.message}`);
    error.name = e.name;
    if (e.stack !== undefined) error.stack = e.stack;
    return error;
  }
  const Class = Object.hasOwn(CLASSES, e.name) ? CLASSES[e.name]! : undefined;
  const error = Class ? new Class(e.message, e.details) : new ForwardedQuarryError(e.name, e.status, e.message, e.details);
  return error.status === e.status ? error : new ForwardedQuarryError(e.name, e.status, e.message, e.details);
}
