import { describe, expect, it } from 'vitest';
import { isSealed, jsonText, seal } from '../../../src/query/querystring/index.js';

describe('sealed request values', () => {
  it('are frozen all the way down and known by identity', () => {
    const value = { filters: { stars: { $gte: '4' }, $or: [{ a: '1' }, { b: null }] }, sort: ['name'] };
    expect(isSealed(value)).toBe(false);
    expect(seal(value)).toBe(value);
    expect(isSealed(value)).toBe(true);
    expect(isSealed(value.filters.$or[0])).toBe(true);
    expect(() => { (value.filters.stars as Record<string, string>).$gte = '1'; }).toThrow(TypeError);
    expect(() => { value.sort.push('x'); }).toThrow(TypeError);
    expect(isSealed({ ...value })).toBe(false);
  });

  it('print their JSON once; other values every time', () => {
    const sealed = seal({ a: ['1', '2'] });
    expect(jsonText(sealed)).toBe('{"a":["1","2"]}');
    expect(jsonText(sealed)).toBe(jsonText(sealed));
    const open: Record<string, unknown> = { a: '1' };
    expect(jsonText(open)).toBe('{"a":"1"}');
    open.a = '2';
    expect(jsonText(open)).toBe('{"a":"2"}');
  });
});
