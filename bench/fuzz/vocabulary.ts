import fc from 'fast-check';

/**
 * What hostile requests are made of: the schema's own names (private ones included), every
 * operator and a few that do not exist, the keys of prototype pollution, numbers at the edges,
 * and strings that break naive decoders.
 */
export const FIELDS = [
  'name', 'stars', 'open', 'price', 'description', 'chef', 'categories', 'articles', 'restaurants', 'country', 'title', 'meta',
  'secret', 'hidden', 'password', 'email', 'id', 'documentId', 'createdAt', 'publishedAt', 'locale', 'tags', 'restaurant', 'nope',
];
export const OPERATORS = [
  '$eq', '$eqi', '$ne', '$nei', '$in', '$notIn', '$lt', '$lte', '$gt', '$gte', '$between', '$null', '$notNull', '$contains',
  '$notContains', '$containsi', '$startsWith', '$startsWithi', '$endsWith', '$and', '$or', '$not', '$foo', '$',
];
export const POLLUTION = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];
export const PARAMS = ['filters', 'sort', 'fields', 'populate', 'pagination', 'status', 'locale', 'lookup', 'start', 'limit', 'count', 'page', 'pageSize', 'withCount'];
export const RELATION_KEYS = ['connect', 'disconnect', 'set', 'options', 'strict', 'position', 'before', 'after', 'start', 'end', 'documentId', 'id', 'status'];
const TEXT = [
  '', ' ', 'x', 'Zinc', 'zinc', 'É', 'name:desc', 'stars:asc', 'chef.name', '*', 'true', 'false', 'null', 'draft', 'published', 'en', 'fr', '*,password',
  '0', '1', '-1', '1e308', '9007199254740993', '99999999999999999999', 'NaN', '2024-01-01', '%', '%zz', '%E0%A4%A', '\u0000', '\uD800', '𝒳', ',', '.', '..',
];

export const key = fc.constantFrom(...FIELDS, ...OPERATORS, ...POLLUTION, ...PARAMS, ...RELATION_KEYS, '0', '1', '', '999999');
export const text = fc.oneof(fc.constantFrom(...TEXT), fc.string({ maxLength: 12 }));
export const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));

/** Plain JSON-like values built from the vocabulary, a few levels deep. */
export const jsonLike: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** One query-string key: a root name and bracket segments, raw or percent-encoded. */
const queryKey = fc.tuple(fc.constantFrom(...PARAMS, ...POLLUTION, 'x'), fc.array(key, { maxLength: 6 }), fc.boolean())
  .map(([root, segments, encode]) => {
    const k = `${root}${segments.map((s) => `[${s}]`).join('')}`;
    return encode ? percentEncoded(k) : k;
  });

/** A query string of structured pairs, of raw characters, or of both. */
export const queryString = fc.oneof(
  fc.array(fc.tuple(queryKey, fc.option(text, { nil: undefined })), { maxLength: 8 })
    .map((pairs) => pairs.map(([k, v]) => (v === undefined ? k : `${k}=${percentEncoded(v)}`)).join('&')),
  fc.string({ unit: fc.constantFrom('a', '0', '[', ']', '%', '2', '5', 'B', '&', '=', '+', '$', '.', ',', 'é', '__proto__', 'filters', 'populate', 'constructor'), maxLength: 120 }),
);

/** Percent-encoded where the text allows it; a lone surrogate goes raw, as a hostile client would send it. */
function percentEncoded(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Inputs far past a limit: `n` levels deep or `n` wide, for the shapes limits are there for. */
export const huge = fc.integer({ min: 1, max: 12 }).map((e) => 2 ** e + 3);
