import { describe, expect, it } from 'vitest';
import { SchemaRegistry } from '../../../src/schema/registry.js';
import { MemoryWorld } from '../../support/reference-evaluator.js';
import { ARTICLE, CATEGORY, CHEF, demoSelect, RESTAURANT, row, selector, source } from './fixtures.js';

/**
 * Strapi's tests/api/core/strapi/deep-filtering.test.api.js: a collector holds cards; a
 * relation filter means "some linked card satisfies the whole nested object".
 */
describe('Strapi deep filtering: collectors and cards', () => {
  const CARD = 'api::card.card';
  const COLLECTOR = 'api::collector.collector';
  const registry = SchemaRegistry.fromSources([
    source(CARD, { info: { singularName: 'card', pluralName: 'cards' }, attributes: { name: { type: 'string' } } }),
    source(COLLECTOR, {
      info: { singularName: 'collector', pluralName: 'collectors' },
      attributes: {
        name: { type: 'string' },
        age: { type: 'integer' },
        cards: { type: 'relation', relation: 'manyWay', target: CARD },
        collector_friends: { type: 'relation', relation: 'manyWay', target: COLLECTOR },
      },
    }),
  ]);
  const world = new MemoryWorld(registry)
    .add(CARD, [row(1, { name: 'Hugo LLORIS' }), row(2, { name: 'Samuel UMTITI' }), row(3, { name: 'Lucas HERNANDEZ' })])
    .add(COLLECTOR, [row(1, { name: 'Bernard', age: 25 }), row(2, { name: 'Isabelle', age: 55 }), row(3, { name: 'Kenza', age: 25 })])
    .link(COLLECTOR, 1, 'cards', [1, 2])
    .link(COLLECTOR, 2, 'cards', [1])
    .link(COLLECTOR, 2, 'collector_friends', [1])
    .link(COLLECTOR, 3, 'collector_friends', [1]);
  const collectors = (filters: unknown) => selector(registry, world)(COLLECTOR, filters);

  it('filters on a manyWay relation', () => {
    expect(collectors({ cards: { name: 'Hugo LLORIS' } })).toEqual([1, 2]);
    expect(collectors({ cards: { name: 'Samuel UMTITI' } })).toEqual([1]);
  });

  it('nested $or inside the relation, and $or of relation filters: each root once', () => {
    expect(collectors({ cards: { $or: [{ name: 'Hugo LLORIS' }, { name: 'Samuel UMTITI' }] } })).toEqual([1, 2]);
    expect(collectors({ $or: [{ cards: { name: 'Hugo LLORIS' } }, { cards: { name: 'Samuel UMTITI' } }] })).toEqual([1, 2]);
  });

  // Strapi's case reads `$contains: 'HUGO'` for the card 'Hugo LLORIS', which only SQLite's
  // case-folding LIKE matches; `$contains` is case-sensitive here (docs/filters.md, Operators).
  it('nested $and inside the relation applies to one card', () => {
    expect(collectors({ cards: { $and: [{ name: { $contains: 'Hugo' } }, { name: { $contains: 'LLORIS' } }] } })).toEqual([1, 2]);
    expect(collectors({ cards: { $and: [{ name: { $containsi: 'HUGO' } }, { name: { $contains: 'LLORIS' } }] } })).toEqual([1, 2]);
    expect(collectors({ cards: { $and: [{ name: { $contains: 'HUGO' } }, { name: { $contains: 'LLORIS' } }] } })).toEqual([]);
    expect(collectors({ cards: { $and: [{ name: { $contains: 'Hugo' } }, { name: { $contains: 'UMTITI' } }] } })).toEqual([]);
    expect(collectors({ cards: { name: { $contains: 'Hugo', $endsWith: 'UMTITI' } } })).toEqual([]);
  });

  it('separate occurrences of a relation may match different cards', () => {
    expect(collectors({ $and: [{ cards: { name: { $contains: 'Hugo' } } }, { cards: { name: { $contains: 'UMTITI' } } }] })).toEqual([1]);
  });

  it('filters on a self relation', () => {
    expect(collectors({ collector_friends: { name: 'Bernard' } })).toEqual([2, 3]);
    expect(collectors({ collector_friends: { cards: { name: { $endsWith: 'UMTITI' } } } })).toEqual([2, 3]);
  });

  it('$null on the relation itself, alone and with conditions on the card', () => {
    expect(collectors({ cards: { $null: true } })).toEqual([3]);
    expect(collectors({ cards: { $notNull: true } })).toEqual([1, 2]);
    expect(collectors({ cards: { $null: false, name: { $startsWith: 'Samuel' } } })).toEqual([1]);
  });
});

