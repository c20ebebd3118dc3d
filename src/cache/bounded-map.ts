import { checkBound } from './bound.js';

/**
 * A Map of at most `max` entries: past it, the oldest goes (the one added first: a Map keeps
 * insertion order). For caches made in numbers (one per index version, per GraphQL plan, per
 * row) and for lookups made once per row: it allocates nothing up front and a hit is a plain Map
 * lookup, where a BoundedCache (lru-cache) allocates slots for its whole bound when it is made
 * and records recency on every hit.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(readonly max: number) {
    super();
    checkBound(max);
  }

  override set(key: K, value: V): this {
    if (this.size >= this.max && !this.has(key)) this.delete(this.keys().next().value!);
    return super.set(key, value);
  }
}
