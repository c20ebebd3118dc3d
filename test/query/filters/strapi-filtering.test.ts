/**
 * Strapi's tests/api/core/strapi/filtering.test.api.js, as far as it concerns building and
 * evaluating filters (sorting, pagination and `_q` are out of scope). Rows are the fixtures'
 * array positions + 1. Strapi's `arrayContaining` assertions are tightened to exact results;
 * its `test.skip`s for case-sensitive LIKE (SQLite) are run, since Quarry is case-sensitive.
 */
import { describe, expect, it } from 'vitest';
import { SchemaRegistry } from '../../../src/schema/registry.js';
import { MemoryWorld } from '../../support/reference-evaluator.js';
import { row, selector, source } from './fixtures.js';

const PRODUCT = 'api::product.product';
const TAG = 'api::tag.tag';

const registry = SchemaRegistry.fromSources([
  source(PRODUCT, {
    info: { singularName: 'product', pluralName: 'products' },
    attributes: {
      name: { type: 'string' },
      description: { type: 'text' },
      price: { type: 'float' },
      decimal_field: { type: 'decimal' },
      rank: { type: 'integer' },
      big_rank: { type: 'biginteger' },
      isChecked: { type: 'boolean' },
    },
  }),
  source(TAG, { info: { singularName: 'tag', pluralName: 'tags' }, attributes: { slug: { type: 'string' } } }),
]);

const world = new MemoryWorld(registry)
  .add(PRODUCT, [
    row(1, { name: 'Product 1', description: 'Product description', price: 10.99, decimal_field: 42.43, rank: 42, big_rank: '345678912983', isChecked: true }),
    row(2, { name: 'Product 2', description: 'Product description 2', price: 28.31, decimal_field: 91.22, rank: 82, big_rank: '926371623421', isChecked: false }),
    row(3, { name: 'Product 3', description: 'Product description 3', price: 28.31, decimal_field: 12.22, rank: 91, big_rank: '926372323421', isChecked: true }),
    row(4, { name: 'Product 4', description: 'Product description 4', price: null, decimal_field: 12.22, rank: 99, big_rank: '999999999999', isChecked: false }),
    row(5, { name: 'Продукт 5, Product 5', description: 'Опис на продукт 5', price: null, decimal_field: 142.43, rank: 142, big_rank: '345678912983', isChecked: true }),
  ])
  .add(TAG, ['a_c', 'abc', 'axc', '50%', '5000', '100% pure', '1000 pure', 'Cutting\\', 'Cutting-tool'].map((slug, i) => row(i + 1, { slug })));

const select = selector(registry, world);
const products = (filters: unknown) => select(PRODUCT, filters);
const tags = (filters: unknown) => select(TAG, filters);

