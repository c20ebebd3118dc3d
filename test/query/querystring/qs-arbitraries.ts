import fc from 'fast-check';

/**
 * Query strings shaped to reach every branch of qs's reading: names that are indices below,
 * at and past the array limit, forbidden and prototype names, brackets raw and encoded,
 * unbalanced and nested, `+` and bad `%` escapes, `=` and `]=` in odd places, keys without
 * `=`, empty pairs, repeated keys and very deep keys.
 */

const NAMES = ['a', 'b', 'filters', 'name', '$in', '$notIn', '$eq', '$or', 'x y', 'é', ''];
const INDICES = ['0', '1', '2', '5', '99', '100', '101', '150', '1000', '4294967295', '9007199254740993', '00', '-1', '1e2', ' 1'];
const REFUSED = ['toString', 'constructor', '__proto__', 'prototype', 'hasOwnProperty', 'valueOf'];

const name = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom(...NAMES) },
  { weight: 10, arbitrary: fc.constantFrom(...INDICES) },
  { weight: 1, arbitrary: fc.constantFrom(...REFUSED) },
);
const encodedName = name.map((text) => encodeURIComponent(text));
const anyName = fc.oneof({ weight: 4, arbitrary: name }, { weight: 1, arbitrary: encodedName });

const open = fc.constantFrom('[', '[', '[', '%5B', '%5b');
const close = fc.constantFrom(']', ']', ']', '%5D', '%5d');

/** Text that is not a name: escapes good and bad, separators seen inside keys, stray brackets. */
const JUNK = ['%', '%2', '%ZZ', '%25', '%255B', '%E9', '%C3%A9', '+', '%2B', '.', '$', ']', '[', '[]', '][', '%3D', '%26', 'a]=b'];
const junk = fc.constantFrom(...JUNK);

const group = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(open, anyName, close).map((parts) => parts.join('')) },
  { weight: 2, arbitrary: fc.tuple(open, close).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.tuple(open, anyName).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.tuple(anyName, close).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.tuple(open, open, anyName, close, close).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.tuple(open, anyName, junk, close).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: junk },
);

const bracketKey = fc.tuple(fc.oneof({ weight: 5, arbitrary: anyName }, { weight: 1, arbitrary: fc.constant('') }), fc.array(group, { maxLength: 4 }))
  .map(([root, groups]) => root + groups.join(''));

/** 18 to 24 levels, around the depth limit of 20, sometimes with a malformed group inside. */
const deepKey = fc.tuple(name, fc.array(group, { minLength: 18, maxLength: 24 })).map(([root, groups]) => root + groups.join(''));

const ALPHABET = ['a', 'b', '0', '1', '9', '[', ']', '%', '5', 'B', 'D', 'E', '2', '+', '=', '$', '%5B', '%5D', '[]', 'é', 'toString', '__proto__'];
const freeText = (maxLength: number) => fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength });

export const key = fc.oneof({ weight: 16, arbitrary: bracketKey }, { weight: 1, arbitrary: deepKey }, { weight: 4, arbitrary: freeText(12) });

const VALUES = ['', 'x', '1', 'a+b', 'a%2Bb', '100%', '%ZZ', '%E9', '%C3%A9', 'a=b', 'a]=b', '%5B', '%5D=', '%5B%E9', '[x]'];
export const value = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...VALUES) }, { weight: 1, arbitrary: freeText(6) });

/** One `&`-separated part: `key=value`, a bare `key`, `=value`, or nothing (`&&`). */
const part = (keys: fc.Arbitrary<string>) => fc.oneof(
  { weight: 8, arbitrary: fc.tuple(keys, value).map(([k, v]) => `${k}=${v}`) },
  { weight: 3, arbitrary: keys },
  { weight: 1, arbitrary: value.map((v) => `=${v}`) },
  { weight: 1, arbitrary: fc.constant('') },
);

/** A few keys, each used by several pairs, so repeated keys and keys meeting at one path are common. */
export const queryString = fc.array(key, { minLength: 1, maxLength: 4 }).chain((pool) =>
  fc.array(part(fc.constantFrom(...pool)), { maxLength: 6 }).map((parts) => parts.join('&')));

/** Free text over the whole alphabet, `&` included: what no client means to send. */
export const freeQueryString = freeText(40);

const LIST_KEYS = ['a', 'a[]', 'a[b]', 'a[b][]', 'f[$in]', 'f[$in][]', 'f[x][$notIn]', '$in', '[$in]', 'a[]%5B%5D'];

/**
 * Lists around qs's limit of 100: one key repeated, pushed with `[]` or indexed (indices in
 * order, shuffled, or with gaps) 95 to 105 times, or up to 1,005 times under `$in`, with a few
 * other pairs before and after that meet the same path.
 */
export const longList = fc.record({
  base: fc.constantFrom(...LIST_KEYS),
  count: fc.oneof({ weight: 30, arbitrary: fc.integer({ min: 95, max: 105 }) }, { weight: 1, arbitrary: fc.integer({ min: 990, max: 1005 }) }),
  style: fc.constantFrom('repeated', 'indexed', 'shuffled', 'gaps', 'mixed'),
  before: fc.array(part(key), { maxLength: 2 }),
  after: fc.array(part(fc.oneof(key, fc.constantFrom(...LIST_KEYS))), { maxLength: 2 }),
}).map(({ base, count, style, before, after }) => {
  const pairs: string[] = [];
  for (let i = 0; i < count; i++) {
    if (style === 'repeated') pairs.push(`${base}=v${i}`);
    else if (style === 'indexed') pairs.push(`${base}[${i}]=v${i}`);
    else if (style === 'shuffled') pairs.push(`${base}[${(i * 37) % count}]=v${i}`);
    else if (style === 'gaps') pairs.push(`${base}[${i * 3}]=v${i}`);
    else pairs.push(i % 3 === 0 ? `${base}=v${i}` : i % 3 === 1 ? `${base}[]=v${i}` : `${base}[${i}]=v${i}`);
  }
  return [...before, ...pairs, ...after].join('&');
});
