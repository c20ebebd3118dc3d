import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sizeOf, toArray } from '../../../src/query/exec/idset.js';
import { IndexReads } from '../../../src/query/exec/index-reads.js';
import type { IndexBound } from '../../../src/store/index-bounds.js';
import { tempQuarry } from '../../support/temp-quarry.js';

const R = 'api::restaurant.restaurant';
const PUBLISHED = { status: 'published', locale: null } as const;
const FOUR_UP: IndexBound = { kind: 'range', lo: 4, loInclusive: true };
let q: ReturnType<typeof tempQuarry>;

beforeAll(async () => {
  q = tempQuarry();
  for (const [name, stars] of [['A', 5], ['B', 4], ['C', 3], ['D', 5]] as const) await q.documents(R).create({ data: { name, stars } });
});
afterAll(() => q.dispose());

const starsOf = async () => (await q.documents(R).findMany({ fields: ['name', 'stars'] })).map((e) => [e.id, e.stars]);
const expectedIds = async (min: number) => (await starsOf()).filter(([, s]) => (s as number) >= min).map(([id]) => id).sort((a, b) => (a as number) - (b as number));

describe('index reads: a range over several values', () => {
  it('is united once and shared by later queries until a write changes the field', async () => {
    const first = new IndexReads(q.store).read(R, 'stars', PUBLISHED, FOUR_UP);
    expect([...toArray(first.exact)]).toEqual(await expectedIds(4));
    // Another query over the unchanged index takes the same united set.
    const again = new IndexReads(q.store).read(R, 'stars', PUBLISHED, FOUR_UP);
    expect(again).toBe(first);
    expect(new IndexReads(q.store).estimate(R, 'stars', PUBLISHED, FOUR_UP)).toBe(sizeOf(first.exact));

    const c = (await q.documents(R).findFirst({ filters: { name: 'C' } }))!;
    await q.documents(R).update({ documentId: c.documentId as string, data: { stars: 4 } });
    const after = new IndexReads(q.store).read(R, 'stars', PUBLISHED, FOUR_UP);
    expect(after).not.toBe(first);
    expect([...toArray(after.exact)]).toEqual(await expectedIds(4));
  });

  it('sees the transaction\'s own writes inside one, and keeps nothing from there', async () => {
    const before = new IndexReads(q.store).read(R, 'stars', PUBLISHED, FOUR_UP);
    let inside: number[] = [];
    expect(() => q.store.transact(() => {
      // The document service writes synchronously inside the open transaction it joins.
      void q.documents(R).create({ data: { name: 'E', stars: 4 } });
      inside = [...toArray(new IndexReads(q.store).read(R, 'stars', PUBLISHED, FOUR_UP).exact)];
      throw new Error('roll back');
    })).toThrow('roll back');
    expect(inside).toHaveLength(sizeOf(before.exact) + 1);
    const after = new IndexReads(q.store).read(R, 'stars', PUBLISHED, FOUR_UP);
    expect([...toArray(after.exact)]).toEqual(await expectedIds(4));
    expect(sizeOf(after.exact)).toBe(sizeOf(before.exact));
  });
});
