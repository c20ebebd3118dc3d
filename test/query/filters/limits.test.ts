import { describe, expect, it } from 'vitest';
import {
  buildFilterTree, conditionLimitMessage, DEFAULT_FILTER_LIMITS, depthLimitMessage, listLimitMessage,
} from '../../../src/query/filters/index.js';
import { printFilter } from '../../../src/query/ir/index.js';
import { demoRegistry, expectInvalid, RESTAURANT } from './fixtures.js';

const build = (filters: unknown, limits = {}) => () => buildFilterTree(demoRegistry, RESTAURANT, filters, { limits });
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** `$not` wrapped `levels` times around `inner`: each level is one key deeper. */
function nots(levels: number, inner: unknown): unknown {
  let filters = inner;
  for (let i = 0; i < levels; i++) filters = { $not: filters };
  return filters;
}

describe('defaults (docs/limits-and-errors.md, Limits)', () => {
  it('are 1,000 conditions, 1,000 list values and 20 levels', () => {
    expect(DEFAULT_FILTER_LIMITS).toEqual({ maxConditions: 1000, maxListValues: 1000, maxDepth: 20 });
  });
});

describe('$in / $notIn values, never dropped silently', () => {
  it.each(['$in', '$notIn'])('%s takes 1,000 values; 1,001 is a 400 naming the limit', (op) => {
    expect(build({ stars: { [op]: range(1000) } })).not.toThrow();
    const error = expectInvalid(build({ stars: { [op]: range(1001) } }), `filters.stars.${op}`);
    expect(error.message).toBe(listLimitMessage(op, 1000));
    expect(error.message).toContain('1000');
  });

  it('counts an implicit $in and one under a relation alike', () => {
    expectInvalid(build({ stars: range(1001) }), 'filters.stars');
    expectInvalid(build({ chef: range(1001) }), 'filters.chef');
    expectInvalid(build({ chef: { $in: range(1001) } }), 'filters.chef.$in');
  });

  it('follows the setting', () => {
    expect(build({ stars: { $in: range(3) } }, { maxListValues: 3 })).not.toThrow();
    expectInvalid(build({ stars: { $in: range(4) } }, { maxListValues: 3 }), 'filters.stars.$in');
  });
});

describe('conditions', () => {
  it('1,000 pass; the 1,001st is a 400 naming the limit', () => {
    expect(build({ $or: range(1000).map((i) => ({ stars: i })) })).not.toThrow();
    const error = expectInvalid(build({ $or: range(1001).map((i) => ({ stars: i })) }), 'filters.$or.1000.stars');
    expect(error.message).toBe(conditionLimitMessage(1000));
  });

  it('count every comparison an operand list expands to, and each relation test', () => {
    expectInvalid(build({ stars: { $eq: range(1001) } }), 'filters.stars.$eq.1000');
    expect(build({ chef: 1, categories: { name: 'x' } }, { maxConditions: 4 })).not.toThrow();
    expectInvalid(build({ chef: 1, categories: { name: 'x' } }, { maxConditions: 3 }), 'filters.categories');
  });
});

describe('depth', () => {
  it('20 levels pass; 21 is a 400 naming the limit', () => {
    expect(printFilter(buildFilterTree(demoRegistry, RESTAURANT, nots(18, { name: { $eq: 'x' } })))).toBe('name = "x"');
    const error = expectInvalid(build(nots(19, { name: { $eq: 'x' } })), `filters.${'$not.'.repeat(19)}name.$eq`);
    expect(error.message).toBe(depthLimitMessage(20));
  });

  it('counts list indices as the query string counts brackets', () => {
    expect(build(nots(17, { stars: { $in: ['1'] } }))).not.toThrow();
    expectInvalid(build(nots(18, { stars: { $in: ['1'] } })), `filters.${'$not.'.repeat(18)}stars.$in.0`);
  });

  it('stops the document service\'s arbitrarily deep objects without exhausting the stack', () => {
    expectInvalid(build(nots(200_000, { name: 'x' })), `filters.${'$not.'.repeat(20)}$not`);
    let blank: Record<string, unknown> = {};
    for (let i = 0; i < 200_000; i++) blank = { a: blank };
    expectInvalid(build({ stars: { $eq: blank } }), 'filters.stars.$eq');
  });

  it('stops cyclic objects', () => {
    const cycle: Record<string, unknown> = { name: 'x' };
    cycle.$not = cycle;
    expectInvalid(build(cycle), `filters.${'$not.'.repeat(20)}name`);
    const blankCycle: Record<string, unknown> = {};
    blankCycle.a = blankCycle;
    expectInvalid(build({ stars: { $gt: blankCycle } }), 'filters.stars.$gt');
  });

  it('follows the setting', () => {
    expect(build(nots(2, { name: 'x' }), { maxDepth: 3 })).not.toThrow();
    expectInvalid(build(nots(3, { name: 'x' }), { maxDepth: 3 }), 'filters.$not.$not.$not.name');
  });
});

describe('large inputs that build to little', () => {
  it('drop 200,000 empty groups in one pass', () => {
    expect(printFilter(buildFilterTree(demoRegistry, RESTAURANT, { $or: range(200_000).map(() => ({})) }))).toBe('true');
  });
});
