import { describe, expect, it } from 'vitest';
import { type QueryValue, readQueryString } from '../../../src/query/querystring/index.js';

/** Compares with plain-object expectations; the reader's objects have no prototype. */
const read = (raw: string): unknown => JSON.parse(JSON.stringify(readQueryString(raw)));

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

  it('reads malformed brackets as qs does, into literal names instead of failing', () => {
    // An open group keeps the rest of the key, bracket included, as one name.
    expect(read('a[b=1')).toEqual({ a: { '[b': '1' } });
    expect(read('filters[name[$eq]=x')).toEqual({ filters: { '[name[$eq]': 'x' } });
    expect(read('a[=1')).toEqual({ a: { '[': '1' } });
    // Text after a group is skipped; a `]` without a `[` is part of the name.
    expect(read('c[d]e=2')).toEqual({ c: { d: '2' } });
    expect(read('f]=3&a[b]]=4')).toEqual({ 'f]': '3', a: { b: '4' } });
    // A group runs to the `]` that balances its `[`.
    expect(read('a[b[c]]=1&a[[d]e]=2')).toEqual({ a: { 'b[c]': '1', '[d]e': '2' } });
  });

  it('skips pairs that name nothing, and reads a lone [] as index 0', () => {
    expect(read('&&=x&a=1&&')).toEqual({ a: '1' });
    expect(read('')).toEqual({});
    expect(read('[]=x')).toEqual({ 0: 'x' });
  });

  it('puts index-like names first, whatever order they came in, as JavaScript objects do', () => {
    expect(Object.keys(readQueryString('b=1&2=x&a=2&0=y'))).toEqual(['0', '2', 'b', 'a']);
    // qs reads the key texts in that order too, and merging follows it.
    expect(read('[5]=x&5=y')).toEqual({ 5: ['y', 'x'] });
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

  it('reads a bare key[] as a list of null and key[]= as a list of the empty string', () => {
    expect(read('a[]&b[]=&c[$in][]')).toEqual({ a: [null], b: [''], c: { $in: [null] } });
    expect(read('a[]&a[]')).toEqual({ a: [null, null] });
  });

  it('flattens a list pushed into a list', () => {
    expect(read('a[][]=1')).toEqual({ a: ['1'] });
    expect(read('a[][0]=1')).toEqual({ a: ['1'] });
  });

  it('does not treat non-canonical numbers as indices', () => {
    expect(read('a[01]=x&a[-1]=y&a[1e2]=z')).toEqual({ a: { '01': 'x', '-1': 'y', '1e2': 'z' } });
  });

  it('keeps an empty string inside an indexed list', () => {
    expect(read('a[0]=&a[1]=x')).toEqual({ a: ['', 'x'] });
  });

  it('reads objects inside lists', () => {
    expect(read('$or[1][name]=b&$or[0][name]=a')).toEqual({ $or: [{ name: 'a' }, { name: 'b' }] });
    // The same key text twice is one key with two values, gathered before nesting.
    expect(read('a[][b]=1&a[][b]=2')).toEqual({ a: [{ b: ['1', '2'] }] });
    expect(read('a[0]=x&a[0]=y')).toEqual({ a: [['x', 'y']] });
  });

  it('turns a list mixed with names into an object with index keys', () => {
    expect(read('a[0]=x&a[b]=y')).toEqual({ a: { 0: 'x', b: 'y' } });
    expect(read('a[b]=y&a[0]=x')).toEqual({ a: { 0: 'x', b: 'y' } });
  });

  it('reads a key given both a value and nested keys as a list of both, in arrival order', () => {
    expect(read('filters[chef]=1&filters[chef][name]=x')).toEqual({ filters: { chef: ['1', { name: 'x' }] } });
    expect(read('filters[chef][name]=x&filters[chef]=1')).toEqual({ filters: { chef: [{ name: 'x' }, '1'] } });
    expect(read('a&a[b]=1')).toEqual({ a: [null, { b: '1' }] });
    expect(read('a[0]=x&a[0][b]=y')).toEqual({ a: ['x', { b: 'y' }] });
  });

  it('keeps a list of up to 100 values and turns a longer one into an object with index keys', () => {
    expect(read('x[99]=a')).toEqual({ x: ['a'] });
    expect(read('x[100]=a')).toEqual({ x: { 100: 'a' } });
    expect(read('x[99]=a&x[100]=b')).toEqual({ x: { 99: 'a', 100: 'b' } });
    const repeated = Array.from({ length: 101 }, (_, i) => `x=${i}`).join('&');
    expect(Object.keys(readQueryString(repeated).x as object)).toHaveLength(101);
    expect(Array.isArray(readQueryString(repeated.slice(0, repeated.lastIndexOf('&'))).x)).toBe(true);
    // Later values go after the largest index, earlier ones before the rest.
    expect(read('a[150]=x&a=y')).toEqual({ a: { 150: 'x', 151: 'y' } });
    expect(read('a=y&a[150]=x')).toEqual({ a: { 0: 'y', 151: 'x' } });
  });

  it('reads a $in or $notIn past 100 values back as a list', () => {
    expect(read('f[$in][150]=b&f[$in][3]=a')).toEqual({ f: { $in: ['a', 'b'] } });
    const many = Array.from({ length: 150 }, (_, i) => `f[$notIn]=${i}`).join('&');
    expect(((readQueryString(many).f as Record<string, unknown>).$notIn as string[]).slice(148)).toEqual(['148', '149']);
    expect(read('f[$in][150]=b&f[$in][x]=a')).toEqual({ f: { $in: { 150: 'b', x: 'a' } } });
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

  it('splits at the first ]= when there is one, else at the first =', () => {
    expect(read('a=b=c')).toEqual({ a: 'b=c' });
    expect(read('a[b]=c=d')).toEqual({ a: { b: 'c=d' } });
    expect(read('a=b]=c')).toEqual({ 'a=b]': 'c' });
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

  it('decodes encoded brackets before anything else, even where the rest stays encoded', () => {
    expect(read('f%ZZ%5Bx%5D=1&v=%E9%5B')).toEqual({ 'f%ZZ': { x: '1' }, v: '%E9[' });
    expect(read('a=b%5D=c')).toEqual({ 'a=b]': 'c' });
  });

  it('keeps + as a space even when the rest of a component is malformed', () => {
    expect(read('a=1+%')).toEqual({ a: '1 %' });
  });
});
