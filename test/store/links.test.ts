import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../src/store/store.js';
import type { Placement } from '../../src/store/links.js';
import { secondHandle } from './damage.js';

let dir: string;
let store: Store;
const L = 'a.list';
/** A low packing bound, so that lists of a few dozen targets take the keyed form too: ids under 128 take a byte each. */
const PACKED_MOST = 32;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quarry-links-'));
  store = Store.open({ path: dir, noSync: true, packedListBytes: PACKED_MOST }, []);
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

  it('keeps an array\'s order, sets and membership as lists grow past the packed form and shrink back, with every kind of change', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('place' as const), target: fc.integer({ min: 1, max: 45 }), at: fc.constantFrom('start', 'end', 'before', 'after', 'self'), anchor: fc.nat() }),
      fc.record({ kind: fc.constant('ensure' as const), target: fc.integer({ min: 1, max: 45 }) }),
      fc.record({ kind: fc.constant('remove' as const), target: fc.integer({ min: 1, max: 45 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 160 }), fc.array(fc.integer({ min: 1, max: 45 }), { maxLength: 45 }), (ops, filled) => {
        const source = 7;
        const model = [...new Set(filled)];
        store.transact(() => store.links.fill(L, source, model));
        for (const o of ops) {
          store.transact(() => {
            if (o.kind === 'remove') {
              expect(store.links.remove(L, source, o.target)).toBe(model.includes(o.target));
              if (model.includes(o.target)) model.splice(model.indexOf(o.target), 1);
              return;
            }
            if (o.kind === 'ensure') {
              store.links.ensure(L, source, o.target);
              if (!model.includes(o.target)) model.push(o.target);
              return;
            }
            const others = model.filter((t) => t !== o.target);
            let where: Placement;
            if (o.at === 'self' && model.includes(o.target)) where = { at: 'before', target: o.target };
            else if ((o.at === 'before' || o.at === 'after') && others.length > 0) where = { at: o.at, target: others[o.anchor % others.length]! };
            else where = { at: o.at === 'start' ? 'start' : 'end' };
            store.links.place(L, source, o.target, where);
            // Placed next to itself, a target stays where it is.
            if (where.at !== 'start' && where.at !== 'end' && where.target === o.target) return;
            if (model.includes(o.target)) model.splice(model.indexOf(o.target), 1);
            const i = where.at === 'start' ? 0 : where.at === 'end' ? model.length : model.indexOf(where.target) + (where.at === 'after' ? 1 : 0);
            model.splice(i, 0, o.target);
          });
          expect(list(source)).toEqual(model);
        }
        expect(store.links.count(L, source)).toBe(model.length);
        expect([...store.links.targetSet(L, source)]).toEqual([...model].sort((a, b) => a - b));
        expect([...store.links.sourcesWithLinks(L)]).toEqual(model.length > 0 ? [source] : []);
        for (let t = 1; t <= 45; t++) expect(store.links.has(L, source, t)).toBe(model.includes(t));
        expect(store.transact(() => store.links.clear(L, source))).toEqual(model);
        expect(list(source)).toEqual([]);
        expect([...store.links.sourcesWithLinks(L)]).toEqual([]);
      }),
      { numRuns: 80 },
    );
  });

  it('stores a filled list packed whatever its length, and makes it keyed at its first change', async () => {
    const targets = Array.from({ length: PACKED_MOST * 2 }, (_, i) => i + 1);
    for (const source of [1, 2]) store.transact(() => store.links.fill(L, source, targets));
    const { env, dbs } = secondHandle(dir);
    const l = dbs.meta.get(['code', L]) as number;
    const stored = (source: number) => [...dbs.links.getKeys({ start: [l, source], end: [l, source + 1] })].length;
    try {
      expect([stored(1), stored(2)]).toEqual([1, 1]);
      store.transact(() => store.links.place(L, 1, 500, { at: 'after', target: 3 }));
      store.transact(() => store.links.remove(L, 2, 3));
      env.resetReadTxn();
      // A link an entry each, the list's order keys.
      expect([stored(1), stored(2)]).toEqual([targets.length + 1, targets.length - 1]);
    } finally {
      await env.close();
    }
    expect(list(1)).toEqual([1, 2, 3, 500, ...targets.slice(3)]);
    expect(list(2)).toEqual(targets.filter((t) => t !== 3));
    expect(store.links.has(L, 2, 3)).toBe(false);
    expect(store.links.count(L, 1)).toBe(targets.length + 1);
  });

  it('refuses an anchor that is not in the list, packed or keyed, and changes nothing', () => {
    for (const n of [3, PACKED_MOST + 3]) {
      const targets = Array.from({ length: n }, (_, i) => i + 1);
      store.transact(() => store.links.fill(L, n, targets));
      expect(() => store.transact(() => store.links.place(L, n, 1000, { at: 'after', target: 999 }))).toThrow('Link anchor 999 is not in the list');
      expect(() => store.transact(() => store.links.place(L, n, 1000, { at: 'before', target: 1000 }))).toThrow('Link anchor 1000 is not in the list');
      expect(list(n)).toEqual(targets);
      expect(() => store.transact(() => store.links.fill(L, n, [5000]))).toThrow('already has links');
    }
  });
});

