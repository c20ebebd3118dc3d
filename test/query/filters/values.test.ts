import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { booleanLike, castOperand, operandText } from '../../../src/query/filters/index.js';
import {
  compareCodePoints, compareValues, foldCase, normalizeDate, normalizeDateTime, normalizeTime,
} from '../../../src/query/values/index.js';

/** Code-point order the slow, obvious way. */
function byCodePoints(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0) ?? 0);
  const y = Array.from(b, (c) => c.codePointAt(0) ?? 0);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return x.length - y.length;
}

const text = fc.string({ unit: fc.oneof(fc.constantFrom('a', 'É', 'Σ', 'ς', '\uFFFF', '\uE000', '😀', '𝔸'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), maxLength: 8 });

describe('compareCodePoints', () => {
  it('orders by code point, not UTF-16 unit', () => {
    expect(compareCodePoints('\uFFFF', '😀')).toBeLessThan(0);
    expect('\uFFFF' < '😀').toBe(false);
    expect(compareCodePoints('\uE000', '𝔸')).toBeLessThan(0);
    expect(compareCodePoints('a', 'a')).toBe(0);
    expect(compareCodePoints('a', 'ab')).toBeLessThan(0);
    expect(compareCodePoints('B', 'a')).toBeLessThan(0);
  });

  it('agrees in sign with comparing code point lists', () => {
    fc.assert(fc.property(text, text, (a, b) => Math.sign(compareCodePoints(a, b)) === Math.sign(byCodePoints(a, b))));
  });
});

describe('foldCase', () => {
  it.each([
    ['CAFÉ', 'café'], ['Café', 'café'], ['ÉCOLE', 'école'], ['ΟΔΟΣ', 'οδοσ'], ['οδος', 'οδοσ'], ['\u212A', 'k'], ['ẞ', 'ß'], ['ПРОДУКТ', 'продукт'],
  ])('%s → %s', (input, folded) => {
    expect(foldCase(input)).toBe(folded);
  });

  it('folds code point by code point, so substrings of a fold are folds of substrings', () => {
    fc.assert(fc.property(text, text, (a, b) => foldCase(a + b) === foldCase(a) + foldCase(b)));
  });

  it('is idempotent', () => {
    fc.assert(fc.property(text, (a) => foldCase(foldCase(a)) === foldCase(a)));
  });
});

describe('compareValues', () => {
  it('compares big integers exactly, past 2^53', () => {
    expect(compareValues('biginteger', '9007199254740993', '9007199254740992')).toBe(1);
    expect(compareValues('biginteger', '-12', '3')).toBe(-1);
    expect(compareValues('biginteger', '7', '7')).toBe(0);
  });

  it('orders false before true, and numbers numerically', () => {
    expect(compareValues('boolean', false, true)).toBeLessThan(0);
    expect(compareValues('integer', 10, 9)).toBeGreaterThan(0);
    expect(compareValues('float', -0, 0)).toBe(0);
  });
});

describe('normalizeDate', () => {
  it.each([
    ['2024-01-15', '2024-01-15'],
    ['2024-01-15T23:00:00+05:00', '2024-01-15'],
    ['2024-02-29', '2024-02-29'],
    ['2000-02-29', '2000-02-29'],
    ['0001-01-01', '0001-01-01'],
    [new Date(Date.UTC(2024, 0, 15, 23)), '2024-01-15'],
  ])('%j → %s', (input, out) => {
    expect(normalizeDate(input)).toBe(out);
  });

  it.each(['2023-02-29', '1900-02-29', '2024-04-31', '2024-00-10', '24-01-15', ' 2024-01-15', 20240115, null, new Date(NaN)])('rejects %j', (input) => {
    expect(normalizeDate(input)).toBeUndefined();
  });
});

describe('normalizeDateTime', () => {
  it.each([
    ['2024-01-15T10:00:00.000Z', '2024-01-15T10:00:00.000Z'],
    ['2024-01-15T10:00:00Z', '2024-01-15T10:00:00.000Z'],
    ['2024-01-15T10:00Z', '2024-01-15T10:00:00.000Z'],
    ['2024-01-15T10:00:00', '2024-01-15T10:00:00.000Z'],
    ['2024-01-15 10:00:00', '2024-01-15T10:00:00.000Z'],
    ['2024-01-15T10:00:00.123456789Z', '2024-01-15T10:00:00.123Z'],
    ['2024-01-15T10:00:00,5Z', '2024-01-15T10:00:00.500Z'],
    ['2024-01-15T11:30:00+01:30', '2024-01-15T10:00:00.000Z'],
    ['2024-01-15T05:00:00-0500', '2024-01-15T10:00:00.000Z'],
    ['2024-01-15T12:00:00+02', '2024-01-15T10:00:00.000Z'],
    ['2024-01-01T00:30:00+01:00', '2023-12-31T23:30:00.000Z'],
    ['2024-01-15', '2024-01-15T00:00:00.000Z'],
    ['2024-01', '2024-01-01T00:00:00.000Z'],
    ['2024', '2024-01-01T00:00:00.000Z'],
    ['0050-06-01', '0050-06-01T00:00:00.000Z'],
    ['1705312800000', '2024-01-15T10:00:00.000Z'],
    ['-1000', '1969-12-31T23:59:59.000Z'],
    ['0', '1970-01-01T00:00:00.000Z'],
    [1705312800000, '2024-01-15T10:00:00.000Z'],
    [new Date('2024-01-15T10:00:00Z'), '2024-01-15T10:00:00.000Z'],
  ])('%j → %s', (input, out) => {
    expect(normalizeDateTime(input)).toBe(out);
  });

  it.each([
    'yesterday', '2024-13-01', '2024-02-30', '2024-01-15T24:00:00', '2024-01-15T10:60', '2024-01-15T10:00:60',
    '2024-01-15T10', '2024-01-15T10:00:00+25:00', '2024-01-15T10:00:00 01:00', '1e3', '12.5', '', '99999999999999999',
    '0000-01-01T00:30:00+01:00', 1.5, true, null, new Date(NaN),
  ])('rejects %j', (input) => {
    expect(normalizeDateTime(input)).toBeUndefined();
  });
});

describe('normalizeTime', () => {
  it.each([
    ['10:00', '10:00:00.000'], ['10:00:05', '10:00:05.000'], ['10:00:05.5', '10:00:05.500'], ['23:59:59.999', '23:59:59.999'],
    ['00:00', '00:00:00.000'], [new Date(Date.UTC(2024, 0, 1, 7, 8, 9, 10)), '07:08:09.010'],
  ])('%j → %s', (input, out) => {
    expect(normalizeTime(input)).toBe(out);
  });

  it.each(['24:00', '9:00', '10:60', '10:00:60', '10:00:00.1234', '10:00:00.', '10', 'T10:00', 600, null])('rejects %j', (input) => {
    expect(normalizeTime(input)).toBeUndefined();
  });
});

describe('operand casting', () => {
  it.each([
    ['integer', ' 42 ', 42], ['integer', '-1.5', -1.5], ['integer', '1e3', 1000], ['integer', '.5', 0.5], ['decimal', '10.50', 10.5],
    ['float', 3, 3], ['biginteger', '+007', '7'], ['biginteger', ' -0 ', '0'], ['biginteger', 12, '12'],
    ['biginteger', 12n, '12'], ['string', 12, '12'], ['string', true, 'true'], ['email', 'A@B.c', 'A@B.c'],
    ['datetime', '2024', '2024-01-01T00:00:00.000Z'], ['boolean', 'yes', true],
  ] as const)('%s %s', (type, raw, value) => {
    expect(castOperand(type, raw)).toEqual({ ok: true, value });
  });

  it.each([
    ['integer', ''], ['integer', '  '], ['integer', '12abc'], ['integer', '0x10'], ['integer', 'NaN'], ['float', Infinity],
    ['integer', true], ['biginteger', '1.5'], ['biginteger', 1.5], ['biginteger', ''], ['string', {}], ['json', 'x'],
  ] as const)('%s rejects %j', (type, raw) => {
    expect(castOperand(type, raw).ok).toBe(false);
  });

  it('reads booleans as Strapi does, then by JavaScript truthiness', () => {
    for (const v of [true, 'true', 't', '1', 1, 'yes', 'TRUE', 'false ', ['x'], {}]) expect(booleanLike(v)).toBe(true);
    for (const v of [false, 'false', 'f', '0', 0, '', null, undefined]) expect(booleanLike(v)).toBe(false);
  });

  it('reads text operands without casting', () => {
    expect(operandText(4)).toBe('4');
    expect(operandText(10.5)).toBe('10.5');
    expect(operandText(12n)).toBe('12');
    expect(operandText(false)).toBe('false');
    expect(operandText(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
    expect(operandText(NaN)).toBeUndefined();
    expect(operandText({})).toBeUndefined();
  });
});
