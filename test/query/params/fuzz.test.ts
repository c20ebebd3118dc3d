import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QuarryError } from '../../../src/errors/index.js';
import { ARTICLE, list, RESTAURANT, TAG, USER } from './fixtures.js';

const ROOTS = ['sort', 'fields', 'populate', 'pagination', 'filters', 'status', 'locale', 'lookup', 'other'];
const KEYS = [
  '', '0', '1', 'chef', 'categories', 'articles', 'restaurants', 'name', 'stars', 'password', 'fields', 'sort', 'populate',
  'filters', 'count', 'page', 'pageSize', 'start', 'limit', 'withCount', 'status', 'locale', '$eq', 'x',
];
const VALUES = ['', 'name', 'name:desc', 'chef.name', 'chef.restaurants', '*', 'true', 'false', '1', '-1', 'abc', 'draft', 'asc', 'DESC', 'a,b', ','];

describe('parseListParams on arbitrary list queries', () => {
  it('either reads or refuses with a 400-class QuarryError, never another error', () => {
    const pair = fc.tuple(
      fc.constantFrom(...ROOTS),
      fc.array(fc.constantFrom(...KEYS), { maxLength: 5 }),
      fc.option(fc.constantFrom(...VALUES), { nil: undefined }),
    );
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 6 }), fc.constantFrom(RESTAURANT, ARTICLE, TAG, USER), (pairs, uid) => {
        const raw = pairs
          .map(([root, keys, value]) => `${root}${keys.map((k) => `[${k}]`).join('')}${value === undefined ? '' : `=${encodeURIComponent(value)}`}`)
          .join('&');
        try {
          list(raw, uid);
        } catch (error) {
          expect(error).toBeInstanceOf(QuarryError);
          expect((error as QuarryError).status).toBe(400);
        }
      }),
      { numRuns: 3_000 },
    );
  });
});
