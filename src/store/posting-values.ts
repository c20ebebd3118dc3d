/**
 * How a posting set's entries are stored (postings.ts has the format): a directory's tag, and the
 * conversions between stored bytes and ids. The consistency checker reads the format raw too.
 */

/** The tag in a directory's first slot. */
export const INLINE = 0;
export const BLOCKS = 1;

/** Copies out of LMDB's buffer (which may be unaligned or reused) into our own array; ids are little-endian. */
export function decode(value: Buffer): Uint32Array {
  const ids = new Uint32Array(value.length >> 2);
  new Uint8Array(ids.buffer).set(value);
  return ids;
}

/** A directory's ids as stored, with a set of one id stored alone read as `[INLINE, id]` (see postings.ts). */
export function directory(stored: Uint32Array): Uint32Array {
  return stored.length === 1 && stored[0] !== INLINE ? Uint32Array.of(INLINE, stored[0]!) : stored;
}

/** A directory's value as written: a set of one id is the id alone. */
export function withTag(tag: number, ids: Uint32Array): Uint32Array {
  if (tag === INLINE && ids.length === 1) return ids;
  const out = new Uint32Array(ids.length + 1);
  out[0] = tag;
  out.set(ids, 1);
  return out;
}
