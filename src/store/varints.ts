/** Where `writeVarints` writes, kept and grown: a fresh buffer per call was a fifth of a long list's rewrite. */
let scratch = Buffer.allocUnsafe(16 * 1024);

/**
 * Unsigned integers as little-endian base-128 varints: seven bits a byte, the high bit set on
 * all but a number's last byte. `delta`: each number is written as its difference from the one
 * before, for ascending ids, where most differences take one byte. Answers a view of a shared
 * buffer, valid until the next call: callers hand it to LMDB, which copies it, at once.
 */
export function writeVarints(values: Uint32Array, delta: boolean): Buffer {
  if (scratch.length < values.length * 5) scratch = Buffer.allocUnsafe(values.length * 5);
  const out = scratch;
  let at = 0;
  let previous = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    let n = delta ? value - previous : value;
    previous = value;
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
  // Unrolled, in small-integer arithmetic: a loop with a computed power of two was most of a
  // long packed list's rewrite.
  for (let i = 0, k = 0; k < count; k++) {
    let b = bytes[i++]!;
    let n = b & 0x7f;
    if (b >= 0x80) {
      b = bytes[i++]!;
      n |= (b & 0x7f) << 7;
      if (b >= 0x80) {
        b = bytes[i++]!;
        n |= (b & 0x7f) << 14;
        if (b >= 0x80) {
          b = bytes[i++]!;
          n |= (b & 0x7f) << 21;
          if (b >= 0x80) {
            b = bytes[i++]!;
            // The fifth byte holds the top four bits of 32; more would overflow.
            if (b > 0x0f) return undefined;
            n += b * 0x1000_0000;
          }
        }
      }
    }
    if (delta) n += previous;
    if (n > 0xffff_ffff) return undefined;
    values[k] = previous = n;
  }
  return values;
}
