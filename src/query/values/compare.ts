import type { CompareNode } from '../ir/compare-node.js';
import type { FieldType, ScalarValue } from '../ir/node.js';
import { compareCodePoints, foldCase } from './text.js';
import type { Truth } from './truth.js';

/**
 * What one comparison means, shared by every executor and by the reference evaluator.
 *
 * Stored values follow the representation of `ScalarValue` (`ir/node.ts`); `null` or
 * `undefined` is SQL NULL, which makes every test but `null` / `notNull` UNKNOWN.
 */

export type Matcher = (stored: unknown) => Truth;

/**
 * Orders two non-NULL values of one field type: numbers numerically, big integers exactly,
 * `false < true`, and strings (text kinds, and the fixed-width date, datetime and time forms)
 * by code point.
 */
export function compareValues(type: FieldType, a: ScalarValue, b: ScalarValue): number {
  if (type === 'biginteger') {
    const x = BigInt(a);
    const y = BigInt(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return compareCodePoints(String(a), String(b));
}

/**
 * A stored value as the text operators read it (Strapi: `LOWER(CAST(col AS VARCHAR))`).
 * Numbers use JavaScript's `String(n)`: `10.5`, not PostgreSQL's `10.50` for a numeric(10,2)
 * column, and `1e+21` past 21 digits; booleans read `true` / `false`; dates, datetimes and times
 * their canonical strings (`2024-01-15T10:00:00.000Z`, not PostgreSQL's `2024-01-15 10:00:00+00`).
 */
export const textOf = (stored: ScalarValue): string => String(stored);

const matchers = new WeakMap<CompareNode, Matcher>();

/** The node's test, prepared once per node (case folding, BigInt parsing, lookup sets). */
export function matcherFor(node: CompareNode): Matcher {
  let matcher = matchers.get(node);
  if (matcher === undefined) {
    matcher = compile(node);
    matchers.set(node, matcher);
  }
  return matcher;
}

export const testCompare = (node: CompareNode, stored: unknown): Truth => matcherFor(node)(stored);

function compile(node: CompareNode): Matcher {
  const { type } = node.field;
  const order = (stored: unknown, test: (sign: number) => boolean, operand: ScalarValue): Truth =>
    isNull(stored) ? null : test(compareValues(type, stored as ScalarValue, operand));
  const text = (test: (value: string) => boolean, fold: boolean): Matcher => (stored) => {
    if (isNull(stored)) return null;
    const value = textOf(stored as ScalarValue);
    return test(fold ? foldCase(value) : value);
  };
  switch (node.op) {
    case 'null':
      return (stored) => isNull(stored);
    case 'notNull':
      return (stored) => !isNull(stored);
    case 'eq':
      return (stored) => order(stored, (s) => s === 0, node.value);
    case 'ne':
      return (stored) => order(stored, (s) => s !== 0, node.value);
    case 'lt':
      return (stored) => order(stored, (s) => s < 0, node.value);
    case 'lte':
      return (stored) => order(stored, (s) => s <= 0, node.value);
    case 'gt':
      return (stored) => order(stored, (s) => s > 0, node.value);
    case 'gte':
      return (stored) => order(stored, (s) => s >= 0, node.value);
    case 'between': {
      const [low, high] = node.value;
      return (stored) => isNull(stored) ? null : compareValues(type, stored as ScalarValue, low) >= 0 && compareValues(type, stored as ScalarValue, high) <= 0;
    }
    case 'in':
    case 'notIn': {
      const keys = new Set(node.value.map((v) => equalityKey(type, v)));
      const wanted = node.op === 'in';
      return (stored) => (isNull(stored) ? null : keys.has(equalityKey(type, stored as ScalarValue)) === wanted);
    }
    case 'eqi': {
      const operand = foldCase(node.value);
      return text((v) => v === operand, true);
    }
    case 'nei': {
      const operand = foldCase(node.value);
      return text((v) => v !== operand, true);
    }
    case 'contains':
      return text((v) => v.includes(node.value), false);
    case 'notContains':
      return text((v) => !v.includes(node.value), false);
    case 'startsWith':
      return text((v) => v.startsWith(node.value), false);
    case 'endsWith':
      return text((v) => v.endsWith(node.value), false);
    case 'containsi': {
      const operand = foldCase(node.value);
      return text((v) => v.includes(operand), true);
    }
    case 'notContainsi': {
      const operand = foldCase(node.value);
      return text((v) => !v.includes(operand), true);
    }
    case 'startsWithi': {
      const operand = foldCase(node.value);
      return text((v) => v.startsWith(operand), true);
    }
    case 'endsWithi': {
      const operand = foldCase(node.value);
      return text((v) => v.endsWith(operand), true);
    }
  }
}

/**
 * The substring operators the trigram index serves, as tests on a text's indexed form: the
 * text itself for the case-sensitive ones, its fold (the case-folded index) for the `i` ones.
 * Undefined for any other operator.
 */
export function indexedTextTest(node: CompareNode): { readonly folded: boolean; readonly test: (indexed: string) => boolean } | undefined {
  switch (node.op) {
    case 'contains': return { folded: false, test: (v) => v.includes(node.value) };
    case 'endsWith': return { folded: false, test: (v) => v.endsWith(node.value) };
    case 'containsi': {
      const operand = foldCase(node.value);
      return { folded: true, test: (v) => v.includes(operand) };
    }
    case 'endsWithi': {
      const operand = foldCase(node.value);
      return { folded: true, test: (v) => v.endsWith(operand) };
    }
    default: return undefined;
  }
}

const isNull = (stored: unknown): boolean => stored === null || stored === undefined;

/** Values equal under `compareValues` share a key: big integers by value, the rest as they are. */
const equalityKey = (type: FieldType, value: ScalarValue): ScalarValue | bigint =>
  type === 'biginteger' ? BigInt(value) : value;
