import { checkBound } from './bound.js';

/**
 * A Map of at most `max` entries: past it, the oldest goes (the one added first: a Map keeps
 * insertion order). For caches made in numbers (one per index version, per GraphQL plan, per
 * row) and for lookups made once per row: it allocates nothing up front and a hit is a plain Map
 * lookup, where a BoundedCache (lru-cache) allocates slots for its whole bound when it is made
 * and records recency on every hit.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  /**
   * Walks the keys oldest first, evicting as it goes. A new iterator per eviction would start at
   * the front of the table and step over every entry deleted since V8 last compacted it: past the
   * bound, evictions then cost time growing with the bound (250k inserts into a full map of 500k
   * took 16-53 s, which made a million-row import four times slower per row than 100k).
   */
  private oldest: IterableIterator<K> | undefined;

  constructor(readonly max: number) {
    super();
    checkBound(max);
  }

  override set(key: K, value: V): this {
    if (this.size >= this.max && !this.has(key)) {
      let next = this.oldest?.next();
      // A finished iterator stays finished, though keys were added since.
      if (next === undefined || next.done) next = (this.oldest = this.keys()).next();
      this.delete(next.value as K);
    }
    return super.set(key, value);
  }
}
