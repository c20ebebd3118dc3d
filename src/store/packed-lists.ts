import { readVarints, writeVarints } from './varints.js';

/**
 * A packed link list's stored value (links.ts): its targets in order as varints, which the links
 * database's msgpack keeps as one byte string. A category's row id takes one or two bytes and a
 * restaurant's three, where msgpack's own arrays spent five on ids past 65,535, and a list of a
 * thousand is read, searched and written again in a few microseconds, where msgpack handled each
 * id on its own. Folders written before keep a msgpack array of ids, which reads the same.
 */
export const packList = (targets: ArrayLike<number>): Buffer => writeVarints(targets, false);

/** A packed list's targets in order, or undefined when the value is not one (a keyed list's entry, or damaged bytes). */
export function unpackList(value: unknown): Uint32Array | undefined {
  if (Array.isArray(value)) return Uint32Array.from(value as number[]);
  return value instanceof Uint8Array ? readVarints(value, false) : undefined;
}
