import { TYPES } from '../world.js';
import { asJson, refusedOf, type DoorContext, type ReadAnswer, type ReadDoor } from './door.js';

/**
 * The document service, `findMany` with the read's params as they are, and `count` for the
 * total. The table means what the content API means, so the service is given the API's defaults
 * where its own differ: published versions (its own: drafts) and a page of 25 (its own: every
 * match).
 */
export function serviceDoor(ctx: DoorContext): ReadDoor {
  return {
    name: 'document service',
    omits: [],
    cannot: () => undefined,
    async read(type, params): Promise<ReadAnswer> {
      const documents = ctx.quarry.documents(TYPES[type]);
      const status = params.status ?? 'published';
      try {
        const entries = await documents.findMany({ pagination: { page: 1, pageSize: 25 }, ...params, status });
        const counted = params.pagination?.withCount !== false;
        const scope = { status, ...(params.filters && { filters: params.filters }), ...(params.locale !== undefined && { locale: params.locale }) };
        const total = counted ? await documents.count(scope) : undefined;
        return asJson({ entries, ...(total === undefined ? {} : { total }) });
      } catch (error) {
        throw refusedOf(error);
      }
    },
  };
}
