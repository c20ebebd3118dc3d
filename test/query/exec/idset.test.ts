import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { contains, disjointUnion, intersect, isEmpty, membership, minus, sizeOf, slice, toArray, union, type IdSet } from '../../../src/query/exec/idset.js';

const sorted = (a: number[]) => Uint32Array.from(a.sort((x, y) => x - y));
/** Sparse sets stay arrays; dense ones (about one id per 32 or more of their range) become bitmaps inside the operations. */
const sparse = fc.uniqueArray(fc.integer({ min: 0, max: 5000 }), { maxLength: 400 }).map(sorted);
const dense = fc.uniqueArray(fc.integer({ min: 0, max: 1500 }), { minLength: 40, maxLength: 1200 }).map(sorted);
const set = fc.oneof(sparse, dense);
const ids = (s: IdSet) => [...toArray(s)];

describe('id sets', () => {
  it('agree with plain set operations, sparse and dense, composed', () => {
    fc.assert(
      fc.property(fc.array(set, { minLength: 1, maxLength: 5 }), (sets) => {
        const [a, b = new Uint32Array(0), c = new Uint32Array(0)] = sets;
        const sb = new Set(b);
        const sc = new Set(c);
        const and = intersect(a!, b);
        expect(ids(and)).toEqual([...a!].filter((x) => sb.has(x)));
        expect(sizeOf(and)).toBe(ids(and).length);
        expect(isEmpty(and)).toBe(ids(and).length === 0);
        expect(isEmpty(minus(a!, a!))).toBe(true);
        expect(ids(minus(a!, b))).toEqual([...a!].filter((x) => !sb.has(x)));
        const all = [...new Set(sets.flatMap((s) => [...s]))].sort((x, y) => x - y);
        const or = union(sets);
        expect(ids(or)).toEqual(all);
        expect(sizeOf(or)).toBe(all.length);
        // Results fed back in: bitmaps meet arrays and bitmaps.
        expect(ids(intersect(or, c))).toEqual(all.filter((x) => sc.has(x)));
        expect(ids(minus(or, and))).toEqual(all.filter((x) => !(new Set(ids(and)).has(x))));
        expect(ids(minus(c, or))).toEqual([...c].filter((x) => !all.includes(x)));
        expect(ids(union([or, and, c]))).toEqual([...new Set([...all, ...c])].sort((x, y) => x - y));
        const member = membership(or);
        for (const x of [0, 17, 31, 32, 1499, 4999, 6000]) {
          expect(contains(or, x)).toBe(all.includes(x));
          expect(member.has(x)).toBe(all.includes(x));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('slices pages by rank from either end', () => {
    fc.assert(
      fc.property(fc.array(set, { minLength: 2, maxLength: 3 }), fc.nat(1300), fc.nat(60), (sets, start, count) => {
        const or = union(sets);
        const all = ids(or);
        expect(slice(or, start, start + count, false)).toEqual(all.slice(start, start + count));
        expect(slice(or, start, start + count, true)).toEqual([...all].reverse().slice(start, start + count));
      }),
      { numRuns: 300 },
    );
  });

  it('count and page a union of disjoint lists without building it, and build it for anything else', () => {
    // A set dealt out into lists at random: each id in exactly one list, every list ascending.
    const dealt = fc.tuple(set, fc.integer({ min: 1, max: 40 }), fc.infiniteStream(fc.nat(39))).map(([s, k, picks]) => {
      const lists: number[][] = Array.from({ length: k }, () => []);
      for (const x of s) lists[picks.next().value % k]!.push(x);
      return { all: [...s], lists: lists.map((l) => Uint32Array.from(l)) };
    });
    fc.assert(
      fc.property(dealt, set, fc.nat(1300), fc.nat(60), ({ all, lists }, other, start, count) => {
        const d = disjointUnion(lists);
        expect(sizeOf(d)).toBe(all.length);
        expect(isEmpty(d)).toBe(all.length === 0);
        expect(slice(d, start, start + count, false)).toEqual(all.slice(start, start + count));
        expect(slice(d, start, start + count, true)).toEqual([...all].reverse().slice(start, start + count));
        const so = new Set(other);
        expect(ids(intersect(d, other))).toEqual(all.filter((x) => so.has(x)));
        expect(ids(minus(d, other))).toEqual(all.filter((x) => !so.has(x)));
        expect(ids(minus(other, d))).toEqual([...other].filter((x) => !all.includes(x)));
        expect(ids(union([d, other]))).toEqual([...new Set([...all, ...other])].sort((x, y) => x - y));
        expect(ids(d)).toEqual(all);
        for (const x of [0, 17, 1499, 4999]) expect([contains(d, x), membership(d).has(x)]).toEqual([all.includes(x), all.includes(x)]);
        // Paged again once built: the same ranks.
        expect(slice(d, start, start + count, true)).toEqual([...all].reverse().slice(start, start + count));
      }),
      { numRuns: 300 },
    );
  });
});
