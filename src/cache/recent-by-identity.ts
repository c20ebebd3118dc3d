import { checkBound } from './bound.js';

/**
 * The values of the last `max` objects given, found by identity, newest first: a ring, so that
 * nothing is kept past `max` newer ones, and giving one allocates nothing. For values about an
 * object that is looked up shortly after it is made (a page read, then printed): a weak map's
 * insertion per object, and its ephemerons at every collection, cost more than the whole lookup.
 */
export class RecentByIdentity<V> {
  private readonly keys: (object | undefined)[];
  private readonly values: (V | undefined)[];
  private next = 0;

  constructor(private readonly max: number) {
    checkBound(max);
    this.keys = new Array<undefined>(max).fill(undefined);
    this.values = new Array<undefined>(max).fill(undefined);
  }

  set(key: object, value: V): void {
    this.keys[this.next] = key;
    this.values[this.next] = value;
    this.next = (this.next + 1) % this.max;
  }

  get(key: object): V | undefined {
    for (let k = 1; k <= this.max; k++) {
      const slot = (this.next - k + this.max) % this.max;
      if (this.keys[slot] === key) return this.values[slot];
    }
    return undefined;
  }
}