describe('Basic filters', () => {
  it('$and', () => {
    expect(products({ $and: [{ name: 'Product 1' }, { rank: 42 }] })).toEqual([1]);
    expect(products({ $and: [{ name: 'Product 1' }, { rank: 43 }] })).toEqual([]);
  });

  it('$or', () => {
    expect(products({ $or: [{ name: 'Product 1' }, { rank: 82 }] })).toEqual([1, 2]);
    expect(products({ $or: [{ name: 'Product 99' }, { rank: 43 }] })).toEqual([]);
  });

  it('$not', () => {
    expect(products({ $not: { name: 'Product 1' } })).toEqual([2, 3, 4, 5]);
  });

  it('equals: the default filter, and with the $eq suffix', () => {
    expect(products({ name: 'Product 1' })).toEqual([1]);
    expect(products({ name: { $eq: 'Product 1' } })).toEqual([1]);
    expect(products({ name: { $eq: 'Product non existant' } })).toEqual([]);
  });

  it('equals, case-insensitive', () => {
    expect(products({ name: { $eqi: 'PRODuct 1' } })).toEqual([1]);
    expect(products({ name: { $eqi: 'Product non existant' } })).toEqual([]);
  });

  it('not equals', () => {
    expect(products({ name: { $ne: 'Non existent product ' } })).toEqual([1, 2, 3, 4, 5]);
    expect(products({ name: { $ne: 'Product 1' } })).toEqual([2, 3, 4, 5]);
  });

  const nullPrice = [4, 5];
  const withPrice = [1, 2, 3];
  it.each([
    { $null: true }, { $null: 'true' }, { $null: '1' }, { $null: 't' }, { $null: 'anything' }, { $null: ['anything'] },
    { $null: { anything: 'anything' } },
    { $notNull: false }, { $notNull: 'false' }, { $notNull: '0' }, { $notNull: 'f' }, { $notNull: '' },
  ])('null: %j matches the rows without a price', (price) => {
    expect(products({ price })).toEqual(nullPrice);
  });

  it.each([
    { $notNull: true }, { $notNull: 'true' }, { $notNull: '1' }, { $notNull: 't' }, { $notNull: 'anything' }, { $notNull: ['anything'] },
    { $notNull: { anything: 'anything' } },
    { $null: false }, { $null: 'false' }, { $null: '0' }, { $null: 'f' }, { $null: '' },
  ])('null: %j matches the three rows with a price', (price) => {
    expect(products({ price })).toEqual(withPrice);
  });

  it('null: a key without value (`filters[price][$null]`, null) is false', () => {
    expect(products({ price: { $null: null } })).toEqual(withPrice);
    expect(products({ price: { $notNull: null } })).toEqual(nullPrice);
  });

  it('contains, case-insensitive', () => {
    expect(products({ name: { $containsi: 'product' } })).toEqual([1, 2, 3, 4, 5]);
    expect(products({ name: { $containsi: 'PrOdUct' } })).toEqual([1, 2, 3, 4, 5]);
    expect(products({ name: { $containsi: 'production' } })).toEqual([]);
    expect(products({ name: { $containsi: 'ProdUctIon' } })).toEqual([]);
    expect(products({ name: { $containsi: 'ПРОДУКТ' } })).toEqual([5]);
  });

  it('not contains, case-insensitive', () => {
    expect(products({ name: { $notContainsi: 'production' } })).toEqual([1, 2, 3, 4, 5]);
    expect(products({ name: { $notContainsi: 'ProdUctIon' } })).toEqual([1, 2, 3, 4, 5]);
    expect(products({ name: { $notContainsi: 'product' } })).toEqual([]);
    expect(products({ name: { $notContainsi: 'ProDuCt' } })).toEqual([]);
  });

  it('contains, case-sensitive (skipped in Strapi because of SQLite)', () => {
    expect(products({ name: { $contains: 'product' } })).toEqual([]);
    expect(products({ name: { $contains: 'Product' } })).toEqual([1, 2, 3, 4, 5]);
  });

  it('not contains, case-sensitive (skipped in Strapi because of SQLite)', () => {
    expect(products({ name: { $notContains: 'product' } })).toEqual([1, 2, 3, 4, 5]);
    expect(products({ name: { $notContains: 'Product' } })).toEqual([]);
  });

  it('in / not in', () => {
    expect(products({ rank: { $in: 42 } })).toEqual([1]);
    expect(products({ rank: { $in: [42, 12] } })).toEqual([1]);
    expect(products({ rank: { $in: [43, 12] } })).toEqual([]);
    expect(products({ rank: { $notIn: 42 } })).toEqual([2, 3, 4, 5]);
    expect(products({ rank: { $notIn: [42, 12] } })).toEqual([2, 3, 4, 5]);
    expect(products({ rank: { $notIn: [43, 12] } })).toEqual([1, 2, 3, 4, 5]);
  });

  it('greater than, on integer, float, decimal and biginteger', () => {
    expect(products({ rank: { $gt: 42 } })).toEqual([2, 3, 4, 5]);
    expect(products({ rank: { $gt: 40 } })).toEqual([1, 2, 3, 4, 5]);
    expect(products({ price: { $gt: 9.3 } })).toEqual([1, 2, 3]);
    expect(products({ decimal_field: { $gt: 1.23 } })).toEqual([1, 2, 3, 4, 5]);
    expect(products({ big_rank: { $gt: 34567891298 } })).toEqual([1, 2, 3, 4, 5]);
  });

  it('greater than or equal', () => {
    expect(products({ rank: { $gte: 42 } })).toEqual([1, 2, 3, 4, 5]);
    expect(products({ rank: { $gte: 43 } })).toEqual([2, 3, 4, 5]);
    expect(products({ price: { $gte: 10.99 } })).toEqual([1, 2, 3]);
    expect(products({ decimal_field: { $gte: 42.43 } })).toEqual([1, 2, 5]);
    expect(products({ big_rank: { $gte: '345678912983' } })).toEqual([1, 2, 3, 4, 5]);
  });

  it('less than', () => {
    expect(products({ rank: { $lt: 42 } })).toEqual([]);
    expect(products({ rank: { $lt: 43 } })).toEqual([1]);
    expect(products({ price: { $lt: 21.3 } })).toEqual([1]);
    expect(products({ decimal_field: { $lt: 46.23 } })).toEqual([1, 3, 4]);
    expect(products({ big_rank: { $lt: 3456789129812 } })).toEqual([1, 2, 3, 4, 5]);
  });

  it('less than or equal', () => {
    expect(products({ rank: { $lte: 52 } })).toEqual([1]);
    expect(products({ rank: { $lte: 21 } })).toEqual([]);
    expect(products({ price: { $lte: 10.99 } })).toEqual([1]);
    expect(products({ decimal_field: { $lte: 42.43 } })).toEqual([1, 3, 4]);
    expect(products({ big_rank: { $lte: '345678912983' } })).toEqual([1, 5]);
  });
});

