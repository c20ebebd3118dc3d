/**
 * A dense set of row ids: one bit per id up to the largest. Words are signed: V8 keeps int32
 * elements as small integers, while a Uint32Array element of 2^31 or more is read as a heap
 * number, which made every bit operation on such a word several times slower. Row ids of a type are dense from 1,
 * so once a set holds about one id per 32, its bitmap is no larger than its id array, and
 * intersecting, uniting or subtracting two of them is one pass over words instead of a merge
 * over ids: the broad sets of flat filters (a boolean, a star rating) stay cheap.
 */
export class Bitmap {
  private constructor(
    readonly words: Int32Array,
    /** Counted when first asked: most intermediate results of a plan are never counted. */
    private count: number | undefined,
  ) {}

  /** How many ids are in the set. */
  get size(): number {
    if (this.count === undefined) {
      let n = 0;
      const words = this.words;
      for (let w = 0; w < words.length; w++) n += popcount(words[w]!);
      this.count = n;
    }
    return this.count;
  }

  /** From ascending ids. */
  static fromSorted(ids: Uint32Array): Bitmap {
    const words = new Int32Array(ids.length === 0 ? 0 : (ids[ids.length - 1]! >>> 5) + 1);
    for (let i = 0; i < ids.length; i++) words[ids[i]! >>> 5]! |= 1 << (ids[i]! & 31);
    return new Bitmap(words, ids.length);
  }

  /** From words this module filled. */
  static ofWords(words: Int32Array): Bitmap {
    return new Bitmap(words, undefined);
  }

  has(id: number): boolean {
    const w = id >>> 5;
    return w < this.words.length && (this.words[w]! & (1 << (id & 31))) !== 0;
  }

  /** Whether no id is in the set: stops at the first non-zero word. */
  get empty(): boolean {
    if (this.count !== undefined) return this.count === 0;
    const words = this.words;
    for (let w = 0; w < words.length; w++) if (words[w] !== 0) return false;
    this.count = 0;
    return true;
  }

  /**
   * Counted in the same pass: an intersection is usually a filter's last step, whose size is the
   * answer's total, and a second pass over the words costs as much as the first.
   */
  and(other: Bitmap, scratch = false): Bitmap {
    const n = Math.min(this.words.length, other.words.length);
    const out = scratch ? scratchWords(n) : new Int32Array(n);
    const a = this.words;
    const b = other.words;
    let count = 0;
    for (let w = 0; w < n; w++) {
      const x = a[w]! & b[w]!;
      out[w] = x;
      if (x !== 0) count += popcount(x);
    }
    return new Bitmap(out, count);
  }

  andNot(other: Bitmap): Bitmap {
    const out = this.words.slice();
    const b = other.words;
    const n = Math.min(out.length, b.length);
    for (let w = 0; w < n; w++) out[w] = out[w]! & ~b[w]!;
    return Bitmap.ofWords(out);
  }

  /** The ids of `ids` (ascending) that are in this set, ascending. */
  filter(ids: Uint32Array, keep: boolean): Uint32Array {
    const out = new Uint32Array(ids.length);
    let n = 0;
    for (let i = 0; i < ids.length; i++) if (this.has(ids[i]!) === keep) out[n++] = ids[i]!;
    return out.subarray(0, n);
  }

  /** This set without the ids of `ids`. */
  without(ids: Uint32Array): Bitmap {
    const out = this.words.slice();
    for (let i = 0; i < ids.length; i++) {
      const w = ids[i]! >>> 5;
      if (w < out.length) out[w] = out[w]! & ~(1 << (ids[i]! & 31));
    }
    return Bitmap.ofWords(out);
  }

  toArray(): Uint32Array {
    return this.range(0, this.size);
  }

  /** The ids at ranks `start` (inclusive) to `end` (exclusive) in ascending order; whole words are skipped by their counts. */
  range(start: number, end: number): Uint32Array {
    end = Math.min(end, this.size);
    const out = new Uint32Array(Math.max(0, end - start));
    let rank = 0;
    let n = 0;
    const words = this.words;
    for (let w = 0; w < words.length && rank < end; w++) {
      let word = words[w]!;
      if (word === 0) continue;
      const count = popcount(word);
      if (rank + count <= start) {
        rank += count;
        continue;
      }
      while (word !== 0 && rank < end) {
        const low = word & -word;
        if (rank >= start) out[n++] = (w << 5) + 31 - Math.clz32(low);
        rank++;
        word ^= low;
      }
    }
    return out;
  }
}

let scratch = new Int32Array(0);

/**
 * Words for a list's last intersection, reused from one list to the next: a broad flat filter's
 * result is a 12 KB bitmap per request at 100k rows, allocated outside the JS heap, and at
 * thousands of requests a second those allocations drove garbage collections. Valid until the
 * next call: only for a result the list counts and pages before it returns (see Executor.run).
 */
function scratchWords(n: number): Int32Array {
  if (scratch.length < n) scratch = new Int32Array(Math.max(n, Math.ceil(scratch.length * 1.5)));
  return scratch.subarray(0, n);
}

/** Builds the union of sets given as bitmaps and arrays of ids (in any order), `wordCount` words wide. */
export function unionInto(wordCount: number, bitmaps: readonly Bitmap[], arrays: readonly ArrayLike<number>[]): Bitmap {
  const out = new Int32Array(wordCount);
  for (const b of bitmaps) {
    const words = b.words;
    for (let w = 0; w < words.length; w++) out[w] = out[w]! | words[w]!;
  }
  for (const ids of arrays) for (let i = 0; i < ids.length; i++) out[ids[i]! >>> 5]! |= 1 << (ids[i]! & 31);
  return Bitmap.ofWords(out);
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
