import { readQueryString } from '../../../../src/query/querystring/index.js';
import type { RunMode } from '../../../../src/documents/scheduler.js';
import { TYPES } from '../world.js';
import { asJson, refusedOf, type DoorContext, type ReadAnswer, type ReadDoor } from './door.js';
import { cannotQueryString, restQuery } from './rest.js';

/**
 * `quarry.reads`, the door REST and GraphQL use, given the REST query object and forced to run
 * on this thread (`inline`) or on a pool worker (`pool`): the same compiled read, executed on
 * either side.
 */
export function readsDoor(ctx: DoorContext, mode: Extract<RunMode, 'inline' | 'pool'>): ReadDoor {
  return {
    name: `quarry.reads, ${mode}`,
    omits: [],
    cannot: (_type, params) => cannotQueryString(params),
    async read(type, params): Promise<ReadAnswer> {
      if (mode === 'pool' && !ctx.quarry.pool) throw new Error('the pool door needs a Quarry opened with a pool');
      try {
        const page = await ctx.quarry.reads.queryAsync(TYPES[type], readQueryString(restQuery(params)), undefined, mode);
        return asJson({ entries: page.results, pagination: page.pagination });
      } catch (error) {
        throw refusedOf(error);
      }
    },
  };
}
