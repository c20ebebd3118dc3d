import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFilterTree } from '../../src/query/filters/index.js';
import { runList } from '../../src/query/list.js';
import type { SortSpec } from '../../src/query/params/types.js';
import { tempQuarry } from '../support/temp-quarry.js';

const R = 'api::restaurant.restaurant';
let q: ReturnType<typeof tempQuarry>;
const ids: number[] = [];

beforeAll(async () => {
  q = tempQuarry();
  const rows = [
    { name: 'L'.repeat(300), price: 10 },
    { name: 'L'.repeat(256), price: 20 },
    { name: 'L'.repeat(255), price: 20 },
    { name: 'L'.repeat(300) + 'z', price: null },
    { name: 'M', price: 5 },
  ];
  for (const data of rows) ids.push((await q.documents(R).create({ data })).id as number);
});
afterAll(() => q.dispose());

const run = (filters: unknown, sort: SortSpec[] = [], start = 0, limit = Infinity) =>
  runList(q.registry, q.store, { type: R, scopes: [{ status: 'published', locale: null }], filter: buildFilterTree(q.registry, R, filters), sort, start, limit });

describe('index ranges over text past the indexed prefix', () => {
  it('keeps the boundary key whose values are longer than the cut bound', () => {
    expect(run({ name: { $lt: 'L'.repeat(300) + 'x' } }).ids).toEqual([ids[0], ids[1], ids[2]]);
    expect(run({ name: { $gt: 'L'.repeat(300) } }).ids).toEqual([ids[3], ids[4]]);
    expect(run({ name: { $lte: 'L'.repeat(256) } }).ids).toEqual([ids[1], ids[2]]);
    expect(run({ name: { $eq: 'L'.repeat(300) } }).ids).toEqual([ids[0]]);
  });
});

describe('a range on the sort field is read in order', () => {
  it('pages ascending and descending with ties by id', () => {
    const asc = run({ price: { $gte: 5 } }, [{ path: ['price'], direction: 'asc' }]);
    expect(asc.plan).toMatchObject({ where: { op: 'index', field: 'price' }, order: 'index' });
    expect(asc.ids).toEqual([ids[4], ids[0], ids[1], ids[2]]);
    expect(run({ price: { $gte: 5 } }, [{ path: ['price'], direction: 'desc' }], 1, 2).ids).toEqual([ids[2], ids[0]]);
    expect(run({ price: { $gte: 5 } }, [{ path: ['price'], direction: 'asc' }], 3, 10)).toMatchObject({ total: 4, ids: [ids[2]] });
  });
});

describe('id conditions', () => {
  it('read rows by id and skip ids that do not exist', () => {
    const r = run({ id: { $in: [ids[3], 999, ids[0]] } });
    expect(r.plan.where.op).toBe('ids');
    expect(r.ids).toEqual([ids[0], ids[3]]);
    expect(run({ id: 999 }).total).toBe(0);
  });
});
