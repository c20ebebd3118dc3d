import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../graphql/support.js';
import { call, startTestServer, type TestServer } from './support.js';

/**
 * The server reads each request text once (query strings, GraphQL bodies and GET queries are
 * kept sealed by their text): repeats must still answer from the data as it is now, bad texts
 * must be refused every time, and a repeated write must write again.
 */
let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer('uws');
  base = server.base;
});
afterAll(async () => {
  await server?.stop();
});

const LIST = '/api/restaurants?filters[stars][$gte]=4&filters[open][$eq]=true&sort=name&fields[0]=name';
const names = (body: { data: { name: string }[] }) => body.data.map((e) => e.name);
const QUERY = 'query($filters: RestaurantFiltersInput) { restaurants(filters: $filters, sort: ["name"]) { name } }';
const VARIABLES = { filters: { stars: { gte: 4 }, open: { eq: true } } };
const CREATE = 'mutation { createRestaurant(data: { name: "Twice", stars: 2 }) { documentId } }';

describe('a request text sent again', () => {
  it('answers REST lists from the data as it is now', async () => {
    expect(names((await call(base, 'GET', LIST)).body)).toEqual([]);
    await call(base, 'POST', '/api/restaurants', { json: { data: { name: 'Aster', stars: 5, open: true } } });
    expect(names((await call(base, 'GET', LIST)).body)).toEqual(['Aster']);
    await call(base, 'POST', '/api/restaurants', { json: { data: { name: 'Birch', stars: 4, open: true } } });
    await call(base, 'POST', '/api/restaurants', { json: { data: { name: 'Cedar', stars: 4, open: false } } });
    expect(names((await call(base, 'GET', LIST)).body)).toEqual(['Aster', 'Birch']);
  });

  it('answers GraphQL over POST and GET from the data as it is now', async () => {
    const get = `/graphql?query=${encodeURIComponent(QUERY)}&variables=${encodeURIComponent(JSON.stringify(VARIABLES))}`;
    const before = (await gql(base, QUERY, VARIABLES)).body.data.restaurants.map((r: { name: string }) => r.name);
    expect((await call(base, 'GET', get)).body.data.restaurants.map((r: { name: string }) => r.name)).toEqual(before);
    await call(base, 'POST', '/api/restaurants', { json: { data: { name: 'Alder', stars: 5, open: true } } });
    const after = ['Alder', ...before];
    expect((await gql(base, QUERY, VARIABLES)).body.data.restaurants.map((r: { name: string }) => r.name)).toEqual(after);
    expect((await call(base, 'GET', get)).body.data.restaurants.map((r: { name: string }) => r.name)).toEqual(after);
  });

  it('refuses a bad text every time', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await call(base, 'GET', '/api/restaurants?filters[stars][$nope]=1')).status).toBe(400);
      expect((await call(base, 'GET', '/graphql?query={restaurants{name}}&variables={oops')).status).toBe(400);
      expect((await call(base, 'POST', '/graphql', { body: '[1]', headers: { 'content-type': 'application/json' } })).status).toBe(400);
      expect((await gql(base, '{ restaurants { nope } }')).status).toBe(400);
    }
  });

  it('writes again when the same mutation is sent again', async () => {
    const first = await gql(base, CREATE);
    const second = await gql(base, CREATE);
    expect(first.body.data.createRestaurant.documentId).not.toBe(second.body.data.createRestaurant.documentId);
    const twice = await call(base, 'GET', '/api/restaurants?filters[name][$eq]=Twice');
    expect(twice.body.meta.pagination.total).toBe(2);
  });
});
