/**
 * A packed link list's stored value (links.ts): its targets in order, each as a little-endian
 * base-128 varint (seven bits a byte, the high bit set on all but an id's last byte), which the
 * links database's msgpack keeps as one byte string. A category's row id takes one or two bytes
 * and a restaurant's three, where msgpack's own arrays spent five on ids past 65,535, and a list
 * of a thousand is read, searched and written again in a few microseconds, where msgpack handled
 * each id on its own. Folders written before keep a msgpack array of ids, which reads the same.
 */
export function packList(targets: ArrayLike<number>): Buffer {
  const out = Buffer.allocUnsafe(targets.length * 5);
  let at = 0;
  for (let i = 0; i < targets.length; i++) {
    let id = targets[i]!;
    while (id > 0x7f) {
      out[at++] = (id & 0x7f) | 0x80;
      id >>>= 7;
    }
    out[at++] = id;
  }
  return out.subarray(0, at);
}

/** A packed list's targets in order, or undefined when the value is not one (a keyed list's entry, or damaged bytes). */
export function unpackList(value: unknown): Uint32Array | undefined {
  if (Array.isArray(value)) return Uint32Array.from(value as number[]);
  if (!(value instanceof Uint8Array)) return undefined;
  let count = 0;
  for (let i = 0; i < value.length; i++) if (value[i]! < 0x80) count++;
  // Every id ends in a byte without the high bit; an id has at most five bytes (32 bits).
  if (value.length === 0 || value[value.length - 1]! >= 0x80) return undefined;
  const ids = new Uint32Array(count);
  let at = 0;
  for (let i = 0, n = 0; n < count; n++) {
    let id = 0;
    let shift = 0;
    let b: number;
    do {
      b = value[i++]!;
      if (shift > 28) return undefined;
      id += (b & 0x7f) * 2 ** shift;
      shift += 7;
    } while (b >= 0x80);
    if (id > 0xffff_ffff) return undefined;
    ids[at++] = id;
  }
  return ids;
}
