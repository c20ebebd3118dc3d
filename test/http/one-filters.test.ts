import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed, SEED_RESTAURANTS, type Seeded } from './seed.js';
import { call, NOT_FOUND, startTestServer, type TestServer } from './support.js';

let server: TestServer;
let data: Seeded;

beforeAll(async () => {
  server = await startTestServer('node');
  data = await seed(server.quarry);
});
afterAll(async () => {
  await server?.stop();
});

describe('filters on one document, as Strapi applies them', () => {
  it('GET /api/<plural>/<documentId> answers the document when it matches its filters, a 404 when not', async () => {
    const { name, chef } = SEED_RESTAURANTS.find((r) => r.chef !== null)!;
    const id = data.restaurants[name]!;
    const hit = await call(server.base, 'GET', `/api/restaurants/${id}?filters[name][$eq]=${encodeURIComponent(name)}&filters[chef][name][$eq]=${encodeURIComponent(chef!)}`);
    expect(hit.status).toBe(200);
    expect(hit.body.data.name).toBe(name);
    const miss = await call(server.base, 'GET', `/api/restaurants/${id}?filters[name][$ne]=${encodeURIComponent(name)}`);
    expect(miss.status).toBe(404);
    expect(miss.body).toEqual(NOT_FOUND);
    const bad = await call(server.base, 'GET', `/api/restaurants/${id}?filters[nope][$eq]=1`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Invalid key nope');
  });

  it('the document service reads one document through its filters too', async () => {
    const { name } = SEED_RESTAURANTS[0]!;
    const documentId = data.restaurants[name]!;
    const docs = server.quarry.documents('api::restaurant.restaurant');
    expect(await docs.findOne({ documentId, filters: { name: { $eq: 'someone else' } } })).toBeNull();
    expect(await docs.findOne({ documentId, filters: { name: { $eq: name } } })).toMatchObject({ name });
  });
});
