/**
 * Case folding for the `i` operators (`$eqi`, `$containsi`, ...): one function for query operands,
 * stored values and the indexes that serve those operators, kept with the indexes because the
 * store may not import upward. Why it is `toLowerCase()` with `ς` mapped to `σ`: see there.
 */
export { foldCase } from '../../store/index-keys.js';

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
