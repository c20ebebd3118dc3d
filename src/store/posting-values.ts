import { readVarints, writeVarints } from './varints.js';

/**
 * How a posting set's entries are stored (postings.ts has the format): a directory's tag, and the
 * conversions between stored bytes and ids. The consistency checker reads the format raw too.
 */

/** Sets of up to this many ids are kept in their directory; larger ones in blocks of up to BLOCK. */
export const INLINE_MAX = 64;
export const BLOCK = 448;

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

/** Ids cut into blocks of BLOCK (the last may be shorter), each a view. */
export function blocksOf(ids: Uint32Array): Uint32Array[] {
  const blocks: Uint32Array[] = [];
  for (let k = 0; k < ids.length; k += BLOCK) blocks.push(ids.subarray(k, k + BLOCK));
  return blocks;
}

/** A non-empty set written afresh, as its entries come in key order: the directory (the ids themselves when few), then its blocks. */
export function wholeSet(ids: Uint32Array): { readonly directory: Uint32Array; readonly blocks: readonly Uint32Array[] } {
  if (ids.length <= INLINE_MAX) return { directory: withTag(INLINE, ids), blocks: [] };
  const blocks = blocksOf(ids);
  return { directory: withTag(BLOCKS, Uint32Array.from(blocks, (block) => block[0]!)), blocks };
}

/**
 * How a folder stores its sets' blocks: as delta varints in folders made since that form came
 * (an id's difference from the one before, most a byte, where a plain id took four: a 100k
 * folder's blocks took a third of the room), as plain ids in older ones, which keep them.
 * Directories are plain ids in both: they are read by position.
 */
export type BlockFormat = 'delta' | 'plain';

/** Ids as four little-endian bytes each, as directories (and blocks of older folders) store them: a view, not a copy. */
export const plainBytes = (ids: Uint32Array): Buffer => Buffer.from(ids.buffer, ids.byteOffset, ids.byteLength);

/** A block's ids as stored. */
export function blockBytes(format: BlockFormat, ids: Uint32Array): Buffer {
  return format === 'delta' ? writeVarints(ids, true) : plainBytes(ids);
}

/** A block's ids; undefined for bytes that are not a block of this format. */
export function blockIds(format: BlockFormat, value: Buffer): Uint32Array | undefined {
  if (format === 'delta') return readVarints(value, true);
  return value.length % 4 === 0 ? decode(value) : undefined;
}
