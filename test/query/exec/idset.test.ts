import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { contains, intersect, minus, union } from '../../../src/query/exec/idset.js';

const set = fc.uniqueArray(fc.integer({ min: 0, max: 5000 }), { maxLength: 400 }).map((a) => Uint32Array.from(a.sort((x, y) => x - y)));

describe('id sets', () => {
  it('agree with plain set operations', () => {
    fc.assert(
      fc.property(fc.array(set, { minLength: 1, maxLength: 5 }), (sets) => {
        const [a, b = new Uint32Array(0)] = sets;
        const sa = new Set(a);
        const sb = new Set(b);
        expect([...intersect(a!, b)]).toEqual([...a!].filter((x) => sb.has(x)));
        expect([...minus(a!, b)]).toEqual([...a!].filter((x) => !sb.has(x)));
        const all = new Set(sets.flatMap((s) => [...s]));
        expect([...union(sets)]).toEqual([...all].sort((x, y) => x - y));
        for (const x of [0, 17, 4999]) expect(contains(a!, x)).toBe(sa.has(x));
      }),
      { numRuns: 300 },
    );
  });
});
