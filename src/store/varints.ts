/**
 * Unsigned integers as little-endian base-128 varints: seven bits a byte, the high bit set on
 * all but a number's last byte. `delta`: each number is written as its difference from the one
 * before, for ascending ids, where most differences take one byte.
 */
export function writeVarints(values: ArrayLike<number>, delta: boolean): Buffer {
  const out = Buffer.allocUnsafe(values.length * 5);
  let at = 0;
  let previous = 0;
  for (let i = 0; i < values.length; i++) {
    let n = delta ? values[i]! - previous : values[i]!;
    previous = values[i]!;
    while (n > 0x7f) {
      out[at++] = (n & 0x7f) | 0x80;
      n >>>= 7;
    }
    out[at++] = n;
  }
  return out.subarray(0, at);
}

/** `writeVarints` undone; undefined for bytes that end inside a number, or hold one past 32 bits. */
export function readVarints(bytes: Uint8Array, delta: boolean): Uint32Array | undefined {
  if (bytes.length === 0 || bytes[bytes.length - 1]! >= 0x80) return undefined;
  let count = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! < 0x80) count++;
  const values = new Uint32Array(count);
  let previous = 0;
  for (let i = 0, k = 0; k < count; k++) {
    let n = 0;
    let shift = 0;
    let b: number;
    do {
      if (shift > 28) return undefined;
      b = bytes[i++]!;
      n += (b & 0x7f) * 2 ** shift;
      shift += 7;
    } while (b >= 0x80);
    if (delta) n += previous;
    if (n > 0xffff_ffff) return undefined;
    values[k] = previous = n;
  }
  return values;
}
