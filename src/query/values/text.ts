/**
 * Case folding for the `i` operators (`$eqi`, `$containsi`, ...), on query operands and stored
 * values alike; indexes that serve those operators must fold with this same function.
 *
 * `toLowerCase()` is locale-independent (unlike `toLocaleLowerCase`) and maps all of Unicode
 * (`É` → `é`, `Σ` → `σ`, `K` (Kelvin) → `k`), like PostgreSQL's `LOWER()` on a UTF-8 database.
 * Its one context-dependent rule, a final capital sigma becoming `ς`, would make the fold of a
 * word differ from the fold of its parts (`ΟΔΟΣ` → `οδος`, yet `Σ` → `σ`), so `ς` is mapped to `σ`:
 * the fold is then applied code point by code point, `fold(a + b) === fold(a) + fold(b)`, which
 * substring operators and prefix indexes rely on. No Unicode normalization is applied: a
 * precomposed `é` and `e` + combining accent stay different, as they are in SQL.
 */
export const foldCase = (text: string): string => text.toLowerCase().replaceAll('ς', 'σ');

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
