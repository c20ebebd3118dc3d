import type { SchemaRegistry } from '../../../../src/schema/registry.js';
import { gql } from '../../../graphql/support.js';
import { TYPES } from '../world.js';
import { Inexpressible, Refused, type DoorContext, type ReadAnswer, type ReadDoor } from './door.js';
import { restShaped } from './graphql-answer.js';
import { graphqlRead } from './graphql-read.js';

/**
 * GraphQL over HTTP, POSTed with variables. A read that counts asks `<plural>_connection`, whose
 * `pageInfo` is REST's page meta; in offset mode it has a page shape REST does not, so only its
 * total is compared. Its components and dynamic zones are compared in REST's shapes
 * (graphql-answer.ts). Reads GraphQL cannot state are named skips (`cannot`).
 */
export function graphqlDoor(ctx: DoorContext, registry: SchemaRegistry): ReadDoor {
  return {
    name: 'GraphQL over HTTP',
    omits: ['id'],
    cannot(type, params) {
      try {
        graphqlRead(registry, TYPES[type], params);
        return undefined;
      } catch (error) {
        if (error instanceof Inexpressible) return error.message;
        throw error;
      }
    },
    async read(type, params): Promise<ReadAnswer> {
      const read = graphqlRead(registry, TYPES[type], params);
      const r = await gql(ctx.base, read.query, read.variables);
      const { code, error } = r.body.errors?.[0]?.extensions ?? {};
      // Strapi's GraphQL lists a refused read with a 200: BAD_USER_INPUT carries the ValidationError REST answers with a 400.
      if (code === 'BAD_USER_INPUT' && r.status === 200) throw new Refused({ status: 400, name: error.name, message: error.message, path: error.details?.path });
      if (r.status !== 200 || r.body.errors) throw new Error(`GraphQL answered ${r.status}: ${r.text}\n${read.query}`);
      const data = r.body.data[read.field];
      const rest = (entries: unknown) => restShaped(registry, registry.require(TYPES[type]), params.populate, entries) as unknown[];
      if (!read.connection) return { entries: rest(data) };
      const offset = params.pagination?.start !== undefined || params.pagination?.limit !== undefined;
      return { entries: rest(data.nodes), total: data.pageInfo.total, ...(offset ? {} : { pagination: data.pageInfo }) };
    },
  };
}
