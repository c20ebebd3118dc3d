import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dataset } from '../../fixtures/dataset/types.js';
import { readQueryString } from '../../src/query/querystring/index.js';
import { EXPLOSIVE_POPULATE, loadDataset, openQuarry, RESTAURANT, type TestQuarry } from './support.js';

/** The cost model that decides inline or pooled (src/query/estimate.ts), on the bench data. */
describe('estimateList', () => {
  let t: TestQuarry;
  let data: Dataset;

  beforeAll(async () => {
    t = openQuarry({ pool: undefined });
    data = await loadDataset(t.quarry, 2_500);
  }, 120_000);
  afterAll(async () => {
    await t?.dispose();
  });

  const estimate = (rest: string) => t.quarry.reads.estimateQuery(RESTAURANT, readQueryString(rest));
  const total = (rest: string) => (t.quarry.reads.query(RESTAURANT, readQueryString(rest)).pagination as { total: number }).total;

  it('a point lookup is a few units and plans as one index read', () => {
    const e = estimate(`filters[name][$eq]=${encodeURIComponent(data.restaurant(3).name)}`);
    expect(e.plan.where).toMatchObject({ op: 'index', field: 'name', bound: { kind: 'eq' } });
    expect(e.matches).toBe(1);
    expect(e.movable).toBeLessThan(10);
    expect(e.cost).toBeGreaterThan(e.movable);
  });

  it('large ranges are sampled: matches within a factor of 1.5 of the truth', () => {
    for (const price of [20, 40, 80, 160]) {
      const rest = `filters[price][$lt]=${price}`;
      const e = estimate(rest);
      const n = total(rest);
      expect(e.matches, rest).toBeGreaterThan(n / 1.5);
      expect(e.matches, rest).toBeLessThan(n * 1.5);
    }
  });

  it('the cost grows with the rows a relation sort reads', () => {
    const costs = [6, 10, 20, 40, 80, 160].map((price) => estimate(`filters[price][$lt]=${price}&sort=chef.name:asc`).movable);
    for (let i = 1; i < costs.length; i++) expect(costs[i]).toBeGreaterThan(costs[i - 1]!);
    expect(costs[costs.length - 1]).toBeGreaterThan(1_000);
  });

  it('a residual check on indexed fields reads no row; a text search reads each candidate', () => {
    const ids = Array.from({ length: 40 }, (_, i) => `filters[id][$in][${i}]=${i * 50 + 1}`).join('&');
    const byRank = estimate(`${ids}&filters[stars][$gte]=2&filters[price][$lt]=100`);
    const byRow = estimate(`${ids}&filters[description][$containsi]=a`);
    expect(byRank.plan.where).toMatchObject({ op: 'filter', input: { op: 'ids' } });
    expect(byRow.plan.where).toMatchObject({ op: 'filter', input: { op: 'ids' } });
    expect(byRank.work.rows).toBe(0);
    expect(byRow.work.rows).toBeGreaterThanOrEqual(40);
  });

  it('an unfiltered page is cheap to move; its entries are not movable', () => {
    const e = estimate('pagination[pageSize]=100');
    expect(e.matches).toBe(2_500);
    expect(e.work.entries).toBe(100);
    expect(e.movable).toBeLessThan(e.cost - 100);
  });

  it('populate counts the links of every entry, nested', () => {
    const flat = estimate('populate[categories]=*&pagination[pageSize]=50');
    const nested = estimate('populate[categories][populate][restaurants][fields][0]=name&pagination[pageSize]=50');
    expect(flat.work.entries).toBeGreaterThan(50 * 1.5);
    expect(nested.work.entries).toBeGreaterThan(flat.work.entries * 5);
    expect(estimate(EXPLOSIVE_POPULATE).movable).toBeGreaterThan(100_000);
  });

  it('a sort through the index stops at the page in either direction (2,000 matches and more)', () => {
    const asc = estimate('sort=name:asc&pagination[pageSize]=10');
    const desc = estimate('sort=name:desc&pagination[pageSize]=10');
    const all = estimate('sort=name:desc&pagination[pageSize]=10&pagination[page]=250');
    expect(desc.work.values).toBe(asc.work.values);
    expect(all.work.values).toBeGreaterThan(desc.work.values * 10);
  });

  it('later sort keys order only the runs the index walk reaches', () => {
    const one = estimate('sort=stars:desc&pagination[pageSize]=10');
    const two = estimate('sort=stars:desc,name:asc&pagination[pageSize]=10');
    const unindexed = estimate('sort=chef.name:asc,name:asc&pagination[pageSize]=10');
    expect(two.work.values).toBe(one.work.values);
    expect(two.work.compares).toBeGreaterThan(0);
    expect(two.work.rows).toBe(one.work.rows);
    expect(unindexed.work.rows).toBeGreaterThan(two.work.rows + 2_000);
  });

  it('set algebra on broad sets is priced by bitmap words, not by ids', () => {
    const e = estimate('filters[stars][$gte]=1&filters[open][$eq]=true');
    const words = 2_500 / 32;
    expect(e.matches).toBeGreaterThan(500);
    // Two broad reads, and each again as an input of the intersection: a word pass each.
    expect(e.work.ids).toBeLessThanOrEqual(4 * words * 2);
    expect(e.work.ids).toBeLessThan(e.matches);
  });

  it('a range paged in its own index order reads values only up to the page', () => {
    // A bound no earlier test ran: not united yet, so the unordered plan walks its values.
    const paged = estimate('filters[price][$lt]=150&sort=price:asc&pagination[pageSize]=10');
    const unordered = estimate('filters[price][$lt]=150&pagination[pageSize]=10');
    expect(paged.plan.order).toBe('index');
    expect(paged.work.values).toBeLessThanOrEqual(11);
    expect(unordered.work.values).toBeGreaterThan(paged.work.values * 5);
  });

  it('a range an earlier query united walks no values', () => {
    const rest = 'filters[price][$gte]=33&filters[price][$lt]=140';
    const cold = estimate(rest);
    expect(cold.work.values).toBeGreaterThan(10);
    total(rest);
    expect(estimate(rest).work.values).toBe(0);
  });

  it('a union of disjoint lists paged by rank is priced by its page, and by its ids once sorted', () => {
    // Every restaurant of the chefs with a restaurant priced under 40: a chef's restaurants are no other chef's.
    const rest = 'filters[chef][restaurants][price][$lt]=40&pagination[pageSize]=10';
    const paged = estimate(rest);
    const sorted = estimate(`${rest}&sort=name:asc`);
    expect(paged.plan.where).toMatchObject({ op: 'semiJoin', disjoint: true });
    expect(total(rest)).toBeGreaterThan(500);
    // The same inner steps; sorted, the union is built: an id step per match.
    expect(sorted.work.ids - paged.work.ids).toBeGreaterThan(paged.matches / 2);
  });

  it('a to-one partner list is priced as one id per source, not a set lookup each', () => {
    // From restaurants to their chefs: each restaurant's list of its chef is read from an in-memory array.
    const restaurants = total('filters[price][$lt]=40');
    const e = estimate('filters[chef][restaurants][price][$lt]=40');
    expect(restaurants).toBeGreaterThan(100);
    expect(e.work.lists).toBeLessThan(restaurants / 2);
    expect(e.work.ids).toBeGreaterThanOrEqual(restaurants);
  });

  it('a text search over rows costs more than an index read matching as many', () => {
    const search = estimate('filters[description][$containsi]=ramen');
    const index = estimate('filters[stars][$gte]=1');
    expect(search.movable).toBeGreaterThan(index.movable * 5);
  });
});
