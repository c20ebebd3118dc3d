import { describe, expect, it } from 'vitest';
import { buildFilterTree } from '../../../src/query/filters/index.js';
import { ConstNode, printFilter, type FilterNode } from '../../../src/query/ir/index.js';
import { demoRegistry, RESTAURANT } from './fixtures.js';

const shape = (filters: unknown): string => printFilter(buildFilterTree(demoRegistry, RESTAURANT, filters));

/** What the query-string reader hands over: prototype-free objects, string leaves. */
function fromQueryString(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromQueryString);
  if (typeof value !== 'object' || value === null) return value === null ? null : String(value);
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [k, v] of Object.entries(value)) out[k] = fromQueryString(v);
  return out;
}

describe('implicit operators', () => {
  it.each([
    [{ name: 'x' }, 'name = "x"'],
    [{ name: { $eq: 'x' } }, 'name = "x"'],
    [{ stars: ['1', '2'] }, 'stars in [1, 2]'],
    [{ stars: { $in: '3' } }, 'stars in [3]'],
    [{ stars: { $gte: 3, $lte: 4 } }, '(stars >= 3 and stars <= 4)'],
    [{ name: { $contains: 'a', $notContains: 'b' }, stars: { $gte: 3 } }, '(name contains "a" and name notContains "b" and stars >= 3)'],
    [{ $or: [{ stars: 42 }, [{ price: { $gt: 28 } }, { stars: 91 }]] }, '(stars = 42 or (price > 28 and stars = 91))'],
    [{ $or: [{ stars: 42 }, [{ price: { $gt: 28 } }, { $or: [{ stars: 91 }] }]] }, '(stars = 42 or (price > 28 and stars = 91))'],
    [[{ name: 'a' }, { stars: 3 }], '(name = "a" and stars = 3)'],
    [{ $and: [{ name: 'a' }, { $and: [{ stars: 3 }, { open: 'true' }] }] }, '(name = "a" and stars = 3 and open = true)'],
  ])('%j', (filters, text) => {
    expect(shape(filters)).toBe(text);
    expect(shape(fromQueryString(filters))).toBe(text);
  });
});

describe('a list under an operator other than $in / $notIn / $between is an OR over it (docs/filters.md, Lists and groups)', () => {
  it.each([
    [{ stars: { $ne: [41, 43] } }, '(stars <> 41 or stars <> 43)'],
    [{ stars: { $eq: [42, 43] } }, '(stars = 42 or stars = 43)'],
    [{ name: { $containsi: ['Product', '1'] } }, '(name containsi "Product" or name containsi "1")'],
    [{ stars: { $not: [1, 2] } }, '(not stars = 1 or not stars = 2)'],
    [{ stars: { $gt: ['1'] } }, 'stars > 1'],
  ])('%j', (filters, text) => {
    expect(shape(filters)).toBe(text);
  });
});

describe('$not, pushed down to comparisons (negation normal form)', () => {
  it.each([
    [{ price: { $not: '10.99' } }, 'not price = 10.99'],
    [{ name: { $not: { $endsWith: 'x' } } }, 'not name endsWith "x"'],
    [{ $not: { name: 'x', stars: 3 } }, '(not name = "x" or not stars = 3)'],
    [{ $not: { $or: [{ name: 'x' }, { stars: 3 }] } }, '(not name = "x" and not stars = 3)'],
    [{ $not: { $not: { name: 'x' } } }, 'name = "x"'],
    // Null tests are negated by swapping them: a `not` above a comparison would keep NULLs out.
    [{ $not: { stars: { $null: true } } }, 'stars is not null'],
    [{ $not: { stars: { $notNull: true } } }, 'stars is null'],
    [{ $not: { stars: { $eq: null } } }, 'stars is not null'],
    [{ $not: [{ name: 'a' }, { stars: 3 }] }, '(not name = "a" or not stars = 3)'],
    [{ name: { $or: [{ $eq: 'a' }, { $startsWith: 'b' }] } }, '(name = "a" or name startsWith "b")'],
    [{ name: { $not: { $and: [{ $eq: 'a' }, { $eq: 'b' }] } } }, '(not name = "a" or not name = "b")'],
  ])('%j', (filters, text) => {
    expect(shape(filters)).toBe(text);
  });
});

