import { describe, expect, it } from 'vitest';
import { INVALID_DATE_MESSAGE, INVALID_DATETIME_MESSAGE, INVALID_TIME_MESSAGE } from '../../../src/query/values/index.js';
import { buildFilterTree, JSON_OPERATOR_MESSAGE } from '../../../src/query/filters/index.js';
import { expectInvalid, selector, THING, thingRegistry, thingWorld } from './fixtures.js';

const select = (filters: unknown) => selector(thingRegistry, thingWorld)(THING, filters);
const build = (filters: unknown) => () => buildFilterTree(thingRegistry, THING, filters);

type Case = readonly [filters: unknown, ids: readonly number[]];

/** Runs each `[filters, expected ids]` row as its own test, named by its filter. */
function cases(rows: readonly Case[]): void {
  const name = (filters: unknown) => JSON.stringify(filters, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
  it.each(rows.map(([filters, ids]) => ({ name: name(filters), filters, ids })))('$name', ({ filters, ids }) => {
    expect(select(filters)).toEqual(ids);
  });
}

// Row 5 is NULL everywhere; rows with a value: see fixtures.ts.
describe('string kinds (case-sensitive, code-point order, literal LIKE)', () => {
  describe('string', () => cases([
    [{ s: 'Café' }, [1]],
    [{ s: { $eq: 'café' } }, []],
    [{ s: { $ne: 'Café' } }, [2, 3, 4, 6]],
    [{ s: { $eqi: 'café' } }, [1, 2]],
    [{ s: { $eqi: 'CAFÉ' } }, [1, 2]],
    [{ s: { $nei: 'café' } }, [3, 4, 6]],
    [{ s: { $lt: 'a' } }, [1, 2]],
    // Code-point order: U+FFFF sorts before U+1F600, though its UTF-16 unit is larger than 0xD83D.
    [{ s: { $lt: '😀' } }, [1, 2, 3, 6]],
    [{ s: { $gt: '\uFFFF' } }, [4]],
    [{ s: { $gte: '\uFFFF' } }, [4, 6]],
    [{ s: { $lte: 'a_c' } }, [1, 2, 3]],
    [{ s: { $contains: 'af' } }, [1]],
    [{ s: { $containsi: 'AF' } }, [1, 2]],
    [{ s: { $containsi: 'É' } }, [1, 2]],
    [{ s: { $notContains: 'af' } }, [2, 3, 4, 6]],
    [{ s: { $notContainsi: 'af' } }, [3, 4, 6]],
    [{ s: { $startsWith: 'Ca' } }, [1]],
    [{ s: { $startsWithi: 'ca' } }, [1, 2]],
    [{ s: { $endsWith: 'é' } }, [1]],
    [{ s: { $endsWithi: 'é' } }, [1, 2]],
    [{ s: { $startsWith: '😀' } }, [4]],
    // `_` and `%` are characters, not wildcards.
    [{ s: { $contains: '_' } }, [3]],
    [{ s: { $eqi: 'a_c' } }, [3]],
    [{ s: { $eqi: 'abc' } }, []],
    [{ s: { $in: ['Café', 'a_c'] } }, [1, 3]],
    [{ s: ['Café', 'a_c'] }, [1, 3]],
    [{ s: { $notIn: ['Café'] } }, [2, 3, 4, 6]],
    // A null in the list compares as in SQL (Strapi's knex): it never matches, and NOT IN / NOT
    // IN over a list with a null is never true.
    [{ s: { $in: [null] } }, []],
    [{ s: { $in: [null, 'a_c'] } }, [3]],
    [{ s: { $notIn: [null] } }, []],
    [{ s: { $notIn: ['Café', null] } }, []],
    [{ s: { $not: { $in: [null, 'a_c'] } } }, []],
    [{ $not: { s: { $notIn: [null, 'a_c'] } } }, [3]],
    [{ s: { $between: ['a', 'b'] } }, [3]],
    [{ s: { $null: true } }, [5]],
    [{ s: { $notNull: true } }, [1, 2, 3, 4, 6]],
    [{ s: { $not: { $eq: 'Café' } } }, [2, 3, 4, 6]],
    [{ s: { $not: 'Café' } }, [2, 3, 4, 6]],
    [{ s: { $not: { $null: true } } }, [1, 2, 3, 4, 6]],
    [{ s: { $contains: '' } }, [1, 2, 3, 4, 6]],
  ]));

  describe('text', () => cases([
    [{ t: { $contains: '%' } }, [2]],
    [{ t: { $endsWith: '%' } }, []],
    [{ t: { $startsWith: '100%' } }, [2]],
    [{ t: { $contains: '\\' } }, [3]],
    [{ t: { $endsWith: 'Cutting\\' } }, [3]],
    [{ t: { $eqi: 'cutting\\' } }, [3]],
    [{ t: { $containsi: 'école' } }, [6]],
    [{ t: { $eqi: 'ÉCOLE' } }, [6]],
    [{ t: { $notContainsi: 'O' } }, [2, 3, 4]],
  ]));

  describe('richtext, enumeration, email, uid', () => cases([
    [{ rt: '# Title' }, [1]],
    [{ rt: { $null: true } }, [3, 4, 5, 6]],
    [{ e: 'a' }, [1, 4]],
    [{ e: { $in: ['a', 'c'] } }, [1, 3, 4, 6]],
    [{ e: { $ne: 'a' } }, [2, 3, 6]],
    // Values outside the enumeration are accepted and match nothing (Strapi does not check them either).
    [{ e: 'z' }, []],
    [{ em: { $eqi: 'b@x.io' } }, [2]],
    [{ em: { $containsi: '@X' } }, [1, 2, 4, 6]],
    [{ em: { $endsWith: '@x.io' } }, [1, 4, 6]],
    [{ em: { $null: true } }, [3, 5]],
    [{ u: { $startsWith: 'cafe' } }, [1, 2]],
    [{ u: { $gt: 'cafe' } }, [2, 4, 6]],
  ]));
});

describe('numbers', () => {
  describe('integer', () => cases([
    [{ i: 1 }, [1]],
    [{ i: '1' }, [1]],
    [{ i: ' 42 ' }, [6]],
    [{ i: { $eq: '-5' } }, [3]],
    [{ i: { $ne: 1 } }, [2, 3, 4, 6]],
    [{ i: { $gt: 1 } }, [2, 4, 6]],
    [{ i: { $gte: '2' } }, [2, 4, 6]],
    [{ i: { $lt: 0 } }, [3]],
    [{ i: { $lte: '1.5' } }, [1, 3]],
    [{ i: { $in: ['1', '100'] } }, [1, 4]],
    [{ i: { $in: 42 } }, [6]],
    [{ i: { $notIn: [1] } }, [2, 3, 4, 6]],
    [{ i: { $between: [0, '42'] } }, [1, 2, 6]],
    [{ i: { $between: [42, 0] } }, []],
    [{ i: { $contains: '0' } }, [4]],
    [{ i: { $eqi: '42' } }, [6]],
    [{ i: { $startsWith: '-' } }, [3]],
    [{ i: { $null: true } }, [5]],
    [{ i: { $not: { $gt: 1 } } }, [1, 3]],
    [{ i: { $gt: '1e1' } }, [4, 6]],
  ]));

  describe('biginteger (exact, beyond 2^53)', () => cases([
    [{ bi: '9007199254740993' }, [1]],
    [{ bi: { $gt: '9007199254740992' } }, [1]],
    [{ bi: { $gte: 9007199254740992 } }, [1, 2]],
    [{ bi: { $lt: 0 } }, [3]],
    [{ bi: { $eq: '+007' } }, [6]],
    [{ bi: { $in: ['123', '-12'] } }, [3, 4]],
    [{ bi: { $between: ['-100', 200n] } }, [3, 4, 6]],
    [{ bi: { $ne: '123' } }, [1, 2, 3, 6]],
    [{ bi: { $endsWith: '3' } }, [1, 4]],
    [{ bi: { $null: true } }, [5]],
  ]));

  describe('decimal', () => cases([
    [{ dec: '10.5' }, [1]],
    [{ dec: { $eq: 10.50 } }, [1]],
    [{ dec: { $gt: '10.49' } }, [1, 2, 6]],
    [{ dec: { $lte: 0.1 } }, [3]],
    [{ dec: { $in: ['20', '3.25'] } }, [2, 4]],
    // Numbers read as text with JavaScript's String(): 20, not 20.00.
    [{ dec: { $contains: '.' } }, [1, 3, 4]],
    [{ dec: { $eqi: '20' } }, [2]],
    [{ dec: { $null: true } }, [5]],
  ]));

  describe('float', () => cases([
    [{ f: 1.25 }, [1]],
    [{ f: { $lt: 0 } }, [2]],
    [{ f: { $gte: '-1.5' } }, [1, 2, 3, 4, 6]],
    [{ f: { $gt: '1e20' } }, [6]],
    [{ f: { $contains: 'e+' } }, [6]],
    [{ f: { $eq: '-0' } }, [3]],
    [{ f: { $notIn: [0, 1.25] } }, [2, 4, 6]],
    [{ f: { $null: true } }, [5]],
  ]));
});

describe('boolean', () => {
  cases([
    [{ b: true }, [1, 4, 6]],
    [{ b: false }, [2, 3]],
    [{ b: { $ne: true } }, [2, 3]],
    [{ b: { $lt: true } }, [2, 3]],
    [{ b: { $gt: false } }, [1, 4, 6]],
    [{ b: { $in: ['t', 'f'] } }, [1, 2, 3, 4, 6]],
    [{ b: { $not: true } }, [2, 3]],
    [{ b: { $contains: 'ru' } }, [1, 4, 6]],
    [{ b: { $eqi: 'FALSE' } }, [2, 3]],
    [{ b: { $null: true } }, [5]],
  ]);

  it.each([true, 'true', 't', '1', 1, 'yes', 'TRUE', 'FALSE'])('reads %j as true', (value) => {
    expect(select({ b: value })).toEqual([1, 4, 6]);
    expect(select({ b: { $eq: value } })).toEqual([1, 4, 6]);
    expect(select({ b: { $in: [value] } })).toEqual([1, 4, 6]);
  });

  it.each([false, 'false', 'f', '0', 0, ''])('reads %j as false', (value) => {
    expect(select({ b: value })).toEqual([2, 3]);
    expect(select({ b: { $eq: value } })).toEqual([2, 3]);
    expect(select({ b: { $in: [value] } })).toEqual([2, 3]);
  });
});

describe('date, datetime, time (normalized, then compared as their canonical strings)', () => {
  describe('date', () => cases([
    [{ d: '2024-01-15' }, [1, 6]],
    [{ d: '2024-01-15T23:00:00+05:00' }, [1, 6]],
    [{ d: { $gt: '2000-01-01' } }, [1, 2, 6]],
    [{ d: { $lt: '2024-02-29' } }, [1, 3, 4, 6]],
    [{ d: { $between: ['1999-01-01', '2000-12-31'] } }, [3, 4]],
    [{ d: { $in: ['2024-02-29', '1999-12-31'] } }, [2, 3]],
    [{ d: { $contains: '-02-' } }, [2]],
    [{ d: { $null: true } }, [5]],
    [{ d: { $not: { $eq: '2024-01-15' } } }, [2, 3, 4]],
  ]));

  it.each(['2024-02-30', '15/01/2024', '2024-1-5', '', 'today'])('rejects the date %j', (value) => {
    expect(expectInvalid(build({ d: { $eq: value } }), 'filters.d.$eq').message).toBe(INVALID_DATE_MESSAGE);
  });

  describe('datetime', () => cases([
    [{ dt: '2024-01-15T10:00:00.000Z' }, [1]],
    [{ dt: '2024-01-15T11:00:00+01:00' }, [1]],
    [{ dt: '2024-01-15 10:00' }, [1]],
    [{ dt: String(Date.UTC(2024, 0, 15, 10)) }, [1]],
    [{ dt: Date.UTC(2024, 0, 15, 10) }, [1]],
    [{ dt: new Date(Date.UTC(2024, 0, 15, 10)) }, [1]],
    [{ dt: { $gt: '2024-01-15' } }, [1, 2, 6]],
    [{ dt: { $gte: '2024' } }, [1, 2, 6]],
    [{ dt: { $lt: '2000-01-01' } }, [3]],
    [{ dt: { $lte: '2000-01-01T00:00:00' } }, [3, 4]],
    [{ dt: { $between: ['2024-01-15T09:00:00Z', '2024-01-15T12:00:00Z'] } }, [1]],
    [{ dt: { $startsWith: '2024-01-15' } }, [1, 2]],
    [{ dt: { $null: true } }, [5]],
  ]));

  it.each(['2024-13-01', 'yesterday', '2024-01-15T25:00', '2024-01-15T10:00:00+24:00', '1e3', '99999999999999999'])(
    'rejects the datetime %j',
    (value) => {
      expect(expectInvalid(build({ dt: { $gt: value } }), 'filters.dt.$gt').message).toBe(INVALID_DATETIME_MESSAGE);
    },
  );

  describe('time', () => cases([
    [{ tm: '10:00' }, [1]],
    [{ tm: '10:00:00' }, [1]],
    [{ tm: '10:00:00.5' }, [6]],
    [{ tm: { $gt: '10:00' } }, [2, 4, 6]],
    [{ tm: { $between: ['09:00', '12:00'] } }, [1, 4, 6]],
    [{ tm: { $startsWith: '10:' } }, [1, 6]],
    [{ tm: { $null: true } }, [5]],
  ]));

  it.each(['24:00', '10', '10:00:00.1234', '9:00', '10:60'])('rejects the time %j', (value) => {
    expect(expectInvalid(build({ tm: { $lt: value } }), 'filters.tm.$lt').message).toBe(INVALID_TIME_MESSAGE);
  });
});

describe('json: only $null / $notNull', () => {
  cases([
    [{ j: { $null: true } }, [3, 5]],
    [{ j: { $notNull: true } }, [1, 2, 4, 6]],
    [{ j: { $eq: null } }, [3, 5]],
    [{ j: { $ne: null } }, [1, 2, 4, 6]],
    [{ j: null }, [3, 5]],
    [{ j: {} }, [1, 2, 3, 4, 5, 6]],
  ]);

  it.each([
    [{ j: 'text' }, 'filters.j'],
    [{ j: { $eq: 'text' } }, 'filters.j.$eq'],
    [{ j: { $contains: 'a' } }, 'filters.j.$contains'],
    [{ j: { $in: ['text'] } }, 'filters.j.$in'],
    [{ j: ['text'] }, 'filters.j'],
    [{ j: { $between: [1, 2] } }, 'filters.j.$between'],
    [{ j: { $not: { $eq: 0 } } }, 'filters.j.$not.$eq'],
  ])('rejects %j', (filters, path) => {
    expect(expectInvalid(build(filters), path).message).toBe(JSON_OPERATOR_MESSAGE);
  });
});

describe('system fields', () => cases([
  [{ id: 1 }, [1]],
  [{ id: '999' }, []],
  [{ id: { $in: [1, 2] } }, [1, 2]],
  [{ id: { $gt: 4 } }, [5, 6]],
  [{ id: { $between: [2, 3] } }, [2, 3]],
  [{ documentId: 'doc3' }, [3]],
  [{ documentId: { $startsWith: 'doc' } }, [1, 2, 3, 4, 5, 6]],
  [{ createdAt: { $gte: '2024-05-01' } }, [5, 6]],
  [{ updatedAt: { $lt: '2024-02-01T09:00:00.000Z' } }, [1]],
  [{ publishedAt: { $null: true } }, [1, 2, 3, 4, 5, 6]],
  [{ locale: 'en' }, [1, 3, 4, 5]],
  [{ locale: { $in: ['fr', 'de'] } }, [2, 6]],
]));

describe('NULL fields satisfy no comparison, negated or not (three-valued logic)', () => {
  const samples: Record<string, unknown> = {
    s: 'Café', t: 'abc', i: 1, bi: '123', dec: 20, f: 0, b: true, d: '2024-01-15', dt: '2024-01-15T10:00:00Z', tm: '10:00',
  };
  const operators = [
    '$eq', '$ne', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn', '$eqi', '$nei', '$contains', '$notContains',
    '$containsi', '$notContainsi', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi',
  ];
  const rows = Object.entries(samples).flatMap(([field, value]) => operators.map((op) => ({ field, op, value })));

  it.each(rows)('$field $op never selects the NULL row, nor does its $not', ({ field, op, value }) => {
    expect(select({ [field]: { [op]: value } })).not.toContain(5);
    expect(select({ [field]: { $not: { [op]: value } } })).not.toContain(5);
    expect(select({ $not: { [field]: { [op]: value } } })).not.toContain(5);
  });

  it.each(Object.keys(samples))('%s: only $null / $notNull see the NULL row', (field) => {
    expect(select({ [field]: { $null: true } })).toContain(5);
    expect(select({ [field]: { $notNull: true } })).not.toContain(5);
    expect(select({ [field]: { $not: { $notNull: true } } })).toContain(5);
  });

  it('`$between` and `$not: $between` both exclude NULL', () => {
    expect(select({ i: { $between: [-100, 100] } })).toEqual([1, 2, 3, 4, 6]);
    expect(select({ i: { $not: { $between: [0, 10] } } })).toEqual([3, 4, 6]);
  });
});
