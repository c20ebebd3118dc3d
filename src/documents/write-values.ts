import { ValidationError } from '../errors/index.js';
import { normalizeDate, normalizeDateTime, normalizeTime } from '../query/values/index.js';
import type { ScalarAttribute } from '../schema/types.js';
import { checkBlocks } from './blocks.js';

/**
 * Casts a value from `data` to the stored form of its field (the forms the filter engine compares):
 * numbers for integer/float/decimal, digit strings for biginteger, `YYYY-MM-DD` dates,
 * UTC ISO datetimes with milliseconds, `HH:mm:ss.SSS` times. Returns null for null. A password
 * comes back checked but as given: it is hashed apart (passwords.ts), before the write's transaction.
 */
export function castWriteValue(attr: ScalarAttribute, value: unknown, path: string): unknown {
  if (value === null) return null;
  const fail = (expected: string): never => {
    throw ValidationError.at(path, `${attr.name} must be ${expected}`, { key: attr.name });
  };
  switch (attr.type) {
    case 'string': case 'text': case 'richtext': case 'uid': case 'email': case 'enumeration': case 'password': {
      if (typeof value !== 'string') return fail('a string');
      checkLength(attr, value, path);
      if (attr.type === 'email' && !EMAIL.test(value)) return fail('a valid email');
      if (attr.type === 'uid' && !UID.test(value)) return fail('a uid (letters, digits, "-", "_", ".", "~")');
      if (attr.type === 'enumeration' && !attr.enum!.includes(value)) return fail(`one of: ${attr.enum!.join(', ')}`);
      if (attr.regex && value !== '' && !attr.regex.test(value)) {
        throw ValidationError.at(path, `${attr.name} must match the following: "${String(attr.regex)}"`, { key: attr.name });
      }
      return value;
    }
    case 'integer': {
      const n = toNumber(value);
      if (n === undefined || !Number.isSafeInteger(n)) return fail('an integer');
      return checkRange(attr, n, path);
    }
    case 'float': case 'decimal': {
      const n = toNumber(value);
      if (n === undefined) return fail('a number');
      return checkRange(attr, n, path);
    }
    case 'biginteger': {
      const s = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
      if (typeof s !== 'string' || !/^-?[0-9]+$/.test(s.trim())) return fail('an integer (a string of digits for large values)');
      return BigInt(s.trim()).toString();
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 1 || value === '1') return true;
      if (value === 'false' || value === 0 || value === '0') return false;
      return fail('a boolean');
    }
    case 'date': return normalizeDate(value) ?? fail('a date (yyyy-MM-dd)');
    case 'datetime': return normalizeDateTime(value) ?? fail('a datetime (an ISO 8601 string or a timestamp in milliseconds)');
    case 'time': return normalizeTime(value) ?? fail('a time (HH:mm:ss.SSS)');
    case 'json': return checkJsonDepth(value, path);
    case 'blocks': return checkBlocks(checkJsonDepth(value, path), path);
  }
}

/**
 * Deepest nesting a json field may hold. Storing and answering a value recurse over it (msgpack,
 * JSON.stringify): a 1 MiB body can nest ~500,000 levels, far past the stack, so deeper values
 * are refused here with a 400 rather than failing later as a 500.
 */
export const MAX_JSON_DEPTH = 100;
export const jsonDepthMessage = (path: string): string => `${path} nests deeper than the limit of ${MAX_JSON_DEPTH} levels`;

/** Walks the value without recursion, so the check itself cannot overflow; a cycle counts as too deep. */
function checkJsonDepth(value: unknown, path: string): unknown {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= MAX_JSON_DEPTH) throw ValidationError.at(path, jsonDepthMessage(path), { limit: MAX_JSON_DEPTH });
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return value;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UID = /^[A-Za-z0-9\-_.~]*$/;

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function checkLength(attr: ScalarAttribute, value: string, path: string): void {
  if (attr.minLength !== undefined && value.length < attr.minLength) {
    throw ValidationError.at(path, `${attr.name} must be at least ${attr.minLength} characters`, { key: attr.name });
  }
  if (attr.maxLength !== undefined && value.length > attr.maxLength) {
    throw ValidationError.at(path, `${attr.name} must be at most ${attr.maxLength} characters`, { key: attr.name });
  }
}

function checkRange(attr: ScalarAttribute, n: number, path: string): number {
  if (attr.min !== undefined && n < attr.min) throw ValidationError.at(path, `${attr.name} must be greater than or equal to ${attr.min}`, { key: attr.name });
  if (attr.max !== undefined && n > attr.max) throw ValidationError.at(path, `${attr.name} must be less than or equal to ${attr.max}`, { key: attr.name });
  return n;
}
