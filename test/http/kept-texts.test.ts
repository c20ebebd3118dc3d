import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from './support.js';
import { RESTAURANT, seed, type Seeded } from './seed.js';

/**
 * A get one answers with the JSON text kept with its row (documents/entry-json.ts), as a list
 * does: the text must be what printing the entry gives, under each field selection, and a write
 * must never leave an older text answering. Over node:http, whose answers are written at the end
 * of the event loop's turn, many requests in flight at once must each get their own answer.
 */
let server: TestServer;
let data: Seeded;

beforeAll(async () => {
  server = await startTestServer('node');
  data = await seed(server.quarry);
});
afterAll(async () => server?.stop());

describe('get one from the kept text', () => {
  it('answers as the document service prints the entry, per field selection', async () => {
    const documentId = data.restaurants['Sushi Zen']!;
    const svc = server.quarry.documents(RESTAURANT);
    for (const [query, params] of [['', {}], ['?fields[0]=name', { fields: ['name'] }], ['?fields[0]=stars&fields[1]=name', { fields: ['stars', 'name'] }]] as const) {
      const first = await call(server.base, 'GET', `/api/restaurants/${documentId}${query}`);
      const again = await call(server.base, 'GET', `/api/restaurants/${documentId}${query}`);
      const expected = JSON.stringify({ data: await svc.findOne({ documentId, ...params }), meta: {} });
      expect(first.text).toBe(expected);
      expect(again.text).toBe(expected);
    }
  });

  it('shows a write at once, in the entry and in a list of it', async () => {
    const documentId = data.restaurants['Sushi Zen']!;
    await call(server.base, 'GET', `/api/restaurants/${documentId}`);
    const put = await call(server.base, 'PUT', `/api/restaurants/${documentId}`, { json: { data: { stars: 1 } } });
    expect(put.status).toBe(200);
    const one = await call(server.base, 'GET', `/api/restaurants/${documentId}`);
    expect(one.body.data.stars).toBe(1);
    expect(one.body.data.updatedAt).toBe(put.body.data.updatedAt);
    const list = await call(server.base, 'GET', `/api/restaurants?filters[documentId][$eq]=${documentId}`);
    expect(list.body.data[0]).toEqual(one.body.data);
  });

  it('a 404 for a document that is not there, after one that is', async () => {
    expect((await call(server.base, 'GET', `/api/restaurants/${data.restaurants['Sushi Zen']}`)).status).toBe(200);
    const missing = await call(server.base, 'GET', '/api/restaurants/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.error.name).toBe('NotFoundError');
  });
});

describe('answers written together', () => {
  it('gives each of many concurrent requests its own answer', async () => {
    const ids = Object.entries(data.restaurants);
    const answers = await Promise.all(Array.from({ length: 64 }, (_, i) => {
      const [name, documentId] = ids[i % ids.length]!;
      return call(server.base, 'GET', `/api/restaurants/${documentId}?fields[0]=name`).then((a) => [name, a] as const);
    }));
    for (const [name, answer] of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.data.name).toBe(name);
    }
  });
});
