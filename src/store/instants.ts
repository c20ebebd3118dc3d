/**
 * Instants (datetimes, the row timestamps) are kept as milliseconds, in rows (row-times.ts) and in
 * index keys (index-keys.ts): 9 bytes where their ISO text took 26. Only a text that is exactly
 * what `toISOString` prints for its instant is turned, so that turning it back gives the same text.
 */
export function instantOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || value.length !== 24) return undefined;
  if (value === lastText) return lastMs;
  lastText = value;
  lastMs = isoInstant(value);
  return lastMs;
}

/**
 * The last text turned: a row's three timestamps are often one text, and each is turned again for
 * its index key as the row is written. Parsed and printed back six times a row, they were most of
 * a million-row import's garbage, and its heap grew to twice its size before it was collected.
 */
let lastText = '';
let lastMs: number | undefined;

export const instantText = (ms: number): string => new Date(ms).toISOString();

/** Where the digits of `YYYY-MM-DDTHH:mm:ss.sssZ` are, and the separators between them. */
const SEPARATORS: readonly (readonly [number, number])[] = [[4, 0x2d], [7, 0x2d], [10, 0x54], [13, 0x3a], [16, 0x3a], [19, 0x2e], [23, 0x5a]];
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The instant of a 24-character text that is exactly `toISOString`'s form of it, read field by
 * field: Date.parse and printing back to compare took 0.4 µs a text, a tenth of a 100k import's
 * row writes. Years before 100 take that way still (Date.UTC reads them as 19xx).
 */
function isoInstant(text: string): number | undefined {
  for (const [at, code] of SEPARATORS) if (text.charCodeAt(at) !== code) return undefined;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  const ms = digits(text, 20, 3);
  if (year < 0 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59 || ms < 0) return undefined;
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > DAYS_IN_MONTH[month - 1]! + (leap ? 1 : 0)) return undefined;
  if (year < 100) return roundTripped(text);
  return Date.UTC(year, month - 1, day, hour, minute, second, ms);
}

/** The decimal number of `length` ASCII digits at `at`, or -1. */
function digits(text: string, at: number, length: number): number {
  let n = 0;
  for (let i = at; i < at + length; i++) {
    const d = text.charCodeAt(i) - 0x30;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

function roundTripped(text: string): number | undefined {
  const ms = Date.parse(text);
  // Date.parse takes February 30th (as March 2nd): only the text it prints back is the instant's.
  return !Number.isNaN(ms) && new Date(ms).toISOString() === text ? ms : undefined;
}
