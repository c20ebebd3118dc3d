import qs from 'qs';
import {
  arrayLengthLimitMessage,
  DEFAULT_QUERY_LIMITS,
  depthLimitMessage,
  forbiddenKeyMessage,
} from '../../../src/query/querystring/index.js';

/**
 * What Strapi 5.54 hands qs (packages/core/core/src/middlewares/query.ts, with no
 * `strapi::query` config): the defaults it sets, nothing else. qs's own parameterLimit (1000)
 * stays in force there.
 */
export const STRAPI_QS_OPTIONS = Object.freeze({ strictNullHandling: true, arrayLimit: 100, depth: 20 });

/** Names qs drops a pair for (own keys of Object.prototype), plus `prototype`, which Quarry also refuses. */
export const REFUSED_NAMES: readonly string[] = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];

/** What Quarry must answer for one query string: qs's reading, or a 400 with one of these messages. */
export type Expectation = { readonly value: unknown } | { readonly refusals: ReadonlySet<string> };

/**
 * qs's reading of `raw` with Strapi's options, turned into what Quarry answers where
 * Quarry departs from it (docs/limits-and-errors.md, Limits). Each departure is decided with qs itself, pair by
 * pair, so the oracle does not re-implement qs's key splitting:
 * - depth: a key that qs would cut at 20 levels (keeping the rest as one literal key) is a 400
 *   naming the limit; found by parsing the pair again with `strictDepth`, which throws there.
 * - forbidden names: a pair qs drops silently because a key segment names a member of
 *   Object.prototype is a 400; `prototype` (which qs keeps) is refused at the same places,
 *   found by letting the key decoder spell it as `toString`.
 * - `$in` / `$notIn`: qs turns a list of more than 100 values (or an index past 99) into an
 *   object with index keys, and Strapi then drops the filter; Quarry keeps the values as a list
 *   in index order, up to 1,000 (more is a 400 naming the limit).
 * - parameters: qs silently ignores the pairs after the first 1,000 (`parameterLimit`); Quarry
 *   reads them all, up to its own limit of 10,000 (tested on its own), so past 1,000 the oracle
 *   reads with no parameter limit.
 * - nesting: a reading that keys meeting again and again at one path nest past twice the depth
 *   limit is a 400 (qs recurses through it until the stack runs out); generated strings are far
 *   too short for it, limits.test.ts tries it.
 */
export function expectedReading(raw: string): Expectation {
  const refusals = new Set<string>();
  const parts = raw.split('&');
  for (const part of parts) {
    const key = keyOf(part);
    if (!mayDepart(key)) continue;
    try {
      const alone = qs.parse(part, { ...STRAPI_QS_OPTIONS, strictDepth: true, decoder: spellPrototypeAsToString });
      if (Object.keys(alone).length === 0) {
        for (const name of REFUSED_NAMES) if (key.includes(name)) refusals.add(forbiddenKeyMessage(name));
      }
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      refusals.add(depthLimitMessage(DEFAULT_QUERY_LIMITS.maxDepth));
    }
  }
  // Past 1,000 pairs qs ignores the rest silently; Quarry reads them (up to its own limit).
  const options = parts.length > QS_PARAMETER_LIMIT ? { ...STRAPI_QS_OPTIONS, parameterLimit: Infinity } : STRAPI_QS_OPTIONS;
  const value = inLists(qs.parse(raw, options), refusals);
  return refusals.size > 0 ? { refusals } : { value };
}

const QS_PARAMETER_LIMIT = 1_000;

/**
 * Whether a key could be cut for depth (20 groups and one more `[`) or dropped for a name: the
 * oracle asks qs about the pair alone only then, which keeps 100,000 runs within seconds.
 */
function mayDepart(key: string): boolean {
  if (key === '') return false;
  if (key.split('[').length > DEFAULT_QUERY_LIMITS.maxDepth + 1) return true;
  return REFUSED_NAMES.some((name) => key.includes(name));
}

/** A pair's decoded key as qs finds it: brackets decoded first, then split at `]=` or else the first `=`. */
function keyOf(part: string): string {
  const text = part.replace(/%5B/gi, '[').replace(/%5D/gi, ']');
  const bracketEquals = text.indexOf(']=');
  const at = bracketEquals === -1 ? text.indexOf('=') : bracketEquals + 1;
  return decode(at === -1 ? text : text.slice(0, at));
}

function decode(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

function spellPrototypeAsToString(text: string, standard: qs.defaultDecoder, charset: string, kind: 'key' | 'value'): string {
  const decoded = standard(text, standard, charset) as string;
  return kind === 'key' ? decoded.replaceAll('prototype', 'toString') : decoded;
}

const LIST_OPERATORS = new Set(['$in', '$notIn']);

function inLists(value: unknown, refusals: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => inLists(item, refusals));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    let read = inLists(item, refusals);
    if (LIST_OPERATORS.has(key) && isIndexKeyed(read)) read = Object.values(read as object);
    if (LIST_OPERATORS.has(key) && Array.isArray(read) && read.length > DEFAULT_QUERY_LIMITS.maxArrayLength) {
      refusals.add(arrayLengthLimitMessage(DEFAULT_QUERY_LIMITS.maxArrayLength));
    }
    out[key] = read;
  }
  return out;
}

/** An object whose keys are all array indices in qs's sense: what qs makes of a list past its limit. */
function isIndexKeyed(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => String(Number.parseInt(key, 10)) === key && !key.startsWith('-'));
}

/** Deep equality that ignores prototypes but not key order, list holes or `null` against `''`. */
export function sameReading(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!(i in a) || !(i in b) || !sameReading(a[i], b[i])) return false;
    return true;
  }
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return a === b;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  for (let i = 0; i < keysA.length; i++) {
    const key = keysA[i]!;
    if (key !== keysB[i] || !sameReading((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}
