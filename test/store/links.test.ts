import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../src/store/store.js';
import type { Placement } from '../../src/store/links.js';

let dir: string;
let store: Store;
const L = 'a.list';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quarry-links-'));
  store = Store.open({ path: dir, noSync: true }, []);
  store.intern([L]);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const list = (source = 1) => [...store.links.targets(L, source)];

describe('link lists', () => {
  it('places at start, end, before and after, moving a target that is already linked', () => {
    store.transact(() => {
      store.links.place(L, 1, 10, { at: 'end' });
      store.links.place(L, 1, 20, { at: 'end' });
      store.links.place(L, 1, 5, { at: 'start' });
      store.links.place(L, 1, 15, { at: 'before', target: 20 });
      store.links.place(L, 1, 12, { at: 'after', target: 10 });
    });
    expect(list()).toEqual([5, 10, 12, 15, 20]);
    store.transact(() => store.links.place(L, 1, 5, { at: 'after', target: 20 }));
    expect(list()).toEqual([10, 12, 15, 20, 5]);
    expect(store.links.count(L, 1)).toBe(5);
    expect(list(2)).toEqual([]);
  });

  it('removes, clears and keeps sources apart', () => {
    store.transact(() => {
      for (const t of [1, 2, 3]) store.links.place(L, 1, t, { at: 'end' });
      store.links.place(L, 2, 1, { at: 'end' });
    });
    expect(store.transact(() => store.links.remove(L, 1, 2))).toBe(true);
    expect(store.transact(() => store.links.remove(L, 1, 2))).toBe(false);
    expect(list()).toEqual([1, 3]);
    expect(store.transact(() => store.links.clear(L, 1))).toEqual([1, 3]);
    expect(list()).toEqual([]);
    expect(list(2)).toEqual([1]);
  });

  it('rolls back every link write when the transaction throws', () => {
    store.transact(() => store.links.place(L, 1, 1, { at: 'end' }));
    expect(() =>
      store.transact(() => {
        store.links.place(L, 1, 2, { at: 'start' });
        throw new Error('abort');
      }),
    ).toThrow('abort');
    expect(list()).toEqual([1]);
    expect(store.links.has(L, 1, 2)).toBe(false);
  });

  it('inserts repeatedly between the same neighbours without renumbering', () => {
    store.transact(() => {
      store.links.place(L, 1, 1, { at: 'end' });
      store.links.place(L, 1, 2, { at: 'end' });
      for (let t = 3; t < 500; t++) store.links.place(L, 1, t, { at: 'after', target: 1 });
    });
    const got = list();
    expect(got[0]).toBe(1);
    expect(got.at(-1)).toBe(2);
    expect(got.slice(1, 4)).toEqual([499, 498, 497]);
  });

  it('keeps the order an array would, on short lists (neighbours by point reads) and long ones (by range)', () => {
    const op = fc.record({ target: fc.integer({ min: 1, max: 40 }), at: fc.constantFrom('start', 'end', 'before', 'after'), anchor: fc.nat() });
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 80 }), fc.nat(), (ops, source) => {
        const model: number[] = [];
        store.transact(() => {
          for (const { target, at, anchor } of ops) {
            const others = model.filter((t) => t !== target);
            const where: Placement =
              (at === 'before' || at === 'after') && others.length > 0 ? { at, target: others[anchor % others.length]! } : { at: at === 'start' ? 'start' : 'end' };
            store.links.place(L, source + 1, target, where);
            if (model.includes(target)) model.splice(model.indexOf(target), 1);
            const i = where.at === 'start' ? 0 : where.at === 'end' ? model.length : model.indexOf(where.target) + (where.at === 'after' ? 1 : 0);
            model.splice(i, 0, target);
          }
        });
        expect(list(source + 1)).toEqual(model);
        store.transact(() => store.links.clear(L, source + 1));
      }),
      { numRuns: 60 },
    );
  });
});