describe('relations', () => {
  it.each([
    [{ chef: { name: 'Ana' } }, 'exists chef(name = "Ana")'],
    // A value or an operator directly under a relation compares the target's id (docs/filters.md, Filters through relations).
    [{ chef: 5 }, 'exists chef(id = 5)'],
    [{ chef: ['1', '2'] }, 'exists chef(id in [1, 2])'],
    [{ chef: { $in: [1, 2] } }, 'exists chef(id in [1, 2])'],
    [{ chef: { id: { $gt: 1 } } }, 'exists chef(id > 1)'],
    [{ chef: { $gt: 1, $lt: 5 } }, 'exists chef((id > 1 and id < 5))'],
    [{ chef: { $eq: 1, name: 'x' } }, 'exists chef((id = 1 and name = "x"))'],
    [{ chef: { $null: true } }, 'not exists chef'],
    [{ chef: { $null: 'true' } }, 'not exists chef'],
    [{ chef: null }, 'not exists chef'],
    [{ chef: { $eq: null } }, 'not exists chef'],
    [{ chef: { $ne: null } }, 'exists chef'],
    [{ chef: { $null: false } }, 'exists chef'],
    [{ chef: { $notNull: true } }, 'exists chef'],
    // A relation operator and target fields together, joined by AND (docs/filters.md, Filters through relations).
    [{ chef: { $null: false, name: 'x' } }, '(exists chef(name = "x") and exists chef)'],
    [{ categories: { $and: [{ name: 'a' }, { name: 'b' }] } }, 'exists categories((name = "a" and name = "b"))'],
    [{ $and: [{ categories: { name: 'a' } }, { categories: { name: 'b' } }] }, '(exists categories(name = "a") and exists categories(name = "b"))'],
    [{ categories: { $or: [{ name: 'a' }, { id: 2 }] } }, 'exists categories((name = "a" or id = 2))'],
    [{ articles: { tags: { name: 'spicy' } } }, 'exists articles(exists tags(name = "spicy"))'],
    [{ chef: { restaurants: { stars: { $gte: 4 } } } }, 'exists chef(exists restaurants(stars >= 4))'],
  ])('%j', (filters, text) => {
    expect(shape(filters)).toBe(text);
  });

  it.each([
    // Strapi negates per joined row: "has a category whose name is not x" (docs/filters.md, Filters through relations).
    [{ $not: { categories: { name: 'Thai' } } }, 'exists categories(not name = "Thai")'],
    [{ categories: { $not: { name: 'Thai' } } }, 'exists categories(not name = "Thai")'],
    [{ chef: { $not: 5 } }, 'exists chef(not id = 5)'],
    [{ chef: { name: 'x', $not: { country: 'PT' } } }, 'exists chef((name = "x" and not country = "PT"))'],
    [{ $not: { chef: { $null: true } } }, 'exists chef'],
    [{ chef: { $not: { $null: true } } }, 'exists chef'],
    [{ $not: { chef: { $null: true, name: 'x' } } }, '(exists chef(not name = "x") or exists chef)'],
    [{ $not: { name: 'x', chef: { name: 'y' } } }, '(not name = "x" or exists chef(not name = "y"))'],
  ])('$not: %j', (filters, text) => {
    expect(shape(filters)).toBe(text);
  });

  it('records the link as plain data', () => {
    expect(buildFilterTree(demoRegistry, RESTAURANT, { categories: { name: 'a' } })).toEqual({
      kind: 'relation', attribute: 'categories', source: RESTAURANT, target: 'api::category.category', toMany: true,
      child: { kind: 'compare', field: { name: 'name', type: 'string' }, op: 'eq', value: 'a' },
      unlinked: false,
    });
  });

  it('marks the tests a missing linked row passes as its row of NULLs (LEFT JOIN)', () => {
    const unlinked = (filters: unknown) => (buildFilterTree(demoRegistry, RESTAURANT, filters) as { unlinked?: boolean }).unlinked;
    expect(unlinked({ chef: { country: { $null: true } } })).toBe(true);
    expect(unlinked({ chef: { $or: [{ country: { $null: true } }, { name: 'a' }] } })).toBe(true);
    expect(unlinked({ chef: { restaurants: { name: { $null: true } } } })).toBe(true);
    expect(unlinked({ chef: { country: { $null: true }, name: 'a' } })).toBe(false);
    expect(unlinked({ chef: { country: { $ne: 'a' } } })).toBe(false);
    expect(unlinked({ chef: { restaurants: { $notNull: true } } })).toBe(false);
    expect(unlinked({ chef: { $notNull: true } })).toBe(false);
    expect(buildFilterTree(demoRegistry, RESTAURANT, { chef: { country: { $notIn: [] } } })).toBe(ConstNode.TRUE);
  });
});

