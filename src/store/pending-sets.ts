import type { Key } from 'lmdb';
import { compareIndexValues, type IndexValue } from './index-keys.js';
import type { SetKeyTail } from './read-cache.js';

/**
 * Changes to posting sets made in the open write transaction, kept in memory until the set is
 * read or the transaction is about to commit. A batch of creates adds each new row to the same
 * few hundred sets (a field's values, a text's trigrams): written as they come, every add is a
 * directory read, a block read and copy and a put; gathered, each set is read and written once
 * per transaction. Sets are kept by the head of their prefix, then by its last element, so that
 * recording a change builds no key for the whole prefix.
 */
export class PendingSets {
  private readonly heads = new Map<string, PendingHead>();
  private sets = 0;
  private changes = 0;

  /** How many sets have changes waiting. */
  get size(): number {
    return this.sets;
  }

  /**
   * About what the waiting changes hold in memory, in array slots of 8 bytes: a slot per change,
   * and for each set its array and its entry in a map.
   */
  get weight(): number {
    return this.changes + SET_WEIGHT * this.sets;
  }

  head(key: string): PendingHead | undefined {
    return this.heads.get(key);
  }

  openHead(key: string, head: readonly Key[]): PendingHead {
    const opened = { head, tails: new Map<SetKeyTail, number[]>() };
    this.heads.set(key, opened);
    return opened;
  }

  /** `op` is an id added, or minus an id removed (row ids start at 1, so the sign is free); answers whether the set had none waiting. */
  record(head: PendingHead, tail: SetKeyTail, op: number): boolean {
    this.changes++;
    const ops = head.tails.get(tail);
    if (ops) {
      ops.push(op);
      return false;
    }
    head.tails.set(tail, [op]);
    this.sets++;
    return true;
  }

  holds(headKey: string, tail: SetKeyTail): boolean {
    return this.heads.get(headKey)?.tails.has(tail) === true;
  }

  take(headKey: string, tail: SetKeyTail): PendingSet | undefined {
    const head = this.heads.get(headKey);
    const ops = head?.tails.get(tail);
    if (!ops) return undefined;
    head!.tails.delete(tail);
    if (head!.tails.size === 0) this.heads.delete(headKey);
    this.sets--;
    this.changes -= ops.length;
    return { headKey, prefix: [...head!.head, tail as Key], ops };
  }

  /**
   * Takes the sets with at most `most` changes waiting (for whom waiting saves nothing), or all,
   * in key order: a flush writing thousands of sets then walks each B-tree once, left to right,
   * copying each page it changes once, instead of jumping between pages the transaction copies
   * one by one (a million-row import's flushes touched a random page per set).
   */
  takeOrdered(most = Infinity): PendingSet[] {
    const taken: PendingSet[] = [];
    // A single write's few sets are not worth sorting.
    const sort = this.sets >= SORTED_FROM;
    const heads = sort ? [...this.heads].sort(([, a], [, b]) => compareKeys(a.head, b.head)) : [...this.heads];
    for (const [headKey, { head, tails }] of heads) {
      const chosen = [...tails.keys()].filter((tail) => tails.get(tail)!.length <= most);
      if (sort) chosen.sort(compareIndexValues);
      for (const tail of chosen) {
        const ops = tails.get(tail)!;
        taken.push({ headKey, prefix: [...head, tail as Key], ops });
        tails.delete(tail);
        this.sets--;
        this.changes -= ops.length;
      }
      if (tails.size === 0) this.heads.delete(headKey);
    }
    return taken;
  }

  clear(): void {
    this.heads.clear();
    this.sets = 0;
    this.changes = 0;
  }
}

/** From this many waiting sets on, they are written in key order. */
const SORTED_FROM = 512;

/** What one set's array and map entry take beside its changes, in slots (measured roughly: 100 to 150 bytes). */
const SET_WEIGHT = 16;

export interface PendingHead {
  readonly head: readonly Key[];
  readonly tails: Map<SetKeyTail, number[]>;
}

export interface PendingSet {
  readonly headKey: string;
  readonly prefix: readonly Key[];
  readonly ops: number[];
}

/** What a run of adds and removes leaves changed: the last change to each id is the one that counts. */
export interface NetChange {
  /** Ascending, each id once. */
  readonly added: Uint32Array;
  readonly removed: Uint32Array;
}

export function netChange(ops: readonly number[]): NetChange {
  if (ascendingAdds(ops)) return { added: Uint32Array.from(ops), removed: NONE };
  const last = new Map<number, number>();
  for (const op of ops) last.set(Math.abs(op), op);
  const added: number[] = [];
  const removed: number[] = [];
  for (const [id, op] of last) (op > 0 ? added : removed).push(id);
  return { added: Uint32Array.from(added).sort(), removed: Uint32Array.from(removed).sort() };
}

const NONE = new Uint32Array(0);

function ascendingAdds(ops: readonly number[]): boolean {
  let previous = 0;
  for (const op of ops) {
    if (op <= previous) return false;
    previous = op;
  }
  return true;
}

/** Keys' order in LMDB, element by element, a shorter prefix first. */
export function compareKeys(a: readonly Key[], b: readonly Key[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const order = compareIndexValues(a[i] as IndexValue, b[i] as IndexValue);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}
