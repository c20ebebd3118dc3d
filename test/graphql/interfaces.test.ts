import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors/index.js';
import { call, startTestServer, type Answer, type TestServer } from '../http/support.js';
import { CATEGORY, CHEF, RESTAURANT, seed, type Seeded } from '../http/seed.js';
import { RELATION_CASES, type Links, type RelationOutcome } from '../support/interface-cases.js';
import { gql } from './support.js';

/**
 * One way in: the same writes, made the way each interface makes them. (Reads, filters
 * included, run through every door in test/documents/read-cases.test.ts.)
 */
interface Driver {
  update(documentId: string, data: Record<string, unknown>): Promise<RelationOutcome>;
  /** Every restaurant with its categories and chef, every chef and category with its restaurants, by name. */
  relationsRead(): Promise<unknown>;
}

let server: TestServer;
let data: Seeded;

beforeAll(async () => {
  server = await startTestServer('node');
  data = await seed(server.quarry);
});
afterAll(async () => {
  await server?.stop();
});

type Named = { name: string };
const names = (list: readonly Named[]): string[] => list.map((e) => e.name);
const links = (entry: { categories: Named[]; chef: Named | null }): Links => ({ categories: names(entry.categories), chef: entry.chef?.name ?? null });
const byName = (entries: readonly Record<string, unknown>[]) => entries.map((e) => Object.fromEntries(
  Object.entries(e).filter(([k]) => k === 'name' || k === 'categories' || k === 'chef' || k === 'restaurants')
    .map(([k, v]) => [k, Array.isArray(v) ? names(v as Named[]) : v && typeof v === 'object' ? (v as Named).name : v]),
));

const service: Driver = {
  async update(documentId, payload) {
    try {
      const entry = await server.quarry.documents(RESTAURANT).update({
        documentId, data: payload, populate: { categories: { fields: ['name'] }, chef: { fields: ['name'] } },
      });
      return links(entry as unknown as { categories: Named[]; chef: Named | null });
    } catch (error) {
      if (error instanceof ValidationError) return { error: error.message };
      throw error;
    }
  },
  async relationsRead() {
    const read = (uid: string, populate: Record<string, unknown>) => server.quarry.documents(uid).findMany({ sort: 'name:asc', populate });
    return {
      restaurants: byName(await read(RESTAURANT, { categories: { fields: ['name'] }, chef: { fields: ['name'] } })),
      chefs: byName(await read(CHEF, { restaurants: { fields: ['name'] } })),
      categories: byName(await read(CATEGORY, { restaurants: { fields: ['name'] } })),
    };
  },
};

const rest: Driver = {
  async update(documentId, payload) {
    const r = await call(server.base, 'PUT', `/api/restaurants/${documentId}?populate[categories][fields][0]=name&populate[chef][fields][0]=name`, { json: { data: payload } });
    if (r.status === 400) return { error: r.body.error.message };
    expect(r.status, r.text).toBe(200);
    return links(r.body.data);
  },
  async relationsRead() {
    const read = async (path: string) => byName((await call(server.base, 'GET', path)).body.data);
    return {
      restaurants: await read('/api/restaurants?sort=name:asc&populate[categories][fields][0]=name&populate[chef][fields][0]=name'),
      chefs: await read('/api/chefs?sort=name:asc&populate[restaurants][fields][0]=name'),
      categories: await read('/api/categories?sort=name:asc&populate[restaurants][fields][0]=name'),
    };
  },
};

const graphql: Driver = {
  async update(documentId, payload) {
    return updated(await gql(server.base, 'mutation ($id: ID!, $data: RestaurantInput!) { updateRestaurant(documentId: $id, data: $data) { categories { name } chef { name } } }', { id: documentId, data: payload }));
  },
  async relationsRead() {
    const r = await gql(server.base, `{
      restaurants(sort: "name:asc") { name categories { name } chef { name } }
      chefs(sort: "name:asc") { name restaurants { name } }
      categories(sort: "name:asc") { name restaurants { name } }
    }`);
    expect(r.body.errors, r.text).toBeUndefined();
    return { restaurants: byName(r.body.data.restaurants), chefs: byName(r.body.data.chefs), categories: byName(r.body.data.categories) };
  },
};

/**
 * GraphQL with a variable per field, declared as Strapi's schema types them (`$chef: ID`,
 * `$categories: [ID]`), as clients written for Strapi declare them. A variable left out leaves its
 * field out.
 */
const FIELD_TYPES: Record<string, string> = { name: 'String', description: 'String', chef: 'ID', categories: '[ID]', articles: '[ID]' };
const typedGraphql: Driver = {
  ...graphql,
  async update(documentId, payload) {
    const fields = Object.keys(FIELD_TYPES);
    const query = `mutation ($id: ID!, ${fields.map((f) => `$${f}: ${FIELD_TYPES[f]}`).join(', ')}) {
      updateRestaurant(documentId: $id, data: { ${fields.map((f) => `${f}: $${f}`).join(', ')} }) { categories { name } chef { name } }
    }`;
    for (const key of Object.keys(payload)) expect(fields, key).toContain(key);
    return updated(await gql(server.base, query, { id: documentId, ...payload }));
  },
};

/** A GraphQL update's relations, or the message of the error that refused it. */
function updated(r: Answer): RelationOutcome {
  const error = r.body.errors?.[0];
  if (error) {
    // Malformed shapes are refused before execution (400), everything else by the document service (200).
    expect([200, 400]).toContain(r.status);
    expect(error.extensions.code, r.text).toBe('BAD_USER_INPUT');
    return { error: error.extensions.error.message };
  }
  expect(r.status, r.text).toBe(200);
  return links(r.body.data.updateRestaurant);
}

const DRIVERS = { 'document service': service, 'REST over HTTP': rest, 'GraphQL over HTTP': graphql } as const;
const entries = Object.entries(DRIVERS);
const writers = [...entries, ['GraphQL over HTTP, variables typed ID / [ID]', typedGraphql] as const];

describe('relation lists read back in stored order, the same through every interface', () => {
  it('restaurants with categories and chef, chefs and categories with their restaurants', async () => {
    const answers = await Promise.all(entries.map(([, d]) => d.relationsRead()));
    const [first] = answers as [{ restaurants: { name: string; categories: string[] }[] }];
    expect(first.restaurants.find((r) => r.name === 'Green Fork')!.categories).toEqual(['Vegan', 'French']);
    for (const answer of answers) expect(answer).toEqual(first);
  });
});

describe.each(writers)('relation payloads through the %s', (name, driver) => {
  it.each(RELATION_CASES.map((c) => [c.name, c] as const))('%s', async (_case, c) => {
    const restaurants = server.quarry.documents(RESTAURANT);
    const created = await restaurants.create({
      data: {
        name: `${c.name} (${name})`,
        categories: c.start.categories.map((n) => data.categories[n]),
        chef: c.start.chef === null ? null : data.chefs[c.start.chef],
      },
    });
    const documentId = created.documentId as string;
    const outcome = await driver.update(documentId, c.data(data));
    if ('error' in c.expect) {
      expect(outcome).toHaveProperty('error');
      expect((outcome as { error: string }).error).toContain(c.expect.error);
      // No partial write: neither the scalar beside the relation nor the relation changed.
      const after = await restaurants.findOne({ documentId, populate: { categories: { fields: ['name'] } } });
      expect(after!.description).toBeNull();
      expect(names(after!.categories as Named[])).toEqual(c.start.categories);
    } else {
      expect(outcome).toEqual(c.expect);
    }
  });
});
