import { DEFAULT_QUERY_LIMITS, type QueryLimits } from './limits.js';
import { splitQueryString } from './split.js';
import { TreeBuilder } from './tree.js';
import type { QueryObject } from './types.js';

export {
  DEFAULT_QUERY_LIMITS,
  type QueryLimits,
  arrayLengthLimitMessage,
  depthLimitMessage,
  forbiddenKeyMessage,
  parameterLimitMessage,
} from './limits.js';
export { ARRAY_LIMIT } from './merge.js';
export { isQueryObject, type QueryObject, type QueryValue } from './types.js';
export { isSealed, jsonText, seal } from './sealed.js';

/**
 * Reads a raw query string (the part after `?`) into the structure qs 6.15 builds with Strapi's
 * options (`strictNullHandling`, `arrayLimit: 100`, `depth: 20`), in objects without a
 * prototype: bracket nesting, indexed / `[]` / repeated-key lists, lists past 100 values as
 * objects with index keys, `null` for a key without `=`, malformed brackets as literal names.
 * Where Quarry departs from qs (docs/limits-and-errors.md, Limits) it throws a 400
 * `ValidationError` naming the limit instead of cutting silently (nesting past `maxDepth`, more
 * than `maxParameters` pairs, more than `maxArrayLength` values in a `$in` / `$notIn`, which is
 * read as a list up to there), and refuses the keys qs drops (`__proto__`, `constructor`,
 * `toString`...) and `prototype`. Linear in the length of `raw`.
 */
export function readQueryString(raw: string, limits?: Partial<QueryLimits>): QueryObject {
  const bounds = limits === undefined ? DEFAULT_QUERY_LIMITS : { ...DEFAULT_QUERY_LIMITS, ...limits };
  const tree = new TreeBuilder(bounds);
  splitQueryString(raw, bounds.maxParameters, (key, value) => tree.add(key, value));
  return tree.finish();
}
