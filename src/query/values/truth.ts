/**
 * SQL's three truth values. `null` is UNKNOWN: what any comparison with a NULL field yields, and
 * what `not` keeps, so `$ne`, `$notIn`, `$notContains` and `$not` never select a NULL field.
 */
export type Truth = boolean | null;

export const not3 = (t: Truth): Truth => (t === null ? null : !t);

/** Kleene AND: one false decides; otherwise one unknown makes the whole unknown. */
export function and3(values: Iterable<Truth>): Truth {
  let result: Truth = true;
  for (const t of values) {
    if (t === false) return false;
    if (t === null) result = null;
  }
  return result;
}

/** Kleene OR: one true decides; otherwise one unknown makes the whole unknown. */
export function or3(values: Iterable<Truth>): Truth {
  let result: Truth = false;
  for (const t of values) {
    if (t === true) return true;
    if (t === null) result = null;
  }
  return result;
}
