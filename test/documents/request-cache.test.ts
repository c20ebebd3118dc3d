import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestKey } from '../../src/documents/request-key.js';
import { tempQuarry } from '../support/temp-quarry.js';

const R = 'api::restaurant.restaurant';
let q: ReturnType<typeof tempQuarry>;

beforeAll(async () => {
  q = tempQuarry();
  for (const [name, stars] of [['Alpha', 5], ['Beta', 3], ['Gamma', 5]] as const) await q.documents(R).create({ data: { name, stars } });
});
afterAll(() => q.dispose());

describe('request keys', () => {
  it('print plain data and refuse anything that only looks like it', () => {
    expect(requestKey({ filters: { stars: { $gte: 4 } }, sort: ['name:asc'] })).toBe('{"filters":{"stars":{"$gte":4}},"sort":["name:asc"]}');
    expect(requestKey(Object.assign(Object.create(null), { a: '1' }))).toBe('{"a":"1"}');
    expect(requestKey({ filters: { createdAt: { $gt: new Date(0) } } })).toBeUndefined();
    expect(requestKey({ filters: { id: { $in: [1, undefined] } } })).toBeUndefined();
    expect(requestKey({ limit: Number.NaN })).toBeUndefined();
    expect(requestKey({ filters: { id: 1n } })).toBeUndefined();
    expect(requestKey({ f: () => 1 })).toBeUndefined();
    expect(requestKey(new Map())).toBeUndefined();
  });
});

describe('cached requests and plans', () => {
  it('answer from the data as it is now: writes between repeats show', async () => {
    const svc = q.documents(R);
    const names = () => q.reads.findPageSync(R, { filters: { stars: { $gte: 4 } }, sort: ['name:asc'] }).results.map((e) => e.name);
    const fromQuery = () => q.reads.query(R, { filters: { stars: { $gte: '4' } }, sort: 'name:asc' } as never).results.map((e) => e.name);
    expect(names()).toEqual(['Alpha', 'Gamma']);
    expect(fromQuery()).toEqual(['Alpha', 'Gamma']);
    const created = await svc.create({ data: { name: 'Delta', stars: 4 } });
    await svc.update({ documentId: (await svc.findFirst({ filters: { name: 'Alpha' } }))!.documentId as string, data: { stars: 1 } });
    expect(names()).toEqual(['Delta', 'Gamma']);
    expect(fromQuery()).toEqual(['Delta', 'Gamma']);
    await svc.delete({ documentId: created.documentId as string });
    expect(names()).toEqual(['Gamma']);
  });

  it('reject a bad request every time it comes, not only the first', () => {
    for (let i = 0; i < 3; i++) {
      expect(() => q.reads.findPageSync(R, { filters: { stars: { $gte: 'many' } } })).toThrow(/valid number/);
      expect(() => q.reads.query(R, { filters: { nope: 'x' } } as never)).toThrow(/nope/);
    }
  });
});

describe('list queries handed in by callers', () => {
  it('are read afresh when they are not sealed: a caller may change one between calls', async () => {
    const query = { filters: { name: { $eq: 'Gamma' } } } as never as Record<string, Record<string, Record<string, string>>>;
    expect(q.reads.query(R, query as never).results.map((e) => e.name)).toEqual(['Gamma']);
    query.filters!.name!.$eq = 'Beta';
    expect(q.reads.query(R, query as never).results.map((e) => e.name)).toEqual(['Beta']);
  });
});
