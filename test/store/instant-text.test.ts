import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantOf, instantText } from '../../src/store/instants.js';

/** What instantOf must answer: the instant whose toISOString is exactly the text, else undefined. */
function oracle(text: string): number | undefined {
  if (text.length !== 24) return undefined;
  const ms = Date.parse(text);
  return !Number.isNaN(ms) && new Date(ms).toISOString() === text ? ms : undefined;
}

/** Texts near the ISO form: a real instant's, with one character changed or not. */
const nearIso = fc.tuple(fc.integer({ min: -62_198_755_200_000, max: 253_402_300_799_999 }), fc.nat(23), fc.constantFrom(...'0123456789-T:.Z+ 9x'), fc.boolean())
  .map(([ms, at, char, change]) => {
    const text = new Date(ms).toISOString();
    return change ? text.slice(0, at) + char + text.slice(at + 1) : text;
  });

describe('instantOf', () => {
  it('answers as Date.parse and printing back do, for instants and texts near them', () => {
    fc.assert(fc.property(nearIso, (text) => {
      expect(instantOf(text)).toBe(oracle(text));
    }), { numRuns: 20_000 });
  });

  it('takes leap days only in leap years, and no day past a month\'s end', () => {
    for (const text of ['2024-02-29T00:00:00.000Z', '2000-02-29T12:00:00.000Z', '1900-02-29T00:00:00.000Z', '2023-02-29T00:00:00.000Z',
      '2023-04-31T00:00:00.000Z', '2023-12-31T23:59:59.999Z', '2023-13-01T00:00:00.000Z', '2023-00-10T00:00:00.000Z', '2023-01-01T24:00:00.000Z',
      '0050-06-01T00:00:00.000Z', '0000-01-01T00:00:00.000Z', '2023-01-01T00:00:60.000Z']) {
      expect(instantOf(text), text).toBe(oracle(text));
    }
    expect(instantOf('2024-02-29T00:00:00.000Z')).toBe(Date.UTC(2024, 1, 29));
    expect(instantOf('2023-02-29T00:00:00.000Z')).toBeUndefined();
  });

  it('is read back as the same text', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 253_402_300_799_999 }), (ms) => {
      const text = instantText(ms);
      expect(instantText(instantOf(text)!)).toBe(text);
    }));
  });
});
