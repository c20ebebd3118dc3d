import { afterAll, beforeAll } from 'vitest';
import { seed, type Seeded } from '../http/seed.js';
import { call, startTestServer, type Answer, type TestServer, type Transport } from '../http/support.js';

/** One GraphQL request over HTTP, POSTed as graphql-request does. */
export function gql(base: string, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Answer> {
  return call(base, 'POST', '/graphql', {
    json: { query, ...(variables === undefined ? {} : { variables }) },
    headers: { accept: 'application/graphql-response+json, application/json', ...headers },
  });
}

/** The `extensions` of every error of a GraphQL answer. */
export const codes = (answer: Answer): string[] => (answer.body.errors ?? []).map((e: { extensions: { code: string } }) => e.extensions.code);

/** The demo content-types with the seed data, served over HTTP for the tests of the file that calls this. */
export function seededServer(transport: Transport = 'node'): { readonly server: TestServer; readonly data: Seeded } {
  const served = {} as { server: TestServer; data: Seeded };
  beforeAll(async () => {
    served.server = await startTestServer(transport);
    served.data = await seed(served.server.quarry);
  });
  afterAll(async () => {
    await served.server?.stop();
  });
  return served;
}
