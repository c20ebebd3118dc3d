import type { HttpSettingsInput } from '../http/index.js';
import type { QuarryOptions } from '../quarry.js';
import type { Values } from './settings.js';

/** Settings of every serving command: who may do what, the limits, the pool and the shutdown. */
export const SERVING_SETTINGS = [
  'readAccess', 'writeAccess', 'maxBodyBytes', 'maxQueryDepth', 'maxFilterConditions', 'maxInValues',
  'maxPageSize', 'maxPopulateDepth', 'graphqlMaxDepth', 'graphqlMaxCost', 'poolThreads', 'queryTimeoutMs', 'processes', 'shutdownGraceMs',
] as const;

export interface Serving {
  /** For the HTTP server, beside its address and prefix. */
  readonly http: HttpSettingsInput;
  /** For the Quarry instance: the worker pool and the filter limits. */
  readonly quarry: Pick<QuarryOptions, 'pool' | 'filterLimits' | 'queryTimeoutMs'>;
  readonly shutdownGraceMs: number;
}

/** Where each serving setting goes. `--max-in-values` bounds `$in` / `$notIn` both where the query string is read (qs would make an object of a list past 100) and in the filter. */
export function servingOptions(s: Values<(typeof SERVING_SETTINGS)[number]>): Serving {
  return {
    http: {
      access: { reads: s.readAccess.value, writes: s.writeAccess.value },
      maxBodyBytes: s.maxBodyBytes.value,
      queryLimits: { maxDepth: s.maxQueryDepth.value, maxArrayLength: s.maxInValues.value },
      listParams: { maxPageSize: s.maxPageSize.value, maxPopulateDepth: s.maxPopulateDepth.value },
      graphql: { maxDepth: s.graphqlMaxDepth.value, maxCost: s.graphqlMaxCost.value },
    },
    quarry: {
      filterLimits: { maxConditions: s.maxFilterConditions.value, maxListValues: s.maxInValues.value, maxDepth: s.maxQueryDepth.value },
      queryTimeoutMs: s.queryTimeoutMs.value,
      pool: s.poolThreads.value === 0 ? undefined : { threads: s.poolThreads.value, timeoutMs: s.queryTimeoutMs.value },
    },
    shutdownGraceMs: s.shutdownGraceMs.value,
  };
}
