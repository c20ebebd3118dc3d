import { ClientError, gql, GraphQLClient } from 'graphql-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../http/support.js';
import { seed, type Seeded } from '../http/seed.js';

/** graphql-request, a GraphQL client from npm, against the real server (uWebSockets.js). */
let server: TestServer;
let data: Seeded;
let client: GraphQLClient;

beforeAll(async () => {
  server = await startTestServer('uws');
  data = await seed(server.quarry);
  client = new GraphQLClient(`${server.base}/graphql`);
});
afterAll(async () => {
  await server?.stop();
});

interface Named {
  readonly documentId: string;
  readonly name: string;
}

const DEEP = gql`
  query Deep($filters: RestaurantFiltersInput, $sort: [String]) {
    restaurants(filters: $filters, sort: $sort) {
      name
      chef { name country }
    }
  }
`;

const CONNECT = gql`
  mutation Connect($documentId: ID!, $data: RestaurantInput!) {
    updateRestaurant(documentId: $documentId, data: $data) {
      name
      categories { documentId name }
    }
  }
`;

describe('graphql-request', () => {
  it('runs a deep filter with variables', async () => {
    const result = await client.request<{ restaurants: { name: string; chef: { name: string; country: string } }[] }>(DEEP, {
      filters: { chef: { restaurants: { categories: { name: { eq: 'Italian' } } } }, or: [{ stars: { gte: 3 } }, { open: { eq: false } }] },
      sort: ['name:desc'],
    });
    expect(result.restaurants).toEqual([
      { name: 'Pizza Napoli', chef: { name: 'Ana Souza', country: 'Brazil' } },
      { name: 'Green Fork', chef: { name: 'Ana Souza', country: 'Brazil' } },
    ]);
  });

  it('connects with a position, given in variables', async () => {
    const c = data.categories;
    const result = await client.request<{ updateRestaurant: { categories: Named[] } }>(CONNECT, {
      documentId: data.restaurants['Sushi Zen'],
      data: { categories: { connect: [{ documentId: c.Italian, position: { after: c.Japanese } }, { documentId: c.French, position: { start: true } }] } },
    });
    expect(result.updateRestaurant.categories.map((x) => x.name)).toEqual(['French', 'Japanese', 'Italian', 'Vegan']);
    const again = await client.request<{ restaurant: { categories: Named[] } }>(
      gql`query One($id: ID!) { restaurant(documentId: $id) { categories { name } } }`, { id: data.restaurants['Sushi Zen'] });
    expect(again.restaurant.categories.map((x) => x.name)).toEqual(['French', 'Japanese', 'Italian', 'Vegan']);
  });

  it('sees refused input as a ClientError carrying the code', async () => {
    const error = await client.request(CONNECT, {
      documentId: data.restaurants['Sushi Zen'],
      data: { categories: { connect: [{ documentId: data.categories.Vegan, position: { before: 'nosuchdocument0000000000' } }] } },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    const { response } = error as ClientError;
    expect(response.status).toBe(200);
    expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', error: { name: 'ValidationError' } });
    const invalid = await client.request('{ restaurants { nope } }').catch((e: unknown) => e);
    expect((invalid as ClientError).response.status).toBe(400);
    expect((invalid as ClientError).response.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});