describe('empty input is sanitized out, as by Strapi', () => {
  it.each([
    [undefined, 'true'],
    [null, 'true'],
    [{}, 'true'],
    [[], 'true'],
    [{ name: {} }, 'true'],
    [{ name: undefined }, 'true'],
    [{ chef: {} }, 'true'],
    [{ chef: { name: {} } }, 'true'],
    [{ $and: [] }, 'true'],
    // Strapi drops empty groups and empty items before querying: `$or: []` matches everything.
    [{ $or: [] }, 'true'],
    [{ $or: [{}, { name: 'x' }] }, 'name = "x"'],
    [{ $not: {} }, 'true'],
    [{ stars: { $eq: [] } }, 'true'],
    [{ id: { $eq: {} } }, 'true'],
    [{ id: { $and: { $eq: {}, $contains: {} } } }, 'true'],
    [{ name: { $and: { $eq: {}, $contains: {} } } }, 'true'],
    [{ stars: { $gt: { a: { b: {} } } } }, 'true'],
    [{ $and: { a: {} } }, 'true'],
    // knex's empty lists: `IN ()` matches no row, `NOT IN ()` every row.
    [{ stars: { $in: [] } }, 'false'],
    [{ stars: { $notIn: [] } }, 'true'],
    [{ $not: { stars: { $in: [] } } }, 'true'],
    [{ stars: { $in: [] }, name: 'x' }, 'false'],
    [{ stars: { $notIn: [] }, name: 'x' }, 'name = "x"'],
    [{ chef: { $in: [] } }, 'false'],
  ])('%j', (filters, text) => {
    expect(shape(filters)).toBe(text);
  });
});

describe('the tree', () => {
  it('is deeply frozen', () => {
    const tree = buildFilterTree(demoRegistry, RESTAURANT, {
      $or: [{ stars: { $in: [1, 2] } }, { chef: { name: 'x', $not: { country: 'PT' } } }, { price: { $between: [1, 2] } }],
    });
    const pending: unknown[] = [tree];
    let objects = 0;
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      if (typeof next !== 'object' || next === null) continue;
      objects++;
      expect(Object.isFrozen(next)).toBe(true);
      pending.push(...Object.values(next));
    }
    expect(objects).toBeGreaterThan(10);
  });

  it('is the same whether values come typed or as query-string text', () => {
    const typed = { stars: { $gte: 3 }, open: true, price: { $between: [10, 20.5] }, chef: [1, 2] };
    const text = fromQueryString(typed);
    const build = (f: unknown): FilterNode => buildFilterTree(demoRegistry, RESTAURANT, f);
    expect(build(text)).toEqual(build(typed));
  });
});
