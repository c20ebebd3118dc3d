import { availableParallelism } from 'node:os';
import type { HttpSettingsInput } from '../http/index.js';
import type { QuarryOptions } from '../quarry.js';
import type { Values } from './settings.js';

/** Settings of every serving command: who may do what, the limits, the pool and the shutdown. */
export const SERVING_SETTINGS = [
  'readAccess', 'writeAccess', 'maxBodyBytes', 'maxQueryDepth', 'maxFilterConditions', 'maxInValues',
  'maxPageSize', 'maxPopulateDepth', 'graphqlMaxDepth', 'graphqlMaxCost', 'poolThreads', 'queryTimeoutMs', 'uploadMaxFileBytes', 'imageFormats', 'processes', 'shutdownGraceMs',
] as const;

export interface Serving {
  /** For the HTTP server, beside its address and prefix. */
  readonly http: HttpSettingsInput;
  /** For the Quarry instance: the worker pool, the filter limits and what uploaded images become. */
  readonly quarry: Pick<QuarryOptions, 'pool' | 'filterLimits' | 'queryTimeoutMs' | 'images'>;
  readonly shutdownGraceMs: number;
}

/** Where each serving setting goes. `--max-in-values` bounds `$in` / `$notIn` both where the query string is read (qs would make an object of a list past 100) and in the filter. */
export function servingOptions(s: Values<(typeof SERVING_SETTINGS)[number]>): Serving {
  return {
    http: {
      access: { reads: s.readAccess.value, writes: s.writeAccess.value },
      maxBodyBytes: s.maxBodyBytes.value,
      uploadMaxFileBytes: s.uploadMaxFileBytes.value,
      queryLimits: { maxDepth: s.maxQueryDepth.value, maxArrayLength: s.maxInValues.value },
      listParams: { maxPageSize: s.maxPageSize.value, maxPopulateDepth: s.maxPopulateDepth.value },
      graphql: { maxDepth: s.graphqlMaxDepth.value, maxCost: s.graphqlMaxCost.value },
    },
    quarry: {
      filterLimits: { maxConditions: s.maxFilterConditions.value, maxListValues: s.maxInValues.value, maxDepth: s.maxQueryDepth.value },
      queryTimeoutMs: s.queryTimeoutMs.value,
      pool: poolOf(s.poolThreads.value, s.processes.value, s.queryTimeoutMs.value),
      images: { formats: s.imageFormats.value },
    },
    shutdownGraceMs: s.shutdownGraceMs.value,
  };
}

/**
 * The worker pool of each serving process. `auto` shares out the cores the serving processes
 * leave, at least one thread each: broad reads then never hold a process's requests behind them
 * (bench:mixed, 100k rows, 2 processes: cheap reads beside broad ones at p99 143 ms without a
 * pool, single milliseconds with one thread each), and the threads' lower priority keeps the
 * cores for request handling when both are busy.
 */
function poolOf(threads: number | 'auto', processes: number, timeoutMs: number): Serving['quarry']['pool'] {
  if (threads === 0) return undefined;
  const each = threads === 'auto' ? Math.max(1, Math.floor((availableParallelism() - processes) / processes)) : threads;
  return { threads: each, timeoutMs };
}
