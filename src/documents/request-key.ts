/**
 * The text of a request made of plain data (objects, arrays, strings, numbers, booleans,
 * null), or undefined when it holds anything else: a Date, a class instance or a bigint could
 * print like plain data while being read differently, so such requests are not cached.
 */
export function requestKey(value: unknown): string | undefined {
  return isPlainData(value, 0) ? JSON.stringify(value) : undefined;
}

/** Deeper than this is not worth caching (and the builders refuse it anyway). */
const MAX_DEPTH = 32;

function isPlainData(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined':
      return true;
    case 'number':
      // JSON prints NaN and the infinities as null.
      return Number.isFinite(value);
    case 'object': {
      if (value === null) return true;
      if (depth >= MAX_DEPTH) return false;
      if (Array.isArray(value)) {
        for (const item of value) if (item === undefined || !isPlainData(item, depth + 1)) return false;
        return true;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return false;
      for (const key in value) if (!isPlainData((value as Record<string, unknown>)[key], depth + 1)) return false;
      return true;
    }
    default:
      return false;
  }
}
