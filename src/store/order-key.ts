/**
 * Fractional order keys for link lists: a key strictly between any two neighbours always exists,
 * so placing a link anywhere is one put, never a renumbering.
 *
 * A key is an integer `n` plus a base-62 fraction `f` ('' = .0). Appends and prepends step `n`
 * by GAP, so the common cases keep keys short forever; only repeated inserts between the same two
 * neighbours reach the fraction, which grows about one character per six such inserts.
 */
export interface OrderKey {
  readonly n: number;
  readonly f: string;
}

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE = DIGITS.length;
const GAP = 65_536;

const digitValue = (c: string | undefined): number => (c === undefined ? 0 : DIGITS.indexOf(c));

export function compareOrderKeys(a: OrderKey, b: OrderKey): number {
  if (a.n !== b.n) return a.n < b.n ? -1 : 1;
  // The fraction digits are ASCII in ascending code order, so plain string order is numeric order.
  return a.f < b.f ? -1 : a.f > b.f ? 1 : 0;
}

/** A key strictly between `lo` and `hi`; either side may be open (undefined). */
export function keyBetween(lo: OrderKey | undefined, hi: OrderKey | undefined): OrderKey {
  if (lo === undefined && hi === undefined) return { n: 0, f: '' };
  if (lo === undefined) return { n: Math.floor(hi!.n) - GAP, f: '' };
  if (hi === undefined) return { n: lo.n + GAP, f: '' };
  if (compareOrderKeys(lo, hi) >= 0) throw new RangeError('keyBetween needs lo < hi');
  if (hi.n - lo.n > 1) return { n: lo.n + Math.floor((hi.n - lo.n) / 2), f: '' };
  // Adjacent or equal integer parts: split the fraction. When hi.n is the next integer the
  // fraction only needs to exceed lo's (any fraction of lo.n sorts below hi).
  return { n: lo.n, f: fractionBetween(lo.f, lo.n === hi.n ? hi.f : undefined) };
}

/** A digit string strictly between `a` and `b` (b undefined = 1.0); neither ends with '0'. */
function fractionBetween(a: string, b: string | undefined): string {
  let prefix = '';
  let i = 0;
  // Walk the shared prefix: the answer starts with it.
  while (b !== undefined && i < b.length && (a[i] ?? '0') === b[i]) {
    prefix += b[i];
    i++;
  }
  const da = digitValue(a[i]);
  const db = b === undefined || i >= b.length ? BASE : digitValue(b[i]);
  if (db - da > 1) return prefix + DIGITS[(da + db) >> 1];
  // Neighbouring digits: keep a's digit and go one level deeper with no upper bound there,
  // unless b has more digits, in which case b's own digit (then shorter) already sits above a.
  if (b !== undefined && i + 1 < b.length) return prefix + b[i];
  return prefix + DIGITS[da] + fractionBetween(a.slice(i + 1), undefined);
}

/** Whether a stored key is one `keyBetween` can make: an integer and a base-62 fraction without trailing zeros. */
export function isOrderKey(n: unknown, f: unknown): boolean {
  return Number.isSafeInteger(n) && typeof f === 'string' && !f.endsWith('0') && [...f].every((c) => DIGITS.includes(c));
}
