import { Rng } from '../../fixtures/prng.js';

/** Seeded random choices for the reliability workloads: a seed replays a run's choices. */
export class RandomPicks {
  private readonly rng: Rng;

  constructor(readonly seed: number) {
    this.rng = new Rng(seed);
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.rng.next();
  }

  /** An integer from `lo` to `hi`, both included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]!;
  }

  /** `n` distinct items (fewer when the list is shorter), in random order. */
  sample<T>(list: readonly T[], n: number): T[] {
    const pool = [...list];
    const out: T[] = [];
    while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]!);
    return out;
  }
}
