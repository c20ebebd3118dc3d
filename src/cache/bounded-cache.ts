import { LRUCache } from 'lru-cache';
import { checkBound } from './bound.js';

/**
 * At most `max` entries; when full, the entry used longest ago makes room (lru-cache keeps the
 * order in arrays allocated for the whole bound, so a hit moves no object and a full cache
 * allocates nothing): for caches that live as long as the server. Those arrays are allocated at
 * the first entry kept, so a cache never used (a server that checks no token) costs nothing.
 * Values may be anything but undefined, which stands for "not kept".
 */
export class BoundedCache<K extends {}, V> {
  // lru-cache's types refuse null values; it keeps them as it keeps any other.
  private entries: LRUCache<K, V & {}> | undefined;

  constructor(readonly max: number) {
    checkBound(max);
  }

  /** The value kept for `key`, which becomes the most recently used; undefined when none is. */
  get(key: K): V | undefined {
    return this.entries?.get(key);
  }

  set(key: K, value: V): void {
    (this.entries ??= new LRUCache<K, V & {}>({ max: this.max })).set(key, value as V & {});
  }

  delete(key: K): void {
    this.entries?.delete(key);
  }

  /**
   * The value kept for `key`, or `make()`'s, then kept. Nothing is kept when `make` throws or
   * gives undefined, nor when `key` is undefined (a key not worth keeping: too long, say).
   */
  remember<R extends V | undefined>(key: K | undefined, make: () => R): R {
    if (key === undefined) return make();
    const known = this.entries?.get(key);
    if (known !== undefined) return known as R;
    const value = make();
    if (value !== undefined) this.set(key, value as V);
    return value;
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }

  clear(): void {
    this.entries?.clear();
  }
}
