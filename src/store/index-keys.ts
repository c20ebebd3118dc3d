import { BoundedMap } from '../cache/index.js';
import { instantOf } from './instants.js';
import type { IndexKind, Status } from './layout.js';

/**
 * Secondary-index values as they sit in LMDB keys. lmdb's ordered-binary keys sort
 * null < false < true < numbers < strings, strings by UTF-8 bytes (= code-point order), which is
 * exactly the comparison order Quarry promises, so most values are indexed as they are.
 */

/**
 * LMDB keys are limited to ~2 KB; longer text is indexed by a prefix, and anything that reads
 * the index must re-check rows whose indexed value reached this length.
 */
export const INDEXED_TEXT_CHARS = 256;

/**
 * The one case folding used by indexes and by the `i` operators alike (docs/filters.md, Operators).
 * `toLowerCase()` is locale-independent and maps all of Unicode (`É` → `é`, Kelvin `K` → `k`), like
 * PostgreSQL's `LOWER()` on UTF-8. Its one context-dependent rule, a final capital sigma becoming
 * `ς`, would make the fold of a word differ from the fold of its parts, so `ς` is mapped to `σ`:
 * then `fold(a + b) === fold(a) + fold(b)`, which substring operators and prefix indexes rely on.
 * No Unicode normalization: a precomposed `é` and `e` + combining accent stay different, as in SQL.
 */
export function foldCase(s: string): string {
  let folded = foldedTexts.get(s);
  if (folded === undefined) {
    folded = foldText(s);
    foldedTexts.set(s, folded);
  }
  return folded;
}

/** `foldCase` without remembering: for a text folded once, as an index entry's is (a bulk load's hundred thousand names were kept, and collected, for nothing). */
export const foldText = (s: string): string => s.toLowerCase().replaceAll('ς', 'σ');

/**
 * Folds are remembered: the `i` operators fold every candidate's text on every query, and the
 * texts come from the row cache as the same string objects, whose hashes V8 keeps, so a lookup
 * costs a fraction of lower-casing again. A fold depends on its text alone, so nothing drops it
 * but the bound. A BoundedMap: the lookup runs once per row (see src/cache).
 */
const MAX_FOLDED = 500_000;
const foldedTexts = new BoundedMap<string, string>(MAX_FOLDED);

/** The distinct three-code-point substrings of a (folded) text: a needle's all occur in any text containing it. */
export function trigramsOf(text: string): Set<string> {
  const grams = new Set<string>();
  // Without surrogate pairs a code point is a code unit: three units are cut at once, not joined from an array of code points (a third of a 100k import's trigram time).
  if (!SURROGATE.test(text)) {
    for (let i = 0; i + 3 <= text.length; i++) grams.add(text.substring(i, i + 3));
    return grams;
  }
  const cps = Array.from(text);
  for (let i = 0; i + 3 <= cps.length; i++) grams.add(cps[i]! + cps[i + 1]! + cps[i + 2]!);
  return grams;
}

/**
 * A trigram's key while a bulk load gathers it: three code units under 1024 (Latin, Greek,
 * Cyrillic letters and their accents) as one small integer, ten bits each, any other trigram as
 * its text. A hundred thousand names' 1.8M trigrams were as many new strings, each hashed for a
 * map lookup; small integers are neither made nor hashed.
 */
export type TrigramKey = number | string;

const UNIT_BITS = 10;
const UNIT_BOUND = 1 << UNIT_BITS;
const UNIT_MASK = UNIT_BOUND - 1;

/** Visits every trigram of a (folded) text, repeats included, as its key (with `code`, the set's): what `trigramsOf` holds, once or more each. */
export function eachTrigramKey(code: number, text: string, visit: (code: number, key: TrigramKey) => void): void {
  if (SURROGATE.test(text)) {
    for (const gram of trigramsOf(text)) visit(code, trigramKey(gram));
    return;
  }
  for (let i = 0; i + 3 <= text.length; i++) visit(code, unitsKey(text, i) ?? text.substring(i, i + 3));
}

/** The key `eachTrigramKey` visits a trigram as. */
export const trigramKey = (gram: string): TrigramKey => (gram.length === 3 ? unitsKey(gram, 0) ?? gram : gram);

/** The three code units of `text` at `at` as one small integer, ten bits each; undefined when one is 1024 or more. */
function unitsKey(text: string, at: number): number | undefined {
  const a = text.charCodeAt(at);
  const b = text.charCodeAt(at + 1);
  const c = text.charCodeAt(at + 2);
  return a < UNIT_BOUND && b < UNIT_BOUND && c < UNIT_BOUND ? (a << (2 * UNIT_BITS)) | (b << UNIT_BITS) | c : undefined;
}

