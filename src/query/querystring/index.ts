import { splitKey } from './key.js';
import { DEFAULT_QUERY_LIMITS, type QueryLimits } from './limits.js';
import { splitQueryString } from './split.js';
import { TreeBuilder } from './tree.js';
import type { QueryObject } from './types.js';

export {
  DEFAULT_QUERY_LIMITS,
  type QueryLimits,
  arrayIndexLimitMessage,
  arrayLengthLimitMessage,
  depthLimitMessage,
  forbiddenKeyMessage,
  parameterLimitMessage,
  valueAndKeysMessage,
} from './limits.js';
export { isQueryObject, type QueryObject, type QueryValue } from './types.js';
export { isSealed, jsonText, seal } from './sealed.js';

/**
 * Reads a raw query string (the part after `?`) the way Strapi's qs setup does, into objects
 * without a prototype: bracket nesting, indexed / `[]` / repeated-key lists, `null` for a key
 * without `=`. Raw and percent-encoded keys mean the same. Throws a 400 `ValidationError`
 * naming the limit when the input is past one of `limits`, and for `__proto__`,
 * `constructor` and `prototype` keys. Linear in the length of `raw`.
 */
export function readQueryString(raw: string, limits?: Partial<QueryLimits>): QueryObject {
  const bounds = limits === undefined ? DEFAULT_QUERY_LIMITS : { ...DEFAULT_QUERY_LIMITS, ...limits };
  const tree = new TreeBuilder(bounds);
  splitQueryString(raw, bounds.maxParameters, (key, value) => {
    const segments = splitKey(key, bounds.maxDepth);
    if (segments !== undefined) tree.add(segments, value);
  });
  return tree.finish();
}