/** Strapi's tests/api/core/strapi/api/validate/validate-query.test.api.js, relation and scalar cases. */
describe('Strapi validate-query: documents and relations', () => {
  const DOCUMENT = 'api::document.document';
  const RELATION = 'api::relation.relation';
  const registry = SchemaRegistry.fromSources([
    source(RELATION, {
      info: { singularName: 'relation', pluralName: 'relations' },
      attributes: { name: { type: 'string' }, name_private: { type: 'string', private: true }, password: { type: 'password' } },
    }),
    source(DOCUMENT, {
      info: { singularName: 'document', pluralName: 'documents' },
      attributes: {
        name: { type: 'string' },
        name_private: { type: 'string', private: true },
        password: { type: 'password' },
        misc: { type: 'integer' },
        relations: { type: 'relation', relation: 'manyToMany', target: RELATION },
      },
    }),
  ]);
  const world = new MemoryWorld(registry)
    .add(RELATION, [row(1, { name: 'Relation A' }), row(2, { name: 'Relation B' })])
    .add(DOCUMENT, [
      row(1, { name: '3 Document A', misc: 2 }),
      row(2, { name: '1 Document B OO', misc: 3 }),
      row(3, { name: '2 Document C OO', misc: 1 }),
    ])
    .link(DOCUMENT, 1, 'relations', [1, 2])
    .link(DOCUMENT, 2, 'relations', [2])
    .link(DOCUMENT, 3, 'relations', [1]);
  const documents = (filters: unknown) => selector(registry, world)(DOCUMENT, filters);

  it.each([
    ['$endsWith', { name: { $endsWith: 'B OO' } }, [2]],
    ['$not > $endsWith', { $not: { name: { $endsWith: 'B OO' } } }, [1, 3]],
    ['$contains', { name: { $contains: 'Document' } }, [1, 2, 3]],
    ['explicit $in', { misc: { $in: [2, 3, 42] } }, [1, 2]],
    ['implicit $in', { misc: [2, 3, 42] }, [1, 2]],
    ['non-existing id', { id: 999 }, []],
    ['existing id', { id: 3 }, [3]],
  ])('scalar: %s', (_label, filters, ids) => {
    expect(documents(filters)).toEqual(ids);
  });

  it.each([
    ['$endsWith', { relations: { name: { $endsWith: 'B' } } }, [1, 2]],
    // $not over a relation: some related entry for which the condition is false (2 of 3, as in Strapi).
    ['$not > $endsWith', { $not: { relations: { name: { $endsWith: 'B' } } } }, [1, 3]],
    ['$contains', { relations: { name: { $contains: 'Relation' } } }, [1, 2, 3]],
  ])('relation: %s', (_label, filters, ids) => {
    expect(documents(filters)).toEqual(ids);
  });
});

