import type { FilterTree, FilterValue } from '../../bench/dataset/filters.js';
import { call, type Answer } from '../http/support.js';

/** One GraphQL request over HTTP, POSTed as graphql-request does. */
export function gql(base: string, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Answer> {
  return call(base, 'POST', '/graphql', {
    json: { query, ...(variables === undefined ? {} : { variables }) },
    headers: { accept: 'application/graphql-response+json, application/json', ...headers },
  });
}

/** A document-service filter in GraphQL's form: the same tree, operators without `$`. */
export function graphqlFilters(filters: FilterTree): Record<string, unknown> {
  return strip(filters) as Record<string, unknown>;
}

function strip(value: FilterValue): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(strip);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.startsWith('$') ? k.slice(1) : k, strip(v as FilterValue)]));
}

/** The `extensions` of every error of a GraphQL answer. */
export const codes = (answer: Answer): string[] => (answer.body.errors ?? []).map((e: { extensions: { code: string } }) => e.extensions.code);
