import { describe, expect, it } from 'vitest';
import { RecentByIdentity } from '../../src/cache/index.js';

describe('RecentByIdentity', () => {
  it('finds the last objects given by identity, and forgets one once as many newer ones came', () => {
    const recent = new RecentByIdentity<string>(3);
    const [a, b, c, d] = [{}, {}, {}, {}];
    recent.set(a, 'a');
    recent.set(b, 'b');
    recent.set(c, 'c');
    expect([recent.get(a), recent.get(b), recent.get(c)]).toEqual(['a', 'b', 'c']);
    // An equal object is another key.
    expect(recent.get({})).toBeUndefined();
    recent.set(d, 'd');
    expect([recent.get(a), recent.get(b), recent.get(c), recent.get(d)]).toEqual([undefined, 'b', 'c', 'd']);
  });

  it('gives the newest value of an object given twice', () => {
    const recent = new RecentByIdentity<number>(4);
    const key = {};
    recent.set(key, 1);
    recent.set({}, 0);
    recent.set(key, 2);
    expect(recent.get(key)).toBe(2);
  });

  it('refuses a bound that is not a positive integer', () => {
    for (const max of [0, -1, 1.5, Number.NaN]) expect(() => new RecentByIdentity(max)).toThrow(RangeError);
  });
});
