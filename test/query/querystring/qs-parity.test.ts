import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/errors/index.js';
import { readQueryString } from '../../../src/query/querystring/index.js';
import { freeQueryString, longList, queryString } from './qs-arbitraries.js';
import { expectedReading, sameReading } from './qs-oracle.js';

/** Quarry's reading against qs 6.15.3 with Strapi's options (see qs-oracle.ts for the departures). */
function agreesWithQs(raw: string): void {
  const expected = expectedReading(raw);
  let read: unknown;
  try {
    read = readQueryString(raw);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    if ('refusals' in expected && expected.refusals.has(error.message)) return;
    throw new Error(`${JSON.stringify(raw)}: refused with "${error.message}", qs reads ${JSON.stringify(expected)}`);
  }
  if ('refusals' in expected) {
    throw new Error(`${JSON.stringify(raw)}: read ${JSON.stringify(read)}, expected one of ${JSON.stringify([...expected.refusals])}`);
  }
  if (!sameReading(read, expected.value)) {
    throw new Error(`${JSON.stringify(raw)}: read ${JSON.stringify(read)}, qs reads ${JSON.stringify(expected.value)}`);
  }
}

// 100,000 generated query strings in all.
describe('readQueryString reads as qs does with Strapi options', () => {
  it('on structured query strings', () => {
    fc.assert(fc.property(queryString, agreesWithQs), { numRuns: 80_000 });
  });

  it('on free text', () => {
    fc.assert(fc.property(freeQueryString, agreesWithQs), { numRuns: 18_000 });
  });

  it('on lists around the array limit', () => {
    fc.assert(fc.property(longList, agreesWithQs), { numRuns: 2_000 });
  });

  it('on the cases that found differences', () => {
    for (const raw of SEEN) agreesWithQs(raw);
  });

  it('really compares: a reading that differs from qs fails', () => {
    expect(() => agreesWithQs('a=1&a=2')).not.toThrow();
    expect(sameReading({ a: ['1', '2'] }, { a: ['2', '1'] })).toBe(false);
    expect(sameReading({ a: '1', b: '2' }, { b: '2', a: '1' })).toBe(false);
    expect(sameReading({ a: [null] }, { a: [''] })).toBe(false);
    expect(sameReading(Object.assign(Object.create(null), { a: '1' }), { a: '1' })).toBe(true);
  });
});

/** Strings where a reader once parted from qs, kept so they are always tried. */
const SEEN = [
  'filters[name[$eq]=x',
  'a]b=1&a[=1&a[b=1&c[d]e=2',
  'a[]&b[]=&[]=x&[0]=x',
  'x[100]=a&x[99]=b',
  'a=b]=c',
  '[5]=x&5=y',
  'toString=1',
  'prototype=1',
  'a[][]=1',
  'a[0]=x&a[0][b]=y',
  'a[0][b]=y&a[0]=x',
  'filters[chef]=1&filters[chef][name]=x',
  'filters[chef][name]=x&filters[chef]=1',
  'f%ZZ%5Bx%5D=1&x=%E9%5B',
  'a&a[b]=1',
  'a[[b]]=1&a[b]]=1',
];
