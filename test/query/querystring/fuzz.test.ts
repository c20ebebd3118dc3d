import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/errors/index.js';
import { readQueryString } from '../../../src/query/querystring/index.js';

const CHARS = ['a', 'b', '0', '1', '9', '[', ']', '%', '2', '5', 'B', 'D', 'E', 'F', '&', '=', '+', '_', '$', '.', ',', 'é', '__proto__', 'constructor', 'prototype'];

describe('readQueryString on arbitrary input', () => {
  it('either reads or refuses with a ValidationError, and never touches Object.prototype', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...CHARS), maxLength: 80 }), (raw) => {
        try {
          readQueryString(raw);
        } catch (error) {
          expect(error).toBeInstanceOf(ValidationError);
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_NAMES);
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads the same object from raw and percent-encoded keys', () => {
    const segment = fc.constantFrom('filters', 'name', '$eq', '$in', '0', '1', 'chef', '$or');
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.string({ maxLength: 5 })), { maxLength: 6 }), (pairs) => {
        const value = (v: string) => encodeURIComponent(v);
        const raw = pairs.map(([keys, v]) => `${keys[0]}${keys.slice(1).map((k) => `[${k}]`).join('')}=${value(v)}`).join('&');
        const encoded = pairs.map(([keys, v]) => `${encodeURIComponent(`${keys[0]}${keys.slice(1).map((k) => `[${k}]`).join('')}`)}=${value(v)}`).join('&');
        let fromRaw: unknown;
        let fromEncoded: unknown;
        try {
          fromRaw = readQueryString(raw);
        } catch (error) {
          fromRaw = (error as Error).message;
        }
        try {
          fromEncoded = readQueryString(encoded);
        } catch (error) {
          fromEncoded = (error as Error).message;
        }
        expect(fromEncoded).toEqual(fromRaw);
      }),
      { numRuns: 1_000 },
    );
  });
});

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();
