/**
 * Canonical forms of date, datetime and time values. The write path stores values through these
 * same functions, so a stored value and a query operand that mean the same instant are the same
 * string, and string order is time order (fixed width, years 0000-9999 only).
 *
 *   date      YYYY-MM-DD
 *   datetime  YYYY-MM-DDTHH:mm:ss.sssZ (UTC)
 *   time      HH:mm:ss.SSS
 *
 * Each returns `undefined` for input it cannot read; the caller raises the error with its path.
 */

export const INVALID_DATE_MESSAGE = 'Invalid format, expected yyyy-MM-dd';
export const INVALID_DATETIME_MESSAGE = 'Invalid format, expected a timestamp or an ISO date';
export const INVALID_TIME_MESSAGE = 'Invalid time format, expected HH:mm:ss.SSS';

const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/;
// ISO-8601 extended forms, reduced precision included (as date-fns' parseISO that Strapi uses).
const ISO_DATETIME =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?)?)?$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;
const INTEGER = /^-?\d+$/;

/** 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: outside them ISO strings grow a sign and six-digit years. */
const MIN_TIME = -62_167_219_200_000;
const MAX_TIME = 253_402_300_799_999;

/**
 * `YYYY-MM-DD`, a real calendar day. Longer strings keep their date part (Strapi truncates with a
 * deprecation warning): `2024-01-15T23:00:00+05:00` is `2024-01-15`, with no time-zone shift.
 * A `Date` gives its UTC day.
 */
export function normalizeDate(input: unknown): string | undefined {
  if (input instanceof Date) return inRange(input.getTime()) ? input.toISOString().slice(0, 10) : undefined;
  if (typeof input !== 'string') return undefined;
  const m = DATE_PREFIX.exec(input);
  if (!m) return undefined;
  return isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3])) ? m[0] : undefined;
}

/**
 * An ISO-8601 date-time (`YYYY`, `YYYY-MM`, `YYYY-MM-DD`, then `THH:mm`, `:ss`, `.fraction`, `Z`
 * or `±HH[:mm]`; a space may replace the `T`) or a millisecond Unix timestamp (an integer string
 * other than four digits, which is a year as in ISO; or a JS number). Without an offset the
 * time is UTC: Strapi reads it in the server's zone, which makes the answer depend on the host.
 * Fractions past milliseconds are truncated. A `Date` is taken as is.
 */
export function normalizeDateTime(input: unknown): string | undefined {
  if (input instanceof Date) return fromEpoch(input.getTime());
  if (typeof input === 'number') return Number.isInteger(input) ? fromEpoch(input) : undefined;
  if (typeof input !== 'string') return undefined;
  if (INTEGER.test(input) && !/^\d{4}$/.test(input)) return fromEpoch(Number(input));
  const m = ISO_DATETIME.exec(input);
  if (!m) return undefined;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', fraction = '', offset = 'Z'] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (!isCalendarDay(year, month, day) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  const offsetMinutes = readOffset(offset);
  if (offsetMinutes === undefined) return undefined;
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not read years 0-99 as 1900-1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(Number(h), Number(mi), Number(s), Number(fraction.slice(0, 3).padEnd(3, '0')));
  return fromEpoch(date.getTime() - offsetMinutes * 60_000);
}

/** `HH:mm`, `HH:mm:ss` or `HH:mm:ss.S{1,3}`, as `HH:mm:ss.SSS`. A `Date` gives its UTC time of day. */
export function normalizeTime(input: unknown): string | undefined {
  if (input instanceof Date) return inRange(input.getTime()) ? input.toISOString().slice(11, 23) : undefined;
  if (typeof input !== 'string') return undefined;
  const m = TIME.exec(input);
  if (!m) return undefined;
  const [, h = '', mi = '', s = '00', fraction = ''] = m;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  return `${h}:${mi}:${s}.${fraction.padEnd(3, '0')}`;
}

function readOffset(offset: string): number | undefined {
  if (offset === 'Z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
  if (hours > 23 || minutes > 59) return undefined;
  return sign * (hours * 60 + minutes);
}

function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

const fromEpoch = (ms: number): string | undefined => (inRange(ms) ? new Date(ms).toISOString() : undefined);

const inRange = (ms: number): boolean => Number.isFinite(ms) && ms >= MIN_TIME && ms <= MAX_TIME;
