import type { Dbs } from './store.js';
import { MAX } from './keys.js';
import { keyBetween, type OrderKey } from './order-key.js';
import { Postings } from './postings.js';

/** The adjacency key under which each list keeps the set of its sources that have links; strings sort after row ids. */
const ANY = 'any';

/** Where a link goes in its source's list. */
export type Placement =
  | { readonly at: 'start' }
  | { readonly at: 'end' }
  | { readonly at: 'before'; readonly target: number }
  | { readonly at: 'after'; readonly target: number };

/**
 * Ordered link lists: for each (list, source row) an ordered list of target rows without
 * duplicates. Every operation is a few B-tree lookups whatever the list's length.
 * Only the relation layer calls the writing methods: it keeps both sides of a relation in step.
 */
export class LinkStore {
  private readonly adjacency: Postings;

  constructor(
    private readonly dbs: Dbs,
    private readonly code: (name: string) => number,
  ) {
    this.adjacency = new Postings(dbs.adj);
  }

  /** The targets of one source's list as an ascending id set (not in list order). */
  targetSet(list: string, source: number): Uint32Array {
    return this.adjacency.get([this.code(list), source]);
  }

  /** Source rows that have at least one link in a list, ascending. */
  sourcesWithLinks(list: string): Uint32Array {
    return this.adjacency.get([this.code(list), ANY]);
  }

  /** Target rows in list order. */
  *targets(list: string, source: number): IterableIterator<number> {
    const l = this.code(list);
    for (const { value } of this.dbs.links.getRange({ start: [l, source], end: [l, source, MAX] })) yield value;
  }

  count(list: string, source: number): number {
    const l = this.code(list);
    return this.dbs.linkPos.getKeysCount({ start: [l, source], end: [l, source, MAX] });
  }

  has(list: string, source: number, target: number): boolean {
    return this.dbs.linkPos.get([this.code(list), source, target]) !== undefined;
  }

  /** Puts `target` in the list at `where`, moving it there if it is already linked. */
  place(list: string, source: number, target: number, where: Placement): void {
    const l = this.code(list);
    this.removeCode(l, source, target);
    const key = this.keyFor(l, source, where);
    this.dbs.links.putSync([l, source, key.n, key.f], target);
    this.dbs.linkPos.putSync([l, source, target], [key.n, key.f]);
    this.adjacency.add([l, source], target);
    this.adjacency.add([l, ANY], source);
  }

  /** Appends `target` unless it is linked already, in which case it keeps its place. */
  ensure(list: string, source: number, target: number): void {
    if (!this.has(list, source, target)) this.place(list, source, target, { at: 'end' });
  }

  /** Returns whether the link existed. */
  remove(list: string, source: number, target: number): boolean {
    return this.removeCode(this.code(list), source, target);
  }

  /** Removes every link of one source's list and returns the targets it had, in order. */
  clear(list: string, source: number): number[] {
    const l = this.code(list);
    const removed: number[] = [];
    for (const { key, value } of this.dbs.links.getRange({ start: [l, source], end: [l, source, MAX] })) {
      this.dbs.links.removeSync(key);
      this.dbs.linkPos.removeSync([l, source, value]);
      this.adjacency.remove([l, source], value);
      removed.push(value);
    }
    this.adjacency.remove([l, ANY], source);
    return removed;
  }

  private removeCode(l: number, source: number, target: number): boolean {
    const pos = this.dbs.linkPos.get([l, source, target]);
    if (pos === undefined) return false;
    this.dbs.links.removeSync([l, source, pos[0], pos[1]]);
    this.dbs.linkPos.removeSync([l, source, target]);
    this.adjacency.remove([l, source], target);
    if (!this.hasAny(l, source)) this.adjacency.remove([l, ANY], source);
    return true;
  }

  /** Whether a source's list still has a link. (lmdb's getKeysCount ignores `limit` and counts the whole list.) */
  private hasAny(l: number, source: number): boolean {
    for (const _ of this.dbs.linkPos.getKeys({ start: [l, source], end: [l, source, MAX], limit: 1 })) return true;
    return false;
  }

  private keyFor(l: number, source: number, where: Placement): OrderKey {
    switch (where.at) {
      case 'start':
        return keyBetween(undefined, this.edge(l, source, false));
      case 'end':
        return keyBetween(this.edge(l, source, true), undefined);
      case 'before': {
        const anchor = this.anchor(l, source, where.target);
        return keyBetween(this.neighbour(l, source, anchor, true), anchor);
      }
      case 'after': {
        const anchor = this.anchor(l, source, where.target);
        return keyBetween(anchor, this.neighbour(l, source, anchor, false));
      }
    }
  }

  private anchor(l: number, source: number, target: number): OrderKey {
    const pos = this.dbs.linkPos.get([l, source, target]);
    if (pos === undefined) throw new Error(`Link anchor ${target} is not in the list`);
    return { n: pos[0], f: pos[1] };
  }

  /** The first (last = false) or last key of a list. */
  private edge(l: number, source: number, last: boolean): OrderKey | undefined {
    const range = last
      ? { start: [l, source, MAX], end: [l, source], reverse: true, limit: 1 }
      : { start: [l, source], end: [l, source, MAX], limit: 1 };
    for (const key of this.dbs.links.getKeys(range)) return { n: key[2] as number, f: key[3] as string };
    return undefined;
  }

  /** The key just before (or after) `at` in the list, if any. */
  private neighbour(l: number, source: number, at: OrderKey, before: boolean): OrderKey | undefined {
    const here = [l, source, at.n, at.f];
    const range = before
      ? { start: here, end: [l, source], reverse: true, limit: 2 }
      : { start: here, end: [l, source, MAX], limit: 2 };
    for (const key of this.dbs.links.getKeys(range)) {
      if (key[2] === at.n && key[3] === at.f) continue;
      return { n: key[2] as number, f: key[3] as string };
    }
    return undefined;
  }
}
