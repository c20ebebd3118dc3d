import { describe, expect, it } from 'vitest';
import { DataCache } from '../../src/cache/index.js';

describe('a data cache', () => {
  it('drops an entry at the first write after it was derived', () => {
    let generation = 7;
    const cache = new DataCache<string, string>(10, () => generation);
    cache.set('k', 'at 7');
    expect(cache.get('k')).toBe('at 7');
    generation++;
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.remember('k', () => 'at 8')).toBe('at 8');
    expect(cache.remember('k', () => 'again')).toBe('at 8');
  });

  it('keeps a steering entry through fewer writes than its tolerance', () => {
    let generation = 0;
    const cache = new DataCache<string, number>(10, () => generation, 1_000);
    let made = 0;
    const make = () => ++made;
    cache.remember('plan', make);
    generation = 999;
    expect(cache.remember('plan', make)).toBe(1);
    generation = 1_000;
    expect(cache.remember('plan', make)).toBe(2);
    // Stamped when it was made again: good for another 999 writes.
    generation = 1_999;
    expect(cache.remember('plan', make)).toBe(2);
  });

  it('stamps a value with the generation read before it was made', () => {
    let generation = 1;
    const cache = new DataCache<string, string>(10, () => generation);
    // A write while the value is made: what was read may predate it, so it is not kept past it.
    cache.remember('k', () => {
      generation++;
      return 'read at 1';
    });
    expect(cache.get('k')).toBeUndefined();
  });

  it('takes a counter that went back as a change', () => {
    let generation = 5;
    const cache = new DataCache<string, string>(10, () => generation, 100);
    cache.set('k', 'at 5');
    generation = 4;
    expect(cache.get('k')).toBeUndefined();
  });

  it('is bounded like any cache: the entry used longest ago makes room', () => {
    const cache = new DataCache<number, number>(2, () => 0);
    cache.set(1, 1);
    cache.set(2, 2);
    cache.get(1);
    cache.set(3, 3);
    expect([cache.get(1), cache.get(2), cache.get(3)]).toEqual([1, undefined, 3]);
  });

  it('keeps nothing once cleared (something else the values depend on changed)', () => {
    const cache = new DataCache<string, number>(10, () => 0);
    cache.set('k', 1);
    cache.clear();
    expect(cache.get('k')).toBeUndefined();
  });

  it('refuses a tolerance that is not a positive integer', () => {
    expect(() => new DataCache(10, () => 0, 0)).toThrow(RangeError);
  });
});
