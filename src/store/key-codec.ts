import type { Key } from 'lmdb';
import { MAX } from './keys.js';

/**
 * Keys as compact byte strings that sort as lmdb's ordered-binary keys do (null, false, true,
 * numbers, strings by code point, then MAX; an array element by element, a shorter prefix first),
 * in about half the bytes for the keys this store writes. ordered-binary spends nine bytes on
 * every number; most numbers in these keys are small integers (type and list codes, row ids),
 * and the store's largest databases are keys and little else (a link's position is three of them).
 *
 * Each element is a tag byte, and a number or a string continues with its bytes, each 0x00
 * written as 0x00 0xFF, and a 0x00 that ends it (the escape keeps the order of byte strings of
 * any length; no tag is 0xFF, so what follows a terminator never reads as an escape). A number's
 * bytes are its float64 made to sort as bytes (sign bit flipped, or every bit when negative),
 * without trailing zero bytes: 7 is two bytes, a row id up to a million four.
 */
const NULL = 0x01;
const FALSE = 0x02;
const TRUE = 0x03;
const NUMBER = 0x04;
const STRING = 0x05;
/** After every other tag, and never 0xFF: a terminator followed by it must not read as an escaped 0x00. */
const END = 0xfe;

const float = new Float64Array(1);
const floatBytes = new Uint8Array(float.buffer);
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;
/** Where the float's sign bit is. */
const HIGH = LITTLE_ENDIAN ? 7 : 0;
const sortable = new Uint8Array(8);

