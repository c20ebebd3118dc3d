import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/errors/index.js';
import { type QueryValue, readQueryString } from '../../../src/query/querystring/index.js';

/** Compares with plain-object expectations; the reader's objects have no prototype. */
const read = (raw: string): unknown => JSON.parse(JSON.stringify(readQueryString(raw)));

function errorOf(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error('expected a ValidationError');
}

describe('readQueryString: nesting', () => {
  it('nests bracket keys', () => {
    expect(read('filters[name][$eq]=x&sort=name')).toEqual({ filters: { name: { $eq: 'x' } }, sort: 'name' });
  });

  it('builds objects without a prototype at every level', () => {
    const query = readQueryString('filters[chef][name][$eq]=x');
    const filters = query.filters as Record<string, QueryValue>;
    expect(Object.getPrototypeOf(query)).toBe(null);
    expect(Object.getPrototypeOf(filters)).toBe(null);
    expect(Object.getPrototypeOf(filters.chef)).toBe(null);
  });

  it('reads a key that starts with a bracket as if the first group were the name', () => {
    expect(read('[a][b]=1')).toEqual({ a: { b: '1' } });
  });

  it('keeps malformed bracket text literal instead of failing', () => {
    expect(read('a[b=1')).toEqual({ 'a[b': '1' });
    expect(read('c[d]e=2')).toEqual({ c: { d: { e: '2' } } });
    expect(read('f]=3')).toEqual({ 'f]': '3' });
  });

  it('skips pairs that name nothing', () => {
    expect(read('&&=x&a=1&&')).toEqual({ a: '1' });
    expect(read('')).toEqual({});
    expect(read('[]=x')).toEqual({});
  });
});

describe('readQueryString: lists', () => {
  it('reads indexed lists in index order, compacting gaps', () => {
    expect(read('f[$in][2]=c&f[$in][0]=a&f[$in][7]=d&f[$in][1]=b')).toEqual({ f: { $in: ['a', 'b', 'c', 'd'] } });
  });

  it('reads repeated keys as a list, in arrival order', () => {
    expect(read('x=a&x=b&x=c')).toEqual({ x: ['a', 'b', 'c'] });
    expect(read('f[$in]=b&f[$in]=a')).toEqual({ f: { $in: ['b', 'a'] } });
  });

  it('reads a[]=1&a[]=2 as a list, and a single a[]=1 as a one-item list', () => {
    expect(read('a[]=1&a[]=2')).toEqual({ a: ['1', '2'] });
    expect(read('a[]=1')).toEqual({ a: ['1'] });
  });

  it('reads a bare key[] and key[]= as an empty list', () => {
    expect(read('a[]&b[]=&c[$in][]')).toEqual({ a: [], b: [], c: { $in: [] } });
  });

  it('does not treat non-canonical numbers as indices', () => {
    expect(read('a[01]=x&a[-1]=y&a[1e2]=z')).toEqual({ a: { '01': 'x', '-1': 'y', '1e2': 'z' } });
  });

  it('keeps an empty string inside an indexed list', () => {
    expect(read('a[0]=&a[1]=x')).toEqual({ a: ['', 'x'] });
  });

  it('reads objects inside lists', () => {
    expect(read('$or[1][name]=b&$or[0][name]=a')).toEqual({ $or: [{ name: 'a' }, { name: 'b' }] });
    expect(read('a[][b]=1&a[][b]=2')).toEqual({ a: [{ b: '1' }, { b: '2' }] });
  });

  it('turns a list mixed with names into an object with index keys', () => {
    expect(read('a[0]=x&a[b]=y')).toEqual({ a: { 0: 'x', b: 'y' } });
    expect(read('a[b]=y&a[0]=x')).toEqual({ a: { 0: 'x', b: 'y' } });
  });

  it('refuses a key given both a value and nested keys, naming it', () => {
    const error = errorOf(() => readQueryString('filters[chef]=1&filters[chef][name]=x'));
    expect(error.message).toBe('Query parameter filters.chef is given both a value and nested keys');
    expect(error.details).toEqual({ path: 'filters.chef', source: 'query' });
    expect(errorOf(() => readQueryString('filters[chef][name]=x&filters[chef]=1')).details.path).toBe('filters.chef');
    expect(() => readQueryString('a[]&a[b]=1')).toThrow(ValidationError);
    expect(() => readQueryString('a[b]=1&a[]=2')).toThrow(ValidationError);
  });
});

describe('readQueryString: strictNullHandling', () => {
  it('reads a key without = as null and key= as an empty string', () => {
    expect(read('filters[price][$null]&filters[name][$eq]=')).toEqual({
      filters: { price: { $null: null }, name: { $eq: '' } },
    });
    expect(read('a')).toEqual({ a: null });
  });

  it('keeps null inside repeated and indexed lists', () => {
    expect(read('x&x=b')).toEqual({ x: [null, 'b'] });
    expect(read('a[1]=b&a[0]')).toEqual({ a: [null, 'b'] });
  });

  it('tells keys with and without = apart wherever they stand', () => {
    expect(read('a&b=1&c&d=2&e')).toEqual({ a: null, b: '1', c: null, d: '2', e: null });
  });

  it('splits only at the first =', () => {
    expect(read('a=b=c')).toEqual({ a: 'b=c' });
  });
});

describe('readQueryString: encodings', () => {
  it('reads fully percent-encoded keys like raw ones', () => {
    const raw = read('filters[name][$eq]=x&filters[stars][$in][0]=1');
    const encoded = read('filters%5Bname%5D%5B%24eq%5D=x&filters%5Bstars%5D%5B%24in%5D%5B0%5D=1');
    expect(encoded).toEqual(raw);
    expect(encoded).toEqual({ filters: { name: { $eq: 'x' }, stars: { $in: ['1'] } } });
  });

  it('decodes once: an encoded percent sign in a key is a literal, not a bracket', () => {
    expect(read('a%255Bb%255D=1')).toEqual({ 'a%5Bb%5D': '1' });
  });

  it('reads + as a space and %2B as a plus, in keys and values', () => {
    expect(read('q=a+b&r=a%2Bb&s+t=1')).toEqual({ q: 'a b', r: 'a+b', 's t': '1' });
  });

  it('keeps % and _ as literal characters', () => {
    expect(read('a=100%25&b=snake_case&c=%5F%25')).toEqual({ a: '100%', b: 'snake_case', c: '_%' });
  });

  it('decodes unicode values and keys', () => {
    expect(read('name=%C3%A9t%C3%A9&emoji=%F0%9F%8D%95&%C3%A9=1')).toEqual({ name: 'été', emoji: '🍕', é: '1' });
    expect(read('name=日本')).toEqual({ name: '日本' });
  });

  it('keeps a component with a malformed escape literally instead of failing', () => {
    expect(read('a=100%&b=%ZZ&c=%E9&d=50%25%')).toEqual({ a: '100%', b: '%ZZ', c: '%E9', d: '50%25%' });
    expect(read('f%ZZ[x]=1')).toEqual({ 'f%ZZ': { x: '1' } });
  });

  it('keeps + as a space even when the rest of a component is malformed', () => {
    expect(read('a=1+%')).toEqual({ a: '1 %' });
  });
});
