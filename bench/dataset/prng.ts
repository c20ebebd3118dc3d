/**
 * Seeded pseudo-random numbers for the benchmark dataset.
 *
 * Every entity gets its own generator, seeded from (dataset seed, stream, index), so entity i
 * can be produced without producing 0..i-1 first: loaders can stream and the query builder can
 * look at one restaurant without materialising a million.
 */

/** 32-bit avalanche mix (the murmur3 finaliser): nearby inputs give unrelated outputs. */
export function mix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Seed for entity `index` of `stream` (one stream per entity kind, so kinds never share draws). */
export function entitySeed(seed: number, stream: number, index: number): number {
  return mix32(mix32(mix32(seed) ^ Math.imul(stream, 0x9e3779b9)) ^ index);
}

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1) — mulberry32. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  }
}
