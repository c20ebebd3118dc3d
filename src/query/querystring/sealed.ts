/**
 * Request values shared between requests: a server that answers the same request text over and
 * over reads it once and hands every repeat the same object. Such a value is frozen all the way
 * down, so no reader can change it for the next request, and what is printed of it (its JSON
 * text, a key derived from it) may be kept with it.
 */
const sealed = new WeakSet<object>();
const texts = new WeakMap<object, string>();

/** Freezes `value` and everything in it, and marks it as safe to key by identity. */
export function seal<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !sealed.has(value)) {
    for (const key of Object.keys(value)) seal((value as Record<string, unknown>)[key]);
    Object.freeze(value);
    sealed.add(value);
  }
  return value;
}

/** Whether `value` went through `seal`: it cannot change, so anything derived from it stays true. */
export function isSealed(value: unknown): boolean {
  return typeof value === 'object' && value !== null && sealed.has(value);
}

/** `JSON.stringify(value)`, printed once per sealed value. */
export function jsonText(value: unknown): string | undefined {
  if (!isSealed(value)) return JSON.stringify(value);
  let text = texts.get(value as object);
  if (text === undefined) texts.set(value as object, (text = JSON.stringify(value)));
  return text;
}
