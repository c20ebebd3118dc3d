import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printListPlan } from '../../../src/query/plan/print.js';
import { readQueryString } from '../../../src/query/querystring/index.js';
import { tempQuarry } from '../../support/temp-quarry.js';

/** The planner's choice for representative queries, printed: a planner change shows up here in review. */
const R = 'api::restaurant.restaurant';
let q: ReturnType<typeof tempQuarry>;

beforeAll(async () => {
  q = tempQuarry();
  const chef = await q.documents('api::chef.chef').create({ data: { name: 'Ann', country: 'France' } });
  for (let i = 0; i < 40; i++) {
    await q.documents(R).create({ data: { name: `R${i}`, stars: i % 5, open: i % 2 === 0, price: i, chef: i < 3 ? chef.documentId : undefined } });
  }
});
afterAll(() => q.dispose());

const plan = (query: string) => printListPlan(q.reads.estimateQuery(R, readQueryString(query)).plan);

describe('chosen plans', () => {
  it('read indexes, ids, trigrams and partner sets as the query needs', () => {
    expect(plan('filters[name][$eq]=R7')).toBe('index name = "R7"');
    expect(plan('filters[id][$in][0]=3&filters[id][$in][1]=1')).toBe('ids(1, 3)');
    // Rows are kept in id order: an id range is a slice of them, not a test of each (keyset pages).
    expect(plan('filters[id][$gt]=30&sort=id:asc')).toBe('ids 31..4294967295');
    expect(plan('filters[id][$between][0]=2.5&filters[id][$between][1]=7')).toBe('ids 3..7');
    expect(plan('filters[name][$containsi]=r12')).toBe('trigrams name [r12] then containsi');
    // A restaurant has one chef, and a chef one row: the chefs' lists of restaurants share none.
    expect(plan('filters[chef][name][$eq]=Ann')).toBe('linked from api::chef.chef through api::chef.chef.restaurants (disjoint): index name = "Ann"');
    expect(plan('filters[categories][name][$eq]=Thai')).toBe('linked from api::category.category through api::category.category.restaurants: index name = "Thai"');
    // Each restaurant's list of its chef holds one link: read as one id per restaurant.
    expect(plan('filters[chef][restaurants][name][$eq]=R1')).toBe(
      'linked from api::chef.chef through api::chef.chef.restaurants (disjoint): linked from api::restaurant.restaurant through api::restaurant.restaurant.chef (one each): index name = "R1"',
    );
    expect(plan('filters[price][$between][0]=5&filters[price][$between][1]=9&sort=price:desc')).toBe('index price >= 5 and <= 9, page read in index order');
    expect(plan('filters[price][$null]=true')).toBe('index price is null');
  });

  it('drive a conjunction by its most selective member and check the rest per row where that costs less than a set', () => {
    expect(plan('filters[name][$eq]=R4&filters[stars][$gte]=1')).toBe('rows of index name = "R4" tested');
    // 8 rows tested by rank cost less than reading the 20 open ones as a set, in 40 rows.
    expect(plan('filters[stars][$eq]=4&filters[open][$eq]=true')).toBe('rows of index stars = 4 tested');
    // Driven by the 8 four-star rows, on which the flag and the text search are checked.
    expect(plan('filters[open][$eq]=true&filters[name][$notContains]=x&filters[stars][$eq]=4')).toBe('rows of index stars = 4 tested');
  });

  it('negate with "not null minus the match", as SQL NULLs require', () => {
    expect(plan('filters[name][$ne]=R4')).toBe('index name not null minus index name = "R4"');
  });
});
