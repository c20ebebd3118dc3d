import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BoundedMap } from '../../src/cache/index.js';

describe('a bounded map', () => {
  it('holds at most its bound, making room with the entry added first', () => {
    const map = new BoundedMap<string, number>(3);
    for (const [key, value] of [['a', 1], ['b', 2], ['c', 3]] as const) map.set(key, value);
    // Setting a key it holds makes no room.
    map.set('a', 10);
    expect([...map.keys()]).toEqual(['a', 'b', 'c']);
    map.set('d', 4);
    expect(map.size).toBe(3);
    expect(map.get('a')).toBeUndefined();
    expect([...map.entries()]).toEqual([['b', 2], ['c', 3], ['d', 4]]);
  });

  it('makes room with the oldest entry through any history of sets, deletes and clears', () => {
    const op = fc.oneof(
      { weight: 8, arbitrary: fc.tuple(fc.constant('set' as const), fc.integer({ min: 0, max: 30 })) },
      { weight: 3, arbitrary: fc.tuple(fc.constant('delete' as const), fc.integer({ min: 0, max: 30 })) },
      { weight: 1, arbitrary: fc.tuple(fc.constant('clear' as const), fc.constant(0)) },
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(op, { maxLength: 200 }), (max, ops) => {
        const map = new BoundedMap<number, number>(max);
        // The model: keys oldest first.
        let model: number[] = [];
        for (const [kind, key] of ops) {
          if (kind === 'clear') {
            map.clear();
            model = [];
          } else if (kind === 'delete') {
            map.delete(key);
            model = model.filter((k) => k !== key);
          } else {
            map.set(key, key);
            if (!model.includes(key)) {
              if (model.length >= max) model.shift();
              model.push(key);
            }
          }
          expect([...map.keys()]).toEqual(model);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is a Map to whoever reads it', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('x', 1);
    expect(map).toBeInstanceOf(Map);
    expect(map.has('x')).toBe(true);
    expect(map.delete('x')).toBe(true);
    expect(map.size).toBe(0);
  });

  it('refuses a bound that is not a positive integer', () => {
    for (const max of [0, -1, 1.5, Number.NaN]) expect(() => new BoundedMap(max)).toThrow(RangeError);
  });
});
