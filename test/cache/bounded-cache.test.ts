import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../src/cache/index.js';

describe('a bounded cache', () => {
  it('holds at most its bound, making room with the entry used longest ago', () => {
    const cache = new BoundedCache<string, number>(3);
    for (const [key, value] of [['a', 1], ['b', 2], ['c', 3]] as const) cache.set(key, value);
    expect(cache.get('a')).toBe(1);
    cache.set('d', 4);
    expect(cache.size).toBe(3);
    // 'a' was read after 'b' was written: 'b' is the one used longest ago.
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([1, 3, 4]);
    cache.set('e', 5);
    expect(cache.get('a')).toBeUndefined();
  });

  it('remembers what was made, and only that', () => {
    const cache = new BoundedCache<string, object | null>(10);
    const first = cache.remember('k', () => ({}));
    expect(cache.remember('k', () => ({}))).toBe(first);
    // A key not worth keeping: made every time.
    expect(cache.remember(undefined, () => ({}))).not.toBe(cache.remember(undefined, () => ({})));
    expect(() => cache.remember('bad', () => { throw new Error('invalid'); })).toThrow('invalid');
    let made = 0;
    cache.remember('bad', () => ({ n: ++made }));
    cache.remember('bad', () => ({ n: ++made }));
    expect(made).toBe(1);
    // null is a value like any other (a JSON body may be `null`).
    expect(cache.remember('null', () => null)).toBeNull();
    expect(cache.remember('null', () => ({}))).toBeNull();
    expect(cache.size).toBe(3);
  });

  it('keeps nothing for undefined', () => {
    const cache = new BoundedCache<string, number | undefined>(10);
    let made = 0;
    const make = () => {
      made++;
      return undefined;
    };
    cache.remember('k', make);
    cache.remember('k', make);
    expect(made).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('refuses a bound that is not a positive integer', () => {
    for (const max of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => new BoundedCache(max)).toThrow(RangeError);
  });
});