/** The trigram a key names. */
export const trigramOfKey = (key: TrigramKey): string =>
  typeof key === 'string' ? key : String.fromCharCode(key >> (2 * UNIT_BITS), (key >> UNIT_BITS) & UNIT_MASK, key & UNIT_MASK);

/**
 * Orders strings by Unicode code point (SQLite's BINARY collation), not by UTF-16 code unit as
 * JavaScript's `<` does: `'\uFFFF' < '😀'` here, though the emoji's first unit is 0xD83D.
 * Code-unit order differs from code-point order only when the first differing units are a
 * surrogate and a unit in U+E000..U+FFFF, so only that case is remapped.
 */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/** Moves surrogates (U+D800..U+DFFF) above U+E000..U+FFFF, where the code points they encode belong. */
const codePointRank = (unit: number): number => (unit >= 0xe000 ? unit - 0x800 : unit >= 0xd800 ? unit + 0x2000 : unit);

const TYPE_RANK = { object: 0, boolean: 1, number: 2, string: 3 } as const;

/** The order lmdb keeps index values in: null, false, true, numbers, then strings by code point. */
export function compareIndexValues(a: IndexValue, b: IndexValue): number {
  const ta = TYPE_RANK[typeof a as keyof typeof TYPE_RANK];
  const tb = TYPE_RANK[typeof b as keyof typeof TYPE_RANK];
  if (ta !== tb) return ta - tb;
  if (typeof a === 'string') return compareCodePoints(a, b as string);
  if (a === b) return 0;
  return (a as number) < (b as number) ? -1 : 1;
}

/**
 * Distinct index values in key order (compareIndexValues), sorted by type first: numbers as
 * doubles, and strings by the engine's own comparison, which is code point order when no string
 * holds a surrogate (else by `compareCodePoints`). A million names took a fifth of the time a
 * comparator called from JavaScript takes.
 */
export function sortIndexValues(values: readonly IndexValue[]): IndexValue[] {
  const small: IndexValue[] = [];
  const numbers: number[] = [];
  const strings: string[] = [];
  let surrogates = false;
  for (const v of values) {
    if (typeof v === 'string') {
      strings.push(v);
      surrogates ||= SURROGATE.test(v);
    } else if (typeof v === 'number') numbers.push(v);
    else small.push(v);
  }
  if (surrogates) strings.sort(compareCodePoints);
  else strings.sort();
  return [...small.sort(compareIndexValues), ...Float64Array.from(numbers).sort(), ...strings];
}

const SURROGATE = /[\uD800-\uDFFF]/;

export function scopeKey(status: Status, locale: string | null | undefined): string {
  return (status === 'published' ? 'p' : 'd') + (locale ?? '');
}

/** Cuts at a code-point boundary so the prefix is itself valid text. */
export function textPrefix(s: string): string {
  if (s.length <= INDEXED_TEXT_CHARS) return s;
  const cut = INDEXED_TEXT_CHARS - (isHighSurrogate(s.charCodeAt(INDEXED_TEXT_CHARS - 1)) ? 1 : 0);
  return s.slice(0, cut);
}

/**
 * Whether an indexed text may be a cut prefix of a longer value (a cut is 256 characters, or 255
 * when the 256th would split a surrogate pair): only shorter indexed texts are whole values.
 */
export const mayBeCut = (indexed: string): boolean => indexed.length >= INDEXED_TEXT_CHARS - 1;

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;

/**
 * A digit string as a key that sorts numerically: sign, then digit count, then digits
 * (complemented for negatives, so larger magnitudes sort lower).
 */
export function bigintKey(value: string): string {
  const negative = value.startsWith('-');
  const digits = value.replace(/^[-+]?0*/, '') || '0';
  if (digits === '0') return '1000' + '0';
  if (!negative) return '1' + String(digits.length).padStart(3, '0') + digits;
  let complement = '';
  for (const d of digits) complement += String(9 - Number(d));
  return '0' + String(999 - digits.length).padStart(3, '0') + complement;
}

export type IndexValue = null | boolean | number | string;

/** The key value a field's value is indexed under (`folded` for the case-folded twin of text). */
export function indexValue(kind: IndexKind, value: unknown, folded = false): IndexValue {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'text':
      return textPrefix(folded ? foldCase(String(value)) : String(value));
    case 'ordered':
      return typeof value === 'number' || typeof value === 'boolean' ? value : textPrefix(String(value));
    case 'instant':
      return instantOf(value) ?? textPrefix(String(value));
    case 'bigint':
      return bigintKey(String(value));
    case 'presence':
      return true;
    case 'document':
      return String(value);
  }
}
