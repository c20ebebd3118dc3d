/**
 * What counts as an object among values that arrive as data (JSON bodies, query strings,
 * GraphQL arguments, export files, document-service parameters). One place for both tests, so
 * that every layer reads a shape alike; this module imports nothing, so any layer may use it.
 */

/** An object that is not an array, whatever its prototype. */
export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An object as JSON and the query-string reader make them (prototype `Object.prototype` or
 * none): a `Date` or a class instance is a value, not a bag of keys.
 */
export function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  if (!isRecord(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype;
}

/** Freezes plain data all the way down; what is frozen already is taken as frozen through. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}
