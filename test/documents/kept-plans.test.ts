import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDECIDE_AFTER_WRITES } from '../../src/cache/index.js';
import { readQueryString } from '../../src/query/querystring/index.js';
import { tempQuarry } from '../support/temp-quarry.js';

const R = 'api::restaurant.restaurant';
let q: ReturnType<typeof tempQuarry>;

beforeAll(async () => {
  q = tempQuarry();
  const svc = q.documents(R);
  for (let i = 0; i < 20; i++) await svc.create({ data: { name: `Five ${i}`, stars: 5, open: i < 2 } });
  for (let i = 0; i < 20; i++) await svc.create({ data: { name: `One ${i}`, stars: 1, open: true } });
});
afterAll(() => q.dispose());

/** Sealed, as the REST server hands it over: the same compiled read, and so the same kept plan, every time. */
const query = readQueryString('filters[stars][$eq]=5&filters[open][$eq]=true&sort=name:asc');
const plan = () => q.reads.estimateQuery(R, query).plan.where;
const names = () => q.reads.query(R, query).results.map((e) => e.name);

describe('a kept plan', () => {
  it('is derived again once the data has moved on, and answers right all along', async () => {
    // Sets of 20 and 22 ids: both indexes are read and intersected.
    expect(plan().op).toBe('and');
    expect(names()).toEqual(['Five 0', 'Five 1']);
    const svc = q.documents(R);
    let writes = 0;
    for (; writes < 300; writes++) await svc.create({ data: { name: `Two ${writes}`, stars: 2, open: true } });
    // 322 open now, sixteen times the 20 of five stars: planned afresh, the cost model would check
    // those few rows one by one. The kept plan is as right, only slower, and stays until enough
    // writes went by.
    expect(plan().op).toBe('and');
    expect(names()).toEqual(['Five 0', 'Five 1']);
    const { documentId } = (await svc.findFirst({ filters: { name: 'Five 2' } }))!;
    for (; writes < REDECIDE_AFTER_WRITES - 1; writes++) await svc.update({ documentId: documentId as string, data: { price: writes } });
    expect(plan().op).toBe('and');
    await svc.update({ documentId: documentId as string, data: { open: true } });
    expect(plan()).toMatchObject({ op: 'filter', input: { op: 'index', field: 'stars' } });
    expect(names()).toEqual(['Five 0', 'Five 1', 'Five 2']);
  }, 60_000);
});

describe('a kept plan of every locale', () => {
  it('reads a locale that gained its first row after the plan was made', async () => {
    const T = 'api::tag.tag';
    const tags = q.documents(T);
    const first = await tags.create({ data: { name: 'alpha', code: 'a' } });
    await tags.create({ data: { name: 'beta', code: 'b' } });
    // One scope then: the range is paged in its own index order.
    const every = readQueryString('locale=*&filters[name][$gte]=a&sort=name:asc&fields[0]=name');
    expect(q.reads.estimateQuery(T, every).plan.order).toBe('index');
    expect(q.reads.query(T, every).results.map((e) => e.name)).toEqual(['alpha', 'beta']);
    await tags.update({ documentId: first.documentId as string, locale: 'fr', data: { name: 'aube' } });
    expect(q.reads.query(T, every).results.map((e) => e.name)).toEqual(['alpha', 'aube', 'beta']);
  });
});
