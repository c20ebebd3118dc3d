import qs from 'qs';
import { ValidationError } from '../../src/errors/index.js';
import { arrayLengthLimitMessage, DEFAULT_QUERY_LIMITS, type QueryLimits, type QueryObject, type QueryValue } from '../../src/query/querystring/index.js';
import { splitKey } from '../../src/query/querystring/key.js';
import { splitQueryString } from '../../src/query/querystring/split.js';

/**
 * The other way to read query strings: qs itself, with what Quarry asks on top (docs/limits-and-errors.md, Limits). qs cuts
 * silently where Quarry refuses, so every key is first split with Quarry's own reading to find
 * the refusals (too many pairs, too deep, forbidden names); qs then reads the string with no
 * parameter limit and objects without a prototype, and a last walk turns the index-keyed
 * objects qs leaves under `$in` / `$notIn` back into lists. It reads the same as
 * `readQueryString`; the bench checks that before timing it.
 */
export function readWithQs(raw: string, limits: QueryLimits = DEFAULT_QUERY_LIMITS): QueryObject {
  splitQueryString(raw, limits.maxParameters, (key) => {
    splitKey(key, limits.maxDepth);
  });
  const read = qs.parse(raw, { strictNullHandling: true, arrayLimit: 100, depth: limits.maxDepth, parameterLimit: Infinity, plainObjects: true });
  return inLists(read as QueryObject, [], limits.maxArrayLength) as QueryObject;
}

function inLists(value: QueryValue, path: string[], maxListLength: number): QueryValue {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item, i) => inLists(item, [...path, String(i)], maxListLength));
  for (const key of Object.keys(value)) {
    const at = [...path, key];
    let item = inLists(value[key]!, at, maxListLength);
    if ((key === '$in' || key === '$notIn') && isIndexKeyed(item)) {
      item = Object.values(item);
      if (item.length > maxListLength) throw ValidationError.at(at, arrayLengthLimitMessage(maxListLength), { source: 'query' });
    }
    value[key] = item;
  }
  return value;
}

function isIndexKeyed(value: QueryValue): value is QueryObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => String(Number.parseInt(key, 10)) === key && !key.startsWith('-'));
}