/** The demo content-types (fixtures.ts): restaurants with chefs, categories and articles. */
describe('relation semantics on the demo schemas', () => {
  const restaurants = (filters: unknown) => demoSelect(RESTAURANT, filters);

  it('compares the target id when a value or an operator stands directly under the relation', () => {
    expect(restaurants({ chef: 1 })).toEqual([1, 4]);
    expect(restaurants({ chef: '2' })).toEqual([2]);
    expect(restaurants({ chef: [2, 3] })).toEqual([2]);
    expect(restaurants({ chef: { $in: ['1', '2'] } })).toEqual([1, 2, 4]);
    expect(restaurants({ chef: { id: { $eq: 1 } } })).toEqual([1, 4]);
    expect(restaurants({ chef: { documentId: 'doc2' } })).toEqual([2]);
    expect(restaurants({ categories: { $gt: 2 } })).toEqual([4]);
  });

  it('$null / $notNull test the relation itself', () => {
    expect(restaurants({ chef: { $null: true } })).toEqual([3]);
    expect(restaurants({ chef: null })).toEqual([3]);
    expect(restaurants({ chef: { $null: false } })).toEqual([1, 2, 4]);
    expect(restaurants({ chef: { $notNull: 'true' } })).toEqual([1, 2, 4]);
    expect(restaurants({ categories: { $null: true } })).toEqual([3]);
    expect(restaurants({ chef: { $null: false, name: 'Ana' } })).toEqual([1, 4]);
    expect(restaurants({ $not: { chef: { $null: true } } })).toEqual([1, 2, 4]);
  });

  it('$ne on a to-many relation: some linked row differs (strapi#21067)', () => {
    expect(restaurants({ categories: { name: { $ne: 'Thai' } } })).toEqual([2, 4]);
    expect(restaurants({ categories: { $ne: 1 } })).toEqual([2, 4]);
    expect(restaurants({ categories: { $notIn: [1, 2] } })).toEqual([4]);
  });

  it('a NULL field of the linked row satisfies no comparison', () => {
    // Category 3 has no name: restaurant 4 matches only through category 2.
    expect(restaurants({ categories: { name: { $notContains: 'ai' } } })).toEqual([2, 4]);
    expect(restaurants({ chef: { country: { $ne: 'PT' } } })).toEqual([]);
  });

  // Restaurant 3 has no chef and no category; chef 3 has no restaurant (docs/filters.md, Filters through relations).
  it('a missing linked row is a row of NULLs: only what holds on NULLs selects it', () => {
    expect(restaurants({ categories: { name: { $null: true } } })).toEqual([3, 4]);
    expect(restaurants({ chef: { country: { $null: true } } })).toEqual([2, 3]);
    expect(restaurants({ chef: { id: { $null: true } } })).toEqual([3]);
    expect(restaurants({ chef: { documentId: { $null: true } } })).toEqual([3]);
    expect(restaurants({ categories: { documentId: { $null: true } } })).toEqual([3]);
    expect(restaurants({ chef: { country: { $eq: null } } })).toEqual([2, 3]);
    expect(restaurants({ chef: { country: { $notNull: false } } })).toEqual([2, 3]);
    expect(restaurants({ chef: { id: { $notNull: true } } })).toEqual([1, 2, 4]);
    // Ana's restaurants (1, 4) pass these; the NULL country (2) and the NULL row (3) never do.
    for (const test of [{ $ne: 'FR' }, { $notIn: ['FR'] }, { $notContains: 'x' }, { $nei: 'fr' }, { $not: { $eq: 'FR' } }, { $lt: 'ZZ' }, { $notContainsi: 'X' }]) {
      expect(restaurants({ chef: { country: test } }), JSON.stringify(test)).toEqual([1, 4]);
    }
  });

  it('the NULL row follows three-valued logic under groups, $not and every depth', () => {
    expect(restaurants({ chef: { $or: [{ country: { $null: true } }, { name: 'Ana' }] } })).toEqual([1, 2, 3, 4]);
    expect(restaurants({ chef: { $and: [{ country: { $null: true } }, { name: { $null: true } }] } })).toEqual([3]);
    expect(restaurants({ chef: { country: { $null: true }, name: { $null: false } } })).toEqual([2]);
    // NOT (NULL IS NULL) is false; NOT (NULL = x) is unknown: neither selects the NULL row.
    expect(restaurants({ $not: { chef: { country: { $null: true } } } })).toEqual([1, 4]);
    expect(restaurants({ $not: { chef: { name: 'Ana' } } })).toEqual([2]);
    expect(restaurants({ $not: { $not: { chef: { country: { $null: true } } } } })).toEqual([2, 3]);
    expect(restaurants({ $or: [{ chef: { country: { $null: true } } }, { stars: 5 }] })).toEqual([2, 3]);
    // Through a missing chef every later hop is NULL too.
    expect(restaurants({ chef: { restaurants: { categories: { name: { $null: true } } } } })).toEqual([1, 3, 4]);
    expect(demoSelect(CHEF, { restaurants: { id: { $null: true } } })).toEqual([3]);
    expect(demoSelect(CHEF, { restaurants: { categories: { id: { $null: true } } } })).toEqual([3]);
    // "Has none" stays "has none": the relation's own $null is not a field of the NULL row.
    expect(restaurants({ chef: { restaurants: { $null: true } } })).toEqual([3]);
    // Empty $notIn holds on every row, the NULL row included (knex: an always-true predicate).
    expect(restaurants({ chef: { country: { $notIn: [] } } })).toEqual([1, 2, 3, 4]);
    expect(restaurants({ chef: { country: { $in: [] } } })).toEqual([]);
  });

  it('$not over a relation negates the condition on one linked row, and needs a linked row', () => {
    expect(restaurants({ $not: { categories: { name: 'Thai' } } })).toEqual([2, 4]);
    expect(restaurants({ categories: { $not: { name: 'Thai' } } })).toEqual([2, 4]);
    expect(restaurants({ $not: { chef: { name: 'Ana' } } })).toEqual([2]);
    expect(restaurants({ chef: { $not: 1 } })).toEqual([2]);
    expect(restaurants({ $not: { $not: { chef: { name: 'Ana' } } } })).toEqual([1, 4]);
    expect(restaurants({ $not: { stars: { $gte: 5 }, chef: { name: 'Ana' } } })).toEqual([1, 2, 4]);
  });

  it('conditions under one relation key meet on one linked row; separate keys do not', () => {
    expect(restaurants({ categories: { name: 'Thai', id: 2 } })).toEqual([]);
    expect(restaurants({ categories: { $or: [{ name: 'Thai' }, { id: 2 }] } })).toEqual([1, 2, 4]);
    expect(restaurants({ $and: [{ categories: { name: 'Thai' } }, { categories: { id: 2 } }] })).toEqual([4]);
  });

  it('follows relations from either side and through several hops', () => {
    expect(demoSelect(CHEF, { restaurants: { stars: { $gte: 4 } } })).toEqual([1, 2]);
    expect(demoSelect(CHEF, { restaurants: { $null: true } })).toEqual([3]);
    expect(demoSelect(CATEGORY, { restaurants: { chef: { name: 'Bob' } } })).toEqual([2]);
    expect(restaurants({ articles: { tags: { name: { $eqi: 'SPICY' } } } })).toEqual([1]);
    expect(demoSelect(ARTICLE, { restaurants: { categories: { name: { $startsWith: 'V' } } } })).toEqual([]);
    expect(restaurants({ chef: { restaurants: { categories: { name: 'Vegan' } } } })).toEqual([1, 2, 4]);
  });

  it('scalar filters combine with relation filters', () => {
    expect(restaurants({ open: true, chef: { name: { $containsi: 'ANA' } } })).toEqual([1, 4]);
    expect(restaurants({ $or: [{ stars: { $null: true } }, { categories: { name: 'Vegan' } }] })).toEqual([2, 3, 4]);
    expect(restaurants({ description: { $containsi: 'thai' }, categories: { $notNull: true } })).toEqual([4]);
  });
});
