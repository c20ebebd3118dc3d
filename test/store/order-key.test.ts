import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareOrderKeys, keyBetween, type OrderKey } from '../../src/store/order-key.js';

describe('order keys', () => {
  it('appends and prepends with short keys forever', () => {
    let last: OrderKey = keyBetween(undefined, undefined);
    let first = last;
    for (let i = 0; i < 20_000; i++) {
      const next = keyBetween(last, undefined);
      expect(compareOrderKeys(last, next)).toBeLessThan(0);
      last = next;
      const before = keyBetween(undefined, first);
      expect(compareOrderKeys(before, first)).toBeLessThan(0);
      first = before;
    }
    expect(last.f).toBe('');
    expect(first.f).toBe('');
  });

  it('keeps finding a key between the same neighbour and its last insert', () => {
    const lo = keyBetween(undefined, undefined);
    let hi = keyBetween(lo, undefined);
    for (let i = 0; i < 2_000; i++) {
      const mid = keyBetween(lo, hi);
      expect(compareOrderKeys(lo, mid)).toBeLessThan(0);
      expect(compareOrderKeys(mid, hi)).toBeLessThan(0);
      hi = mid;
    }
    // about log2(62) ≈ 6 bits per character after the 16 bits of integer gap
    expect(hi.f.length).toBeLessThan(2_000 / 5);
  });

  it('never produces a fraction ending in the zero digit (it would equal its shorter twin)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 200 }), (ops) => {
        const keys: OrderKey[] = [keyBetween(undefined, undefined)];
        for (const [pick, before] of ops) {
          const i = pick % keys.length;
          const lo = before ? keys[i - 1] : keys[i];
          const hi = before ? keys[i] : keys[i + 1];
          const k = keyBetween(lo, hi);
          expect(k.f.endsWith('0')).toBe(false);
          if (lo) expect(compareOrderKeys(lo, k)).toBeLessThan(0);
          if (hi) expect(compareOrderKeys(k, hi)).toBeLessThan(0);
          keys.splice(before ? i : i + 1, 0, k);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('rejects bounds in the wrong order', () => {
    const a = keyBetween(undefined, undefined);
    expect(() => keyBetween(a, a)).toThrow(RangeError);
  });
});
