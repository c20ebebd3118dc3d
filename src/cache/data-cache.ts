import { BoundedCache } from './bounded-cache.js';

interface Stamped<V> {
  readonly value: V;
  /** The write generation the value was derived at. */
  readonly generation: number;
}

/**
 * A bounded cache of values derived from stored data: each is stamped with the write generation
 * it was derived at and dropped once `staleAfterWrites` writes have been committed since (1: at
 * the first one). `generation` reads the counter the values depend on, usually the store's
 * `writeGeneration`, which also moves with other processes' writes once the store has refreshed.
 */
export class DataCache<K extends {}, V> {
  private readonly entries: BoundedCache<K, Stamped<V>>;

  constructor(max: number, private readonly generation: () => number, private readonly staleAfterWrites = 1) {
    if (!Number.isSafeInteger(staleAfterWrites) || staleAfterWrites < 1) {
      throw new RangeError(`staleAfterWrites must be a positive integer, got ${String(staleAfterWrites)}`);
    }
    this.entries = new BoundedCache(max);
  }

  /** The value kept for `key` while it is fresh; a stale one is dropped. */
  get(key: K): V | undefined {
    return this.fresh(key, this.generation());
  }

  /** Keeps `value`, stamped with the generation now: derive it and keep it without a write in between. */
  set(key: K, value: V): void {
    this.entries.set(key, { value, generation: this.generation() });
  }

  /**
   * The fresh value kept for `key`, or `make()`'s, then kept, stamped with the generation read
   * before it was made. As `BoundedCache.remember`, a throw or undefined keeps nothing.
   */
  remember<R extends V | undefined>(key: K, make: () => R): R {
    const generation = this.generation();
    const known = this.fresh(key, generation);
    if (known !== undefined) return known as R;
    const value = make();
    if (value !== undefined) this.entries.set(key, { value: value as V, generation });
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drops every entry: for when something besides the data that the values depend on changed. */
  clear(): void {
    this.entries.clear();
  }

  private fresh(key: K, generation: number): V | undefined {
    const kept = this.entries.get(key);
    if (kept === undefined) return undefined;
    // A counter that went back (it is read from the data) no longer describes what was derived.
    const writes = generation - kept.generation;
    if (writes >= 0 && writes < this.staleAfterWrites) return kept.value;
    this.entries.delete(key);
    return undefined;
  }
}
