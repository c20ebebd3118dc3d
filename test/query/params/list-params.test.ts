import { describe, expect, it } from 'vitest';
import { parseListParams } from '../../../src/query/params/index.js';
import { errorOf, list, plain, registry, RESTAURANT, type } from './fixtures.js';

describe('parseListParams', () => {
  it('gives defaults for an empty query', () => {
    expect(plain(list(''))).toEqual({
      sort: [],
      fields: '*',
      populate: {},
      pagination: { mode: 'page', page: 1, pageSize: 25, start: 0, limit: 25, withCount: true },
      status: 'published',
    });
    expect(list('').filtersRaw).toBeUndefined();
    expect(list('').locale).toBeUndefined();
  });

  it('reads a full query as @strapi/client sends it, percent-encoded', () => {
    const raw = [
      'filters%5Bname%5D%5B%24containsi%5D=pizza',
      'sort%5B0%5D=stars%3Adesc',
      'fields%5B0%5D=name',
      'populate%5Bchef%5D%5Bfields%5D%5B0%5D=name',
      'pagination%5Bpage%5D=2',
      'pagination%5BpageSize%5D=10',
      'status=draft',
    ].join('&');
    const params = list(raw);
    expect(plain(params.filtersRaw)).toEqual({ name: { $containsi: 'pizza' } });
    expect(params.sort).toEqual([{ path: ['stars'], direction: 'desc' }]);
    expect(params.fields).toEqual(['id', 'documentId', 'name']);
    expect(params.populate.chef).toMatchObject({ kind: 'relation', fields: ['id', 'documentId', 'name'] });
    expect(params.pagination).toMatchObject({ page: 2, pageSize: 10, start: 10 });
    expect(params.status).toBe('draft');
  });

  it('carries root filters raw, unvalidated', () => {
    expect(plain(list('filters[nope][$weird]=1').filtersRaw)).toEqual({ nope: { $weird: '1' } });
    expect(list('filters').filtersRaw).toBeUndefined();
  });

  it('refuses filters that are not an object', () => {
    for (const raw of ['filters=x', 'filters=', 'filters[0][name]=x', 'filters[]']) {
      const error = errorOf(() => list(raw));
      expect(error.status).toBe(400);
      expect(error.message).toBe('The filters parameter must be an object');
      expect(error.details).toEqual({ path: 'filters', source: 'query', param: 'filters' });
    }
  });

  it('ignores unknown top-level params', () => {
    expect(plain(list('customFilter=1&where[a]=b&unknownKey&_q=x'))).toEqual(plain(list('')));
  });

  it('refuses lookup', () => {
    for (const raw of ['lookup[locale]=fr', 'lookup=x', 'lookup']) {
      const error = errorOf(() => list(raw));
      expect(error.status).toBe(400);
      expect(error.name).toBe('ValidationError');
      expect(error.message).toBe('Invalid parameter lookup');
      expect(error.details).toEqual({ key: 'lookup', path: 'lookup', source: 'query', param: 'lookup' });
    }
  });

  it('works on any query object, not only ones read from a string', () => {
    const query = Object.assign(Object.create(null), { sort: ['name:desc'], fields: 'name' });
    const params = parseListParams(registry, type(RESTAURANT), query);
    expect(params.sort).toEqual([{ path: ['name'], direction: 'desc' }]);
    expect(params.fields).toEqual(['id', 'documentId', 'name']);
  });

  it('parses a wide populate and sort quickly enough to finish', () => {
    const sorts = Array.from({ length: 1000 }, () => 'chef.name:desc').join(',');
    expect(list(`sort=${sorts}`).sort).toHaveLength(1000);
    const populate = Array.from({ length: 100 }, (_, i) => `populate[${i}]=chef.restaurants.categories`).join('&');
    expect(Object.keys(list(populate).populate)).toEqual(['chef']);
    // Past 100 entries qs reads an object with index keys, which Strapi refuses naming the cause.
    const wide = Array.from({ length: 1000 }, (_, i) => `populate[${i}]=chef.restaurants.categories`).join('&');
    expect(() => list(wide)).toThrow(/^Too many populate entries \(1000\)/);
  });
});