describe('LIKE metacharacters are literal (strapi#26468)', () => {
  it.each([
    [{ $eqi: 'a_c' }, [1]],
    [{ $eqi: '50%' }, [4]],
    [{ $eqi: 'ABC' }, [2]],
    [{ $eqi: 'Cutting\\' }, [8]],
    [{ $endsWith: '\\' }, [8]],
    [{ $startsWith: '100%' }, [6]],
    [{ $contains: '0%' }, [4, 6]],
    [{ $containsi: '_' }, [1]],
    [{ $notContains: '%' }, [1, 2, 3, 5, 7, 8, 9]],
  ])('%j', (slug, ids) => {
    expect(tags({ slug })).toEqual(ids);
  });
});

describe('Or filtering', () => {
  it('simple or, and on different fields', () => {
    expect(products({ $or: [{ rank: 42 }, { rank: 82 }] })).toEqual([1, 2]);
    expect(products({ $or: [{ rank: 42 }, { price: { $gt: 28 } }] })).toEqual([1, 2, 3]);
  });

  it('or with nested and (an inner array is an AND group)', () => {
    expect(products({ $or: [{ rank: 42 }, [{ price: { $gt: 28 } }, { rank: 91 }]] })).toEqual([1, 3]);
  });

  it('or with nested or', () => {
    expect(products({ $or: [{ rank: 42 }, [{ price: { $gt: 28 } }, { $or: [{ rank: 91 }] }]] })).toEqual([1, 3]);
  });
});

describe('Implicit or', () => {
  it.each([
    ['equals', { rank: [42, 43] }, [1]],
    ['not equals', { rank: { $ne: [41, 43] } }, [1, 2, 3, 4, 5]],
    ['contains insensitive', { name: { $containsi: ['Product', '1'] } }, [1, 2, 3, 4, 5]],
    ['not contains insensitive', { name: { $notContainsi: ['Product', 'Non existent'] } }, [1, 2, 3, 4, 5]],
    ['contains sensitive', { name: { $contains: ['Product', 'Non existent'] } }, [1, 2, 3, 4, 5]],
    ['not contains sensitive', { name: { $notContains: ['product', 'Non existent'] } }, [1, 2, 3, 4, 5]],
    ['greater than', { rank: { $gt: [12, 56] } }, [1, 2, 3, 4, 5]],
    ['greater than or equal', { rank: { $gte: [42, 56] } }, [1, 2, 3, 4, 5]],
    ['less than', { rank: { $lt: [56, 12] } }, [1]],
    ['less than or equal', { rank: { $lte: [12, 42] } }, [1]],
    ['equals on a non-matching list', { rank: { $eq: [1, 2] } }, []],
  ])('%s', (_label, filters, ids) => {
    expect(products(filters)).toEqual(ids);
  });
});

describe('Complex filtering', () => {
  it('greater than and less than at the same time', () => {
    expect(products({ rank: { $lte: 42, $gte: 42 } })).toEqual([1]);
    expect(products({ rank: { $lt: 43, $gt: 41 } })).toEqual([1]);
    expect(products({ rank: { $lt: 43, $gt: 431 } })).toEqual([]);
  });

  it('contains and not contains on the same column', () => {
    expect(products({ name: { $contains: 'Product', $notContains: '1' } })).toEqual([2, 3, 4, 5]);
    expect(products({ name: { $contains: 'Product 1', $notContains: ['2', '3'] } })).toEqual([1]);
    expect(products({ name: { $contains: '2', $notContains: 'Product' } })).toEqual([]);
  });

  it('combined filters', () => {
    expect(products({ name: { $contains: 'Product' }, rank: { $lt: 45 } })).toEqual([1]);
  });
});

describe('Type casting', () => {
  it.each(['1', 'true', true, 't'])('truthy boolean %j: bare, $eq and inside $in', (value) => {
    for (const isChecked of [value, { $eq: value }, { $in: [value] }]) expect(products({ isChecked })).toEqual([1, 3, 5]);
  });

  it.each(['0', 'false', false, 'f'])('falsy boolean %j: bare, $eq and inside $in', (value) => {
    for (const isChecked of [value, { $eq: value }, { $in: [value] }]) expect(products({ isChecked })).toEqual([2, 4]);
  });

  it('casts a bare number', () => {
    expect(products({ price: '10.99' })).toEqual([1]);
  });

  it.each([
    ['$lte', '10.99', [1]],
    ['$lt', '12', [1]],
    ['$gte', '28.31', [2, 3]],
    ['$gt', '28.30', [2, 3]],
    ['$eq', '10.99', [1]],
    ['$ne', '10.99', [2, 3]],
    ['$not', '10.99', [2, 3]],
    ['$in', ['10.99', '28.31'], [1, 2, 3]],
    ['$in', '10.99', [1]],
    ['$notIn', ['10.99', '28.31'], []],
  ])('casts numbers under %s %j', (operator, value, ids) => {
    expect(products({ price: { [operator]: value } })).toEqual(ids);
  });
});
