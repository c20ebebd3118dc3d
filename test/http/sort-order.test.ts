import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDEX_ORDER_MIN } from '../../src/query/exec/order.js';
import { gql } from '../graphql/support.js';
import { call, startTestServer, type TestServer } from './support.js';

/**
 * Sort order through every door: NULL first ascending and last descending, as Strapi on SQLite
 * (docs/filters.md), on every key of a multi-key sort, whether a list walks its first key's index
 * (more than INDEX_ORDER_MIN matches), pages a range in index order or sorts its matches, and in
 * relation lists under populate. The expected order is computed here from the data written.
 */
const R = 'api::restaurant.restaurant';
const C = 'api::chef.chef';
const N = INDEX_ORDER_MIN + 300;

interface Made {
  readonly name: string;
  readonly stars: number | null;
  readonly price: number | null;
  readonly chef: string | null;
}

let server: TestServer;
const made: Made[] = [];
const chefNames = ['Ana', 'Bea', 'Cy'];

beforeAll(async () => {
  server = await startTestServer('node');
  const { quarry } = server;
  const chefs: string[] = [];
  for (const name of chefNames) chefs.push((await quarry.documents(C).create({ data: { name } })).documentId as string);
  for (let i = 0; i < N; i++) {
    made.push({
      name: `R${String(i).padStart(5, '0')}`,
      stars: i % 7 === 0 ? null : i % 5,
      price: i % 11 === 0 ? null : (i * 37) % 100,
      chef: i % 13 === 0 ? null : chefNames[i % 3]!,
    });
  }
  const pending = quarry.store.transact(() => made.map((m) => quarry.documents(R).create({
    data: { name: m.name, stars: m.stars, price: m.price, chef: m.chef === null ? null : chefs[chefNames.indexOf(m.chef)] },
  })));
  await Promise.all(pending);
}, 60_000);
afterAll(() => server.stop());

type Key = [keyof Made, 'asc' | 'desc'];

/** SQLite's order: NULL is smaller than every value; full ties by creation (ascending id). */
function expected(keys: readonly Key[], rows: readonly Made[] = made): string[] {
  const index = new Map(made.map((m, i) => [m, i]));
  return [...rows].sort((a, b) => {
    for (const [field, direction] of keys) {
      const x = a[field];
      const y = b[field];
      if (x === y) continue;
      const c = x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
      return direction === 'asc' ? c : -c;
    }
    return index.get(a)! - index.get(b)!;
  }).map((m) => m.name);
}

const sortText = (keys: readonly Key[]) => keys.map(([f, d]) => `${f === 'chef' ? 'chef.name' : f}:${d}`);

async function rest(keys: readonly Key[], page: number, filters = ''): Promise<string[]> {
  const sort = sortText(keys).map((s, i) => `sort[${i}]=${s}`).join('&');
  const answer = await call(server.base, 'GET', `/api/restaurants?${sort}&fields[0]=name&pagination[page]=${page}&pagination[pageSize]=100${filters}`);
  expect(answer.status).toBe(200);
  return answer.body.data.map((r: { name: string }) => r.name);
}

async function graphql(keys: readonly Key[], page: number): Promise<string[]> {
  const answer = await gql(server.base, 'query ($sort: [String], $page: Int) { restaurants(sort: $sort, pagination: { page: $page, pageSize: 100 }) { name } }',
    { sort: sortText(keys), page });
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data.restaurants.map((r: { name: string }) => r.name);
}

async function documents(keys: readonly Key[], page: number): Promise<string[]> {
  const rows = await server.quarry.documents(R).findMany({ sort: sortText(keys), start: (page - 1) * 100, limit: 100, fields: ['name'] });
  return rows.map((r) => r.name as string);
}

const SORTS: readonly (readonly Key[])[] = [
  [['stars', 'asc']],
  [['stars', 'desc']],
  [['price', 'asc'], ['name', 'desc']],
  [['stars', 'desc'], ['price', 'asc']],
  [['stars', 'asc'], ['chef', 'desc'], ['price', 'desc']],
  [['chef', 'asc'], ['stars', 'desc']],
];
// The first page, one in the middle and the last (a few rows).
const PAGES = [1, 12, Math.ceil(N / 100)];

describe('sort order, NULLs first ascending and last descending', () => {
  it.each(SORTS.map((keys) => [sortText(keys).join(','), keys] as const))('%s, over REST, GraphQL and the document service', async (_name, keys) => {
    const all = expected(keys);
    for (const page of PAGES) {
      const want = all.slice((page - 1) * 100, page * 100);
      expect(await rest(keys, page), `REST page ${page}`).toEqual(want);
      expect(await graphql(keys, page), `GraphQL page ${page}`).toEqual(want);
      expect(await documents(keys, page), `document service page ${page}`).toEqual(want);
    }
  });

  it('a filtered range paged in its own index order orders its runs by the later keys', async () => {
    const keys: Key[] = [['price', 'desc'], ['stars', 'asc'], ['name', 'desc']];
    const within = made.filter((m) => m.price !== null && m.price >= 20 && m.price <= 60);
    for (const page of [1, 3]) {
      expect(await rest(keys, page, '&filters[price][$between][0]=20&filters[price][$between][1]=60'))
        .toEqual(expected(keys, within).slice((page - 1) * 100, page * 100));
    }
  });

  it('a few matches, sorted in memory, follow the same order', async () => {
    const keys: Key[] = [['stars', 'desc'], ['price', 'asc']];
    const few = made.filter((m) => m.name.startsWith('R000'));
    expect(await rest(keys, 1, '&filters[name][$startsWith]=R000')).toEqual(expected(keys, few));
  });

  it('relation lists under populate sort the same way', async () => {
    const answer = await call(server.base, 'GET',
      '/api/chefs?sort=name&populate[restaurants][sort][0]=price:asc&populate[restaurants][sort][1]=stars:desc&populate[restaurants][fields][0]=name');
    const q = await gql(server.base, '{ chefs(sort: "name") { name restaurants(sort: ["price:desc", "stars:asc"], pagination: { limit: 500 }) { name } } }');
    expect(q.body.errors).toBeUndefined();
    for (const [i, name] of chefNames.entries()) {
      const theirs = made.filter((m) => m.chef === name);
      expect(answer.body.data[i].restaurants.map((r: { name: string }) => r.name)).toEqual(expected([['price', 'asc'], ['stars', 'desc']], theirs));
      expect(q.body.data.chefs[i].restaurants.map((r: { name: string }) => r.name)).toEqual(expected([['price', 'desc'], ['stars', 'asc']], theirs).slice(0, 100));
    }
  });
});
