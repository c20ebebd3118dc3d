import { describe, expect, it } from 'vitest';
import { parseListParams } from '../../../src/query/params/index.js';
import { readQueryString } from '../../../src/query/querystring/index.js';
import { ARTICLE, errorOf, list, privateRegistry, type, USER } from './fixtures.js';

const sortOf = (raw: string, uid?: string) => list(raw, uid).sort;

describe('sort', () => {
  it('is empty when absent or blank', () => {
    expect(sortOf('')).toEqual([]);
    expect(sortOf('sort=')).toEqual([]);
    expect(sortOf('sort')).toEqual([]);
    expect(sortOf('sort[]')).toEqual([]);
    expect(sortOf('sort=,,')).toEqual([]);
  });

  it('reads a field, ascending by default', () => {
    expect(sortOf('sort=name')).toEqual([{ path: ['name'], direction: 'asc' }]);
  });

  it('reads field:asc|desc with the order in any case', () => {
    expect(sortOf('sort=stars:desc')).toEqual([{ path: ['stars'], direction: 'desc' }]);
    expect(sortOf('sort=stars:DESC')).toEqual([{ path: ['stars'], direction: 'desc' }]);
    expect(sortOf('sort=stars:Asc')).toEqual([{ path: ['stars'], direction: 'asc' }]);
  });

  it('reads comma lists and ignores empty segments', () => {
    expect(sortOf('sort=name:asc,,stars:desc,')).toEqual([
      { path: ['name'], direction: 'asc' },
      { path: ['stars'], direction: 'desc' },
    ]);
    expect(sortOf('sort= name : desc , :asc')).toEqual([{ path: ['name'], direction: 'desc' }]);
  });

  it('reads indexed and repeated lists, each item possibly a comma list', () => {
    expect(sortOf('sort[0]=name&sort[1]=stars:desc')).toEqual([
      { path: ['name'], direction: 'asc' },
      { path: ['stars'], direction: 'desc' },
    ]);
    expect(sortOf('sort=price:desc,name&sort=stars')).toEqual([
      { path: ['price'], direction: 'desc' },
      { path: ['name'], direction: 'asc' },
      { path: ['stars'], direction: 'asc' },
    ]);
  });

  it('reads the object form, keeping key order', () => {
    expect(sortOf('sort[stars]=desc&sort[name]=asc')).toEqual([
      { path: ['stars'], direction: 'desc' },
      { path: ['name'], direction: 'asc' },
    ]);
    expect(sortOf('sort[stars]=')).toEqual([]);
    expect(sortOf('sort[0][stars]=desc&sort[1][name]=ASC')).toEqual([
      { path: ['stars'], direction: 'desc' },
      { path: ['name'], direction: 'asc' },
    ]);
  });

  it('sorts through to-one relations, nested or dotted', () => {
    expect(sortOf('sort[chef][name]=desc')).toEqual([{ path: ['chef', 'name'], direction: 'desc' }]);
    expect(sortOf('sort=chef.name:asc')).toEqual([{ path: ['chef', 'name'], direction: 'asc' }]);
    expect(sortOf('sort[0]=chef.country:desc')).toEqual([{ path: ['chef', 'country'], direction: 'desc' }]);
  });

  it('accepts id, documentId and the timestamps', () => {
    const raw = 'sort=id,documentId,createdAt,updatedAt,publishedAt,chef.id:desc';
    expect(sortOf(raw).map((s) => s.path.join('.'))).toEqual([
      'id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'chef.id',
    ]);
  });

  it('accepts status as a virtual key on draft & publish types only', () => {
    expect(sortOf('sort=status:desc', ARTICLE)).toEqual([{ path: ['status'], direction: 'desc' }]);
    const error = errorOf(() => sortOf('sort=status'));
    expect(error.message).toBe('Invalid key status');
  });

  it('refuses an invalid order', () => {
    for (const raw of ['sort=name:up', 'sort=name:', 'sort[name]=up', 'sort=name:asc:desc', 'sort[chef][name]=x']) {
      const error = errorOf(() => sortOf(raw));
      expect(error.status).toBe(400);
      expect(error.name).toBe('ValidationError');
      expect(error.message).toBe('Invalid order. order can only be one of asc|desc|ASC|DESC');
      expect(error.details).toMatchObject({ source: 'query', param: 'sort' });
    }
    expect(errorOf(() => sortOf('sort[chef][name]=x')).details.path).toBe('sort.chef.name');
  });

  it('refuses an unknown field with Invalid key and details', () => {
    const error = errorOf(() => sortOf('sort=nope:asc'));
    expect(error.message).toBe('Invalid key nope');
    expect(error.details).toEqual({ key: 'nope', path: 'sort.nope', source: 'query', param: 'sort' });
  });

  it('names the path of a bad key below a relation', () => {
    const error = errorOf(() => sortOf('sort=chef.nope'));
    expect(error.message).toBe('Invalid key nope at chef.nope');
    expect(error.details).toEqual({ key: 'nope', path: 'sort.chef.nope', source: 'query', param: 'sort' });
    expect(errorOf(() => sortOf('sort[chef][nope]=asc')).message).toBe('Invalid key nope at chef.nope');
  });

  it('refuses private and password fields', () => {
    const users = (raw: string) => () => sortOf(raw, USER);
    expect(errorOf(users('sort=password')).message).toBe('Invalid key password');
    expect(errorOf(users('sort[resetPasswordToken]=asc')).message).toBe('Invalid key resetPasswordToken');
    const shops = (raw: string) => () =>
      parseListParams(privateRegistry, type('api::shop.shop', privateRegistry), readQueryString(raw));
    expect(errorOf(shops('sort=secret')).message).toBe('Invalid key secret');
    expect(errorOf(shops('sort=owner.name')).message).toBe('Invalid key owner');
    expect(errorOf(shops('sort=parent.secret')).message).toBe('Invalid key secret at parent.secret');
    expect(shops('sort=parent.parent.name:desc')().sort).toEqual([{ path: ['parent', 'parent', 'name'], direction: 'desc' }]);
  });

  it('refuses a relation without a field', () => {
    const error = errorOf(() => sortOf('sort=chef'));
    expect(error.message).toBe('Invalid key chef');
    expect(error.details).toEqual({ key: 'chef', path: 'sort.chef', source: 'query', param: 'sort' });
    expect(errorOf(() => sortOf('sort[chef]=asc')).message).toBe('Invalid key chef');
  });

  it('refuses a to-many relation, saying why', () => {
    const error = errorOf(() => sortOf('sort=categories.name:asc'));
    expect(error.message).toBe('Invalid key categories: sorting by a to-many relation is not supported');
    expect(error.details.path).toBe('sort.categories');
    expect(errorOf(() => sortOf('sort[chef][restaurants][name]=asc')).message).toBe(
      'Invalid key restaurants at chef.restaurants: sorting by a to-many relation is not supported',
    );
  });

  it('refuses keys below a scalar field', () => {
    expect(errorOf(() => sortOf('sort=name.first')).message).toBe('Invalid key first at name.first');
    expect(errorOf(() => sortOf('sort[name][first]=asc')).message).toBe('Invalid key first at name.first');
  });

  it('refuses values of the wrong shape', () => {
    const message = 'Invalid sort parameter. Expected a string, an array of strings, a sort object or an array of sort objects';
    expect(errorOf(() => sortOf('sort[name]')).message).toBe(message);
    expect(errorOf(() => sortOf('sort[name][]=asc')).message).toBe(message);
    expect(errorOf(() => sortOf('sort[0][]=name')).message).toBe(message);
  });

  it('is case-sensitive about field names', () => {
    expect(errorOf(() => sortOf('sort=Name')).message).toBe('Invalid key Name');
  });
});
