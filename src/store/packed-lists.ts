import { asBinary, type Binary } from 'lmdb';
import { readVarints, writeVarints } from './varints.js';

/**
 * A packed link list's stored value (links.ts): its targets in order as varints, which the links
 * database's msgpack keeps as one byte string. A category's row id takes one or two bytes and a
 * restaurant's three, where msgpack's own arrays spent five on ids past 65,535, and a list of a
 * thousand is read, searched and written again in a few microseconds, where msgpack handled each
 * id on its own. Folders written before keep a msgpack array of ids, which reads the same.
 * The bytes are a view valid until the next write (see `writeVarints`).
 */
export const packList = (targets: ArrayLike<number>): Buffer =>
  writeVarints(targets instanceof Uint32Array ? targets : Uint32Array.from(targets), false);

/** Where `asStored` writes a value: grown as needed, copied by each put. */
let stored = Buffer.allocUnsafe(64 * 1024);

/**
 * A packed list's bytes as the links database stores them (msgpack's byte string: its header,
 * then the bytes), for a put to take as they are: a bulk load's 200k lists each took a call of
 * the database's msgpack encoder. Valid until the next call.
 */
export function asStored(packed: Uint8Array): Binary {
  const n = packed.length;
  const head = n < 0x100 ? 2 : n < 0x1_0000 ? 3 : 5;
  if (stored.length < head + n) stored = Buffer.allocUnsafe(2 * (head + n));
  if (head === 2) {
    stored[0] = 0xc4;
    stored[1] = n;
  } else if (head === 3) {
    stored[0] = 0xc5;
    stored.writeUInt16BE(n, 1);
  } else {
    stored[0] = 0xc6;
    stored.writeUInt32BE(n, 1);
  }
  stored.set(packed, head);
  return asBinary(stored.subarray(0, head + n));
}

/** A packed list's targets in order, or undefined when the value is not one (a keyed list's entry, or damaged bytes). */
export function unpackList(value: unknown): Uint32Array | undefined {
  if (Array.isArray(value)) return Uint32Array.from(value as number[]);
  return value instanceof Uint8Array ? readVarints(value, false) : undefined;
}

/** Where an id's bytes are in a packed list's: [start, end), or start -1 when it is not there. */
export interface IdBytes {
  readonly start: number;
  readonly end: number;
}

/** An id's own bytes in a packed list. */
export function idBytes(id: number): Buffer {
  const length = id < 0x80 ? 1 : id < 0x4000 ? 2 : id < 0x20_0000 ? 3 : id < 0x1000_0000 ? 4 : 5;
  const out = Buffer.allocUnsafe(length);
  let n = id;
  for (let i = 0; i < length - 1; i++) {
    out[i] = (n & 0x7f) | 0x80;
    n >>>= 7;
  }
  out[length - 1] = n;
  return out;
}

/**
 * Where an id is in a packed list's bytes, found by the native byte search and nothing decoded:
 * a scan in JavaScript cost a nanosecond a byte, most of an append to a list of a thousand. A
 * match is the id when it starts where an id starts (after a byte without the high bit); its
 * last byte is the only one of its own without that bit, so it then ends where the id ends.
 */
export function packedFind(bytes: Buffer, own: Buffer): IdBytes {
  if (bytes.length <= SHORT) return findShort(bytes, own);
  let from = 0;
  for (;;) {
    const at = bytes.indexOf(own, from);
    if (at < 0) return ABSENT;
    if (at === 0 || bytes[at - 1]! < 0x80) return { start: at, end: at + own.length };
    from = at + 1;
  }
}

/**
 * Lists of up to this many bytes are searched and copied by a loop here: Buffer's native calls
 * cost more than a loop over so few bytes, and most lists are this short.
 */
const SHORT = 64;

const ABSENT: IdBytes = { start: -1, end: -1 };

function findShort(bytes: Buffer, own: Buffer): IdBytes {
  const length = own.length;
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i]! >= 0x80) continue;
    if (i + 1 - start === length) {
      let k = 0;
      while (k < length && bytes[start + k] === own[k]) k++;
      if (k === length) return { start, end: i + 1 };
    }
    start = i + 1;
  }
  return ABSENT;
}

/** A packed list's bytes with one id's cut out and `insert` put at `at` (a position in the bytes before the cut). */
export function packedSplice(bytes: Buffer, cut: IdBytes, at: number, insert: Buffer | undefined): Buffer {
  const cutLength = cut.start < 0 ? 0 : cut.end - cut.start;
  const out = Buffer.allocUnsafe(bytes.length - cutLength + (insert?.length ?? 0));
  // The bytes before the first of the cut and the insert, between them, and after both.
  const [first, second] = cut.start < 0 ? [at, at] : at <= cut.start ? [at, cut.start] : [cut.start, at];
  let o = copyInto(out, 0, bytes, 0, first);
  if (cut.start < 0 || at <= cut.start) {
    if (insert) o = copyInto(out, o, insert, 0, insert.length);
    o = copyInto(out, o, bytes, first, second);
    copyInto(out, o, bytes, cut.start < 0 ? second : cut.end, bytes.length);
  } else {
    o = copyInto(out, o, bytes, cut.end, second);
    if (insert) o = copyInto(out, o, insert, 0, insert.length);
    copyInto(out, o, bytes, second, bytes.length);
  }
  return out;
}

/** Copies `from[start, end)` to `out` at `o`, answering where the copy ends. */
function copyInto(out: Buffer, o: number, from: Buffer, start: number, end: number): number {
  if (end - start <= SHORT) {
    for (let i = start; i < end; i++) out[o++] = from[i]!;
    return o;
  }
  return o + from.copy(out, o, start, end);
}
