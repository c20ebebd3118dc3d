/**
 * GraphQL over the document service: a schema generated from the content-types in Strapi v5's
 * shape, and an executor answering GraphQL-over-HTTP requests in Strapi's shapes. Transport-free:
 * `http/core/graphql-route.ts` serves it.
 */
import type { GraphQLSchema } from 'graphql';
import { buildGraphqlSchema } from './schema.js';
import type { DocumentSource } from './source.js';

export { explorerPage } from './explorer.js';
export { printAnswer } from './raw-json.js';
export { GraphqlExecutor, type Authorize, type GraphqlAnswer, type GraphqlRequest } from './executor.js';
export { DEFAULT_GRAPHQL_SETTINGS, resolveGraphqlSettings, type GraphqlSettings } from './settings.js';
export { costLimitMessage, depthLimitMessage } from './limits.js';
export type { FormattedError, ErrorCode } from './errors.js';
export type { DocumentSource } from './source.js';
export { buildGraphqlSchema };

const schemas = new WeakMap<DocumentSource, GraphQLSchema>();

/** The schema of a Quarry, built on first use and then kept for as long as the Quarry lives. */
export function graphqlSchemaOf(source: DocumentSource): GraphQLSchema {
  let schema = schemas.get(source);
  if (!schema) {
    schema = buildGraphqlSchema(source);
    schemas.set(source, schema);
  }
  return schema;
}
