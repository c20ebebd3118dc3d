import { call, type Answer } from '../http/support.js';

/** One GraphQL request over HTTP, POSTed as graphql-request does. */
export function gql(base: string, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Answer> {
  return call(base, 'POST', '/graphql', {
    json: { query, ...(variables === undefined ? {} : { variables }) },
    headers: { accept: 'application/graphql-response+json, application/json', ...headers },
  });
}

/** The `extensions` of every error of a GraphQL answer. */
export const codes = (answer: Answer): string[] => (answer.body.errors ?? []).map((e: { extensions: { code: string } }) => e.extensions.code);
