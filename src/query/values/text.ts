/**
 * Case folding for the `i` operators (`$eqi`, `$containsi`, ...): one function for query operands,
 * stored values and the indexes that serve those operators, kept with the indexes because the
 * store may not import upward. Why it is `toLowerCase()` with `ς` mapped to `σ`: see there.
 */
export { foldCase } from '../../store/index-keys.js';

/** Code-point order (SQLite's BINARY collation, lmdb's key order): with the indexes, see there. */
export { compareCodePoints } from '../../store/index-keys.js';
