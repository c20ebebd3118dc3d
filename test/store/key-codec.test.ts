import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toBufferKey } from 'ordered-binary';
import type { Key } from 'lmdb';
import { compactKeys } from '../../src/store/key-codec.js';
import { MAX } from '../../src/store/keys.js';

const encode = (key: Key[]): Buffer => {
  const target = Buffer.alloc(4096);
  return Buffer.from(target.subarray(0, compactKeys.writeKey(key, target, 0)));
};

/** Parts as the store's keys hold them: codes and row ids, order keys, index values of every kind. */
const part = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.nat({ max: 2_000_000 }),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }).map((n) => n * 65_536),
  // ordered-binary sorts -0 apart from 0 (after the positive numbers); compact keys write it as 0,
  // as the store's comparator compares it (see the last test).
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Object.is(d, -0)),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom('', '\u0000', 'a\u0000b', 'a', 'ab', '\uffff', '😀'),
);
const key = fc.array(part, { minLength: 1, maxLength: 5 });
const withEnd = fc.tuple(key, fc.boolean()).map(([k, end]) => (end ? [...k, MAX] : k) as Key[]);

const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0);

describe('compact keys', () => {
  it('sort as ordered-binary keys sort, MAX after every value', () => {
    fc.assert(
      fc.property(withEnd, withEnd, (a, b) => {
        expect(sign(Buffer.compare(encode(a), encode(b)))).toBe(sign(Buffer.compare(toBufferKey(a), toBufferKey(b))));
      }),
      { numRuns: 20_000 },
    );
  });

  it('read back as written', () => {
    fc.assert(
      fc.property(withEnd, (k) => {
        const bytes = encode(k);
        expect(compactKeys.readKey(bytes, 0, bytes.length)).toEqual(k);
      }),
      { numRuns: 5_000 },
    );
  });

  it('write an integer as its float64 bytes, sign bit flipped, trailing zero bytes cut, each zero escaped', () => {
    const reference = (n: number): Buffer => {
      const bytes = Buffer.alloc(8);
      bytes.writeDoubleBE(n);
      if (n >= 0) bytes.writeUInt8(bytes.readUInt8(0) | 0x80, 0);
      else for (let i = 0; i < 8; i++) bytes.writeUInt8(bytes.readUInt8(i) ^ 0xff, i);
      let length = 8;
      while (length > 0 && bytes[length - 1] === 0) length--;
      const out = [0x04];
      for (const b of bytes.subarray(0, length)) out.push(...(b === 0 ? [0, 0xff] : [b]));
      return Buffer.from([...out, 0]);
    };
    const integer = fc.oneof(fc.nat({ max: 0x7fff_ffff }), fc.integer({ min: 0, max: 70_000 }), fc.constantFrom(0, 1, 2, 255, 256, 65_535, 65_536, 2 ** 20, 2 ** 20 + 1, 2 ** 31 - 1, 2 ** 31, 2 ** 32, -1));
    fc.assert(fc.property(integer, (n) => {
      expect(encode([n])).toEqual(reference(n));
    }), { numRuns: 20_000 });
  });

  it('write -0 as 0', () => {
    expect(encode([1, -0, 'a'])).toEqual(encode([1, 0, 'a']));
  });

  it('are short for the keys the store writes most', () => {
    expect(encode([12, 4_567, 98_213]).length).toBeLessThanOrEqual(15);
    expect(encode([12, 4_567, 65_536 * 3, '']).length).toBeLessThanOrEqual(15);
    expect(toBufferKey([12, 4_567, 98_213]).length).toBe(29);
  });
});
