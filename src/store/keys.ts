/** Sorts after every value lmdb's ordered-binary can encode: the open end of a prefix range. */
export const MAX = new Uint8Array([0xff]);