export const compactKeys = {
  writeKey(key: Key, target: Uint8Array, start: number): number {
    // Bytes as they are: lmdb's own bound for a range without a start ([0]), and MAX alone.
    if (key instanceof Uint8Array) {
      target.set(key, start);
      return start + key.length;
    }
    if (!Array.isArray(key)) return writePart(key, target, start);
    let at = start;
    for (let i = 0; i < key.length; i++) at = writePart(key[i] as Key, target, at);
    return at;
  },

  readKey(source: Uint8Array, start: number, end: number): Key[] {
    const out: unknown[] = [];
    let at = start;
    while (at < end) {
      const tag = source[at++]!;
      switch (tag) {
        case NULL:
          out.push(null);
          break;
        case FALSE:
        case TRUE:
          out.push(tag === TRUE);
          break;
        case END:
          out.push(MAX);
          break;
        case NUMBER:
        case STRING: {
          const [bytes, next] = unescape(source, at);
          at = next;
          out.push(tag === NUMBER ? numberOf(bytes) : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8'));
          break;
        }
        default:
          throw new Error(`a key holds an unknown tag ${tag}`);
      }
    }
    return out as Key[];
  },
};

function writePart(part: Key, target: Uint8Array, at: number): number {
  if (part === null) {
    target[at] = NULL;
    return at + 1;
  }
  if (typeof part === 'boolean') {
    target[at] = part ? TRUE : FALSE;
    return at + 1;
  }
  if (typeof part === 'number') {
    target[at] = NUMBER;
    return writeNumber(part, target, at + 1);
  }
  if (typeof part === 'string') {
    target[at] = STRING;
    // Short ASCII (scopes, trigrams, codes' names) byte by byte: cheaper than a call to encode it.
    if (part.length <= 16) {
      let i = 0;
      let c = 0;
      while (i < part.length && (c = part.charCodeAt(i)) > 0 && c < 0x80) target[at + 1 + i++] = c;
      if (i === part.length) {
        target[at + 1 + i] = 0;
        return at + 2 + i;
      }
    }
    // Written in place when the target is a Buffer (lmdb's are); text holding U+0000, whose byte
    // needs its escape, is written again.
    if (Buffer.isBuffer(target)) {
      const end = at + 1 + target.write(part, at + 1, 'utf8');
      let i = at + 1;
      while (i < end && target[i] !== 0) i++;
      if (i === end) {
        target[end] = 0;
        return end + 1;
      }
    }
    return escape(Buffer.from(part, 'utf8'), target, at + 1);
  }
  if (part instanceof Uint8Array && part.length === 1 && part[0] === MAX[0]) {
    target[at] = END;
    return at + 1;
  }
  throw new TypeError(`a key part must be null, a boolean, a number, a string or MAX, got ${typeof part}`);
}

/**
 * Writes the float64's bytes big-endian, made to sort as bytes, without trailing zero bytes:
 * straight into the target (keys are written once per read and write, so no array is made).
 */
function writeNumber(n: number, target: Uint8Array, at: number): number {
  // Row ids, codes and the zeros of set keys: most numbers a load writes (a third of its key
  // encoding went to the float's bytes), their bytes made from the integer itself.
  if (n >= 0 && n <= 0x7fff_ffff && Number.isInteger(n)) return writeSmallInteger(n, target, at);
  if (Number.isNaN(n)) throw new TypeError('a key part may not be NaN');
  float[0] = n === 0 ? 0 : n;
  const flip = (floatBytes[HIGH]! & 0x80) !== 0 ? 0xff : 0;
  for (let i = 0; i < 8; i++) sortable[i] = floatBytes[LITTLE_ENDIAN ? 7 - i : i]! ^ flip;
  if (flip === 0) sortable[0] = sortable[0]! | 0x80;
  let length = 8;
  while (length > 0 && sortable[length - 1] === 0) length--;
  return escape(sortable, target, at, length);
}

/**
 * A non-negative integer under 2^31 as writeNumber writes its float64: the sign bit set, the
 * exponent 1023 + k for 2^k <= n, the bits under the leading one as the mantissa's first k bits;
 * the 64 bits in two words, big-endian, trailing zero bytes cut, each 0x00 escaped.
 */
function writeSmallInteger(n: number, target: Uint8Array, at: number): number {
  if (n === 0) {
    target[at] = 0x80;
    target[at + 1] = 0;
    return at + 2;
  }
  const k = 31 - Math.clz32(n);
  const rest = n ^ (1 << k);
  const high = 0x8000_0000 | ((1023 + k) << 20) | (k <= 20 ? rest << (20 - k) : rest >>> (k - 20));
  const low = k <= 20 ? 0 : rest << (52 - k);
  // Written down to the last byte that is not zero.
  at = escapedByte(high >>> 24, target, at);
  if ((high & 0xff_ffff) !== 0 || low !== 0) at = escapedByte((high >>> 16) & 0xff, target, at);
  if ((high & 0xffff) !== 0 || low !== 0) at = escapedByte((high >>> 8) & 0xff, target, at);
  if ((high & 0xff) !== 0 || low !== 0) at = escapedByte(high & 0xff, target, at);
  for (let shift = 24; shift >= 0 && low << (24 - shift) !== 0; shift -= 8) at = escapedByte((low >>> shift) & 0xff, target, at);
  target[at] = 0;
  return at + 1;
}

/** A key byte, a 0x00 escaped as 0x00 0xFF. */
function escapedByte(b: number, target: Uint8Array, at: number): number {
  target[at++] = b;
  if (b === 0) target[at++] = 0xff;
  return at;
}

/** writeNumber undone: the sign bit set means the number was positive, else every bit was flipped. */
function numberOf(bytes: Uint8Array): number {
  sortable.fill(0);
  sortable.set(bytes);
  const flip = (sortable[0]! & 0x80) !== 0 ? 0 : 0xff;
  if (flip === 0) sortable[0] = sortable[0]! & 0x7f;
  for (let i = 0; i < 8; i++) floatBytes[LITTLE_ENDIAN ? 7 - i : i] = sortable[i]! ^ flip;
  return float[0]!;
}

/** Writes the first `length` bytes, each 0x00 as 0x00 0xFF, then the 0x00 that ends them. */
function escape(bytes: Uint8Array, target: Uint8Array, at: number, length = bytes.length): number {
  for (let i = 0; i < length; i++) at = escapedByte(bytes[i]!, target, at);
  target[at] = 0;
  return at + 1;
}

/** The bytes up to the 0x00 that ends them, unescaped, and the position after it. */
function unescape(source: Uint8Array, at: number): [Uint8Array, number] {
  const out: number[] = [];
  for (;;) {
    const b = source[at++];
    if (b === undefined) throw new Error('a key ends inside a part');
    if (b !== 0) {
      out.push(b);
      continue;
    }
    if (source[at] !== 0xff) return [Uint8Array.from(out), at];
    out.push(0);
    at++;
  }
}
