/** Numbers appended to a Uint32Array that doubles as it fills: a few bytes each, where a JS array of small numbers takes eight. */
export class U32List {
  private items: Uint32Array;
  length = 0;

  constructor(capacity = 4) {
    this.items = new Uint32Array(capacity);
  }

  push(n: number): void {
    if (this.length === this.items.length) this.items = grown(this.items, this.length + 1);
    this.items[this.length++] = n;
  }

  at(i: number): number {
    return this.items[i]!;
  }

  /** The numbers so far: a view, valid until the next push. */
  view(): Uint32Array {
    return this.items.subarray(0, this.length);
  }
}

/** Byte strings appended end to end, each found again by its end offset. */
export class ByteList {
  private bytes = new Uint8Array(1024);
  private used = 0;
  private readonly ends = new U32List(1024);

  /** Appends `value` and answers its index. */
  push(value: Uint8Array): number {
    if (this.used + value.length > this.bytes.length) this.bytes = grown(this.bytes, this.used + value.length);
    this.bytes.set(value, this.used);
    this.used += value.length;
    this.ends.push(this.used);
    return this.ends.length - 1;
  }

  /** The `i`th byte string: a view, valid until the next push. */
  get(i: number): Uint8Array {
    return this.bytes.subarray(i === 0 ? 0 : this.ends.at(i - 1), this.ends.at(i));
  }
}

function grown<T extends Uint8Array | Uint32Array>(items: T, atLeast: number): T {
  const bigger = new (items.constructor as new (n: number) => T)(Math.max(atLeast, items.length * 2));
  bigger.set(items);
  return bigger;
}
