import { afterEach, describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/errors/index.js';
import { DEFAULT_QUERY_LIMITS, type QueryObject, readQueryString } from '../../../src/query/querystring/index.js';

function errorOf(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error('expected a ValidationError');
}

const nestedKey = (levels: number): string => `a${'[b]'.repeat(levels)}`;
const indexedList = (name: string, count: number): string =>
  Array.from({ length: count }, (_, i) => `${name}[${i}]=v${i}`).join('&');

describe('readQueryString: limits', () => {
  it('has the documented defaults', () => {
    expect(DEFAULT_QUERY_LIMITS).toEqual({ maxDepth: 20, maxArrayLength: 1000, maxParameters: 10_000 });
  });

  it('accepts 20 bracket levels and refuses 21, naming the limit', () => {
    let node: unknown = readQueryString(`${nestedKey(20)}=x`).a;
    for (let i = 0; i < 20; i++) node = (node as QueryObject).b;
    expect(node).toBe('x');
    const error = errorOf(() => readQueryString(`${nestedKey(21)}=x`));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Query nesting exceeds the depth limit of 20');
    expect(error.details.source).toBe('query');
  });

  it('counts levels the same way for encoded keys', () => {
    const encoded = `a${'%5Bb%5D'.repeat(21)}=x`;
    expect(errorOf(() => readQueryString(encoded)).message).toBe('Query nesting exceeds the depth limit of 20');
  });

  it('takes a different depth limit', () => {
    expect(() => readQueryString(`${nestedKey(3)}=x`, { maxDepth: 3 })).not.toThrow();
    expect(errorOf(() => readQueryString(`${nestedKey(4)}=x`, { maxDepth: 3 })).message).toBe(
      'Query nesting exceeds the depth limit of 3',
    );
  });

  it('accepts 1,000 values in one list and refuses 1,001, indexed, pushed or repeated', () => {
    const filters = readQueryString(indexedList('f[$in]', 1000)).f as QueryObject;
    expect(filters.$in).toHaveLength(1000);
    expect((filters.$in as string[])[999]).toBe('v999');
    const message = 'Query array exceeds the length limit of 1000 values';
    const indexed = errorOf(() => readQueryString(indexedList('f[$in]', 1001)));
    expect(indexed.message).toBe(message);
    expect(indexed.details.path).toBe('f.$in');
    const pushed = Array.from({ length: 1001 }, (_, i) => `f[$in][]=${i}`).join('&');
    expect(errorOf(() => readQueryString(pushed)).details).toEqual({ path: 'f.$in', source: 'query' });
    const repeated = Array.from({ length: 1001 }, (_, i) => `f[$in]=${i}`).join('&');
    expect(errorOf(() => readQueryString(repeated)).message).toBe(message);
    expect(readQueryString(repeated.slice(0, repeated.lastIndexOf('&'))).f).toBeDefined();
  });

  it('allocates nothing for a large index: past 99 it is an object key, as in qs', () => {
    expect({ ...readQueryString('a[99999999]=x').a as object }).toEqual({ 99999999: 'x' });
    expect(Object.keys(readQueryString(`a[${'9'.repeat(400)}]=x`).a as object)).toEqual(['9'.repeat(400)]);
    expect((readQueryString('f[$in][99999999]=x').f as QueryObject).$in).toEqual(['x']);
  });

  it('accepts 10,000 parameters and refuses 10,001 (qs ignores all past 1,000 silently)', () => {
    const keys = Array.from({ length: 10_000 }, (_, i) => `k${i}=1`);
    expect(Object.keys(readQueryString(keys.join('&')))).toHaveLength(10_000);
    const error = errorOf(() => readQueryString(`${keys.join('&')}&one=more`));
    expect(error.message).toBe('Query string exceeds the limit of 10000 parameters');
  });

  it('does not count empty pairs as parameters', () => {
    const keys = Array.from({ length: 10_000 }, (_, i) => `k${i}=1`).join('&&');
    expect(Object.keys(readQueryString(keys))).toHaveLength(10_000);
  });
});

describe('readQueryString: wide and deep inputs stay linear', () => {
  it('reads a 1,000-value $in sent both ways', () => {
    const indexed = readQueryString(indexedList('filters[id][$in]', 1000)).filters as QueryObject;
    expect((indexed.id as QueryObject).$in).toHaveLength(1000);
    const shuffled = Array.from({ length: 1000 }, (_, i) => `filters[id][$in][${(i * 7919) % 1000}]=${(i * 7919) % 1000}`);
    const list = ((readQueryString(shuffled.join('&')).filters as QueryObject).id as QueryObject).$in as string[];
    expect(list.slice(0, 3)).toEqual(['0', '1', '2']);
    expect(list[999]).toBe('999');
  });

  it('refuses 100,000 parameters early and reads 100,000 with a raised limit', () => {
    const keys = Array.from({ length: 100_000 }, (_, i) => `k${i}[a]=${i}`).join('&');
    expect(() => readQueryString(keys)).toThrow(ValidationError);
    const query = readQueryString(keys, { maxParameters: 100_000 });
    expect(Object.keys(query)).toHaveLength(100_000);
  });

  it('reads 100,000 repeated values with raised limits', () => {
    const raw = '$in=1&'.repeat(100_000).slice(0, -1);
    const query = readQueryString(raw, { maxParameters: 100_000, maxArrayLength: 100_000 });
    expect(query.$in).toHaveLength(100_000);
    expect(Object.keys(readQueryString(raw.replaceAll('$in', 'x'), { maxParameters: 100_000 }).x as object)).toHaveLength(100_000);
  });

  it('reads 100,000 keys without = as nulls', () => {
    const raw = Array.from({ length: 100_000 }, (_, i) => `k${i}`).join('&');
    const query = readQueryString(`${raw}&last=1`, { maxParameters: 200_000 });
    expect(query.k99999).toBe(null);
    expect(query.last).toBe('1');
  });

  it('refuses a 10,000-level key, raw or encoded, and a 100,000-level one', () => {
    expect(() => readQueryString(`${nestedKey(10_000)}=x`)).toThrow('depth limit of 20');
    expect(() => readQueryString(`a${'%5Bb%5D'.repeat(10_000)}=x`)).toThrow('depth limit of 20');
    expect(() => readQueryString(`${nestedKey(100_000)}=x`)).toThrow('depth limit of 20');
  });

  it('refuses a reading that keys meeting at one path nest past twice the depth limit, before any reader recurses through it', () => {
    // Text after a key's last group is skipped, so `[a]p1`, `[a]p2`... are different keys for one
    // path, and a value meeting an object there wraps both one level deeper each time.
    const rounds = (n: number) => Array.from({ length: n }, (_, i) => `[a]p${i}=v${i}&[a][c]p${i}=w${i}`).join('&');
    expect(readQueryString(rounds(20)).a).toBeDefined();
    const error = errorOf(() => readQueryString(rounds(5_000)));
    expect(error.message).toBe('Query nesting exceeds the depth limit of 20');
    expect(error.details.path).toMatch(/^a(\.0)+$/);
  });

  it('reads a long malformed key and a long value', () => {
    const open = '['.repeat(200_000);
    expect(Object.keys(readQueryString(`a${open}=x`).a as object)).toEqual([open]);
    const closed = `a[b]${']'.repeat(200_000)}`;
    expect(Object.keys(readQueryString(`${closed}=x`))).toEqual(['a']);
    expect((readQueryString(`v=${'%41'.repeat(100_000)}`).v as string).length).toBe(100_000);
  });
});

describe('readQueryString: prototype pollution', () => {
  afterEach(() => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
  });

  const attempts = [
    '__proto__[polluted]=1',
    '__proto__.polluted=1',
    'a[__proto__][polluted]=1',
    'a[constructor][prototype][polluted]=1',
    'constructor[prototype][polluted]=1',
    'a[b][prototype]=1',
    'a[0][__proto__][polluted]=1',
    'a[][__proto__][polluted]=1',
    '%5F%5Fproto%5F%5F[polluted]=1',
    '__proto__%5Bpolluted%5D=1',
    'a%5B__proto__%5D%5Bpolluted%5D=1',
    'a%5Bconstructor%5D%5Bprototype%5D%5Bpolluted%5D=1',
    '__pro+to__[polluted]=1',
    'filters[__proto__][polluted]=1',
    'filters[name][__proto__]=1',
  ];

  it.each(attempts.filter((raw) => !raw.includes('+') && !raw.startsWith('__proto__.')))(
    'refuses %s with a 400 naming the key',
    (raw) => {
      const error = errorOf(() => readQueryString(raw));
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/^Query key (__proto__|constructor|prototype) is not allowed$/);
      expect(error.details.source).toBe('query');
    },
  );

  it('refuses every name qs drops silently, not only the three that could reach a prototype', () => {
    for (const name of ['toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__']) {
      expect(errorOf(() => readQueryString(`filters[${name}]=1`)).message).toBe(`Query key ${name} is not allowed`);
    }
    expect(errorOf(() => readQueryString('toString=1')).details.path).toBe('toString');
  });

  it('keeps keys that only look like the forbidden ones as plain keys', () => {
    // An open group is one literal name, which qs does not check either.
    expect(Object.keys(readQueryString('a[toString=1').a as object)).toEqual(['[toString']);
    expect(Object.keys(readQueryString('__proto__.polluted=1'))).toEqual(['__proto__.polluted']);
    expect(Object.keys(readQueryString('__pro+to__[polluted]=1'))).toEqual(['__pro to__']);
    expect(Object.keys(readQueryString('Constructor=1&__proto=1'))).toEqual(['Constructor', '__proto']);
  });

  it('leaves Object.prototype untouched whatever is tried', () => {
    for (const raw of attempts) {
      try {
        readQueryString(raw);
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
      }
    }
    const plain: Record<string, unknown> = {};
    expect(plain.polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
  });

  it('refuses the forbidden names as top-level keys, e.g. prototype=1', () => {
    expect(errorOf(() => readQueryString('prototype=1')).details).toEqual({ path: 'prototype', source: 'query' });
    expect(errorOf(() => readQueryString('a[b][constructor]=1')).details).toEqual({ path: 'a.b.constructor', source: 'query' });
  });
});
