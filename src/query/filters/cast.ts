import type { FieldType, ScalarValue } from '../ir/index.js';
import {
  INVALID_DATE_MESSAGE, INVALID_DATETIME_MESSAGE, INVALID_TIME_MESSAGE,
  normalizeDate, normalizeDateTime, normalizeTime,
} from '../values/index.js';

/**
 * Operands of the cast operators (`$eq $ne $lt $lte $gt $gte $in $notIn $between`, and bare
 * values), converted to the field type's stored representation (`ScalarValue`). Leaves arrive
 * as strings from the query string, or typed (numbers, booleans, `Date`s, bigints) from the
 * document service and GraphQL.
 */
export type Cast = { readonly ok: true; readonly value: ScalarValue } | { readonly ok: false; readonly message: string };

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;

export function castOperand(type: FieldType, raw: unknown): Cast {
  switch (type) {
    case 'integer':
    case 'float':
    case 'decimal':
      return castNumber(raw);
    case 'biginteger':
      return castBigInteger(raw);
    case 'boolean':
      return ok(booleanLike(raw));
    case 'date':
      return temporal(normalizeDate(raw), INVALID_DATE_MESSAGE);
    case 'datetime':
      return temporal(normalizeDateTime(raw), INVALID_DATETIME_MESSAGE);
    case 'time':
      return temporal(normalizeTime(raw), INVALID_TIME_MESSAGE);
    case 'json':
      return fail('json values cannot be compared');
    default: {
      const text = operandText(raw);
      return text === undefined ? fail(`Expected a text value, got ${describe(raw)}`) : ok(text);
    }
  }
}

/**
 * Operands of `$eqi $nei` and the LIKE family are never cast, only read as text (Strapi:
 * `${value}`); a `Date` reads as its ISO form. `undefined` for what has no text form.
 */
export function operandText(raw: unknown): string | undefined {
  switch (typeof raw) {
    case 'string':
      return raw;
    case 'number':
      return Number.isFinite(raw) ? String(raw) : undefined;
    case 'bigint':
    case 'boolean':
      return String(raw);
    default:
      return raw instanceof Date && !Number.isNaN(raw.getTime()) ? raw.toISOString() : undefined;
  }
}

/**
 * Strapi's boolean reading (`parseType` with `forceCast`), for boolean fields and for `$null` /
 * `$notNull`: `true 'true' 't' '1' 1` are true, `false 'false' 'f' '0' 0` false, and anything
 * else is JavaScript truthiness (`'yes'`, `['x']`, `{}` true; `''`, `null` false).
 */
export function booleanLike(raw: unknown): boolean {
  if (raw === 'true' || raw === 't' || raw === '1' || raw === 1) return true;
  if (raw === 'false' || raw === 'f' || raw === '0' || raw === 0) return false;
  return Boolean(raw);
}

/** A finite number; a string must be one whole decimal number after trimming (`''`, `'12abc'`, `'0x1f'` are not). */
function castNumber(raw: unknown): Cast {
  if (typeof raw === 'number' && Number.isFinite(raw)) return ok(raw);
  if (typeof raw === 'string') {
    const trimmed = raw.trim();
    const value = Number(trimmed);
    if (DECIMAL.test(trimmed) && Number.isFinite(value)) return ok(value);
  }
  return fail(`Expected a valid number, got ${describe(raw)}`);
}

/** Kept exact as a canonical decimal string (`'+007'` → `'7'`), so equal values are equal strings. */
function castBigInteger(raw: unknown): Cast {
  if (typeof raw === 'bigint') return ok(raw.toString());
  if (typeof raw === 'number' && Number.isInteger(raw)) return ok(BigInt(raw).toString());
  if (typeof raw === 'string' && INTEGER.test(raw.trim())) return ok(BigInt(raw.trim()).toString());
  return fail(`Expected a valid integer, got ${describe(raw)}`);
}

const temporal = (value: string | undefined, message: string): Cast => (value === undefined ? fail(message) : ok(value));

const ok = (value: ScalarValue): Cast => ({ ok: true, value });
const fail = (message: string): Cast => ({ ok: false, message });

const describe = (raw: unknown): string => (typeof raw === 'string' ? JSON.stringify(raw) : String(raw));
