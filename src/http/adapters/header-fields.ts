/**
 * A request's header fields by lowercase name, as both transports hand them to the core. No
 * prototype: a name such as `constructor` or `__proto__` reads and writes an own field like any
 * other. Made from a class rather than `Object.create(null)`, which V8 keeps as a dictionary:
 * filling one for a one-header request took 550 ns against 55 ns (the head of every request).
 */
class Fields {}
Object.setPrototypeOf(Fields.prototype, null);
delete (Fields.prototype as { constructor?: unknown }).constructor;

export function headerFields(): Record<string, string> {
  return new Fields() as Record<string, string>;
}
