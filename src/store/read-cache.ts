import type { IndexValue } from './index-keys.js';
import type { Row } from './layout.js';

/** The rows that hold one indexed value (RowStore.indexGroups). */
export interface IndexGroup {
  readonly value: IndexValue;
  readonly ids: Uint32Array;
  /** The value is a prefix of longer text: rows must be re-checked. */
  readonly inexact: boolean;
}

/**
 * One field's indexed values by row id: `values[positions[id]]`, where a position of -1 (or an
 * id past the end) means the row has no value in that index.
 */
export interface IndexedValues {
  readonly positions: Int32Array;
  readonly values: readonly IndexValue[];
}

/** One field's index in one scope, in memory: its distinct values in key order and each value's ids. */
export interface FieldGroups {
  readonly values: readonly IndexValue[];
  readonly sets: readonly Uint32Array[];
  /** `offsets[i]`: how many ids the sets before `i` hold (one more entry than sets): ranges are counted, not walked. */
  readonly offsets: Uint32Array;
}

/**
 * A head's sets by numeric tail, when most hold one id (a to-one relation's lists): one int per
 * tail in an array, so many tails are looked up without a hash lookup and a set object each.
 * 0: not known; SOLE_EMPTY: the set is empty; SOLE_SEVERAL: it holds several ids (read the set);
 * anything else is the one id it holds (row ids start at 1).
 */
export const SOLE_EMPTY = -1;
const SOLE_SEVERAL = -2;

/**
 * Bounds on what is kept: past them the cache starts over rather than tracking recency per read.
 * Not on src/cache: this is the data itself, nested by head and type so that a write drops
 * exactly what it changed, and dropped whole when the write generation moves under a reader
 * (`Store.refresh`), as src/cache drops what is derived from data.
 */
const MAX_SETS = 200_000;
const MAX_ROWS = 500_000;

/**
 * Decoded id sets and rows kept in memory: a read-heavy store answers most reads without lmdb.
 * Every write in this process drops what it changes at once; nothing is kept while a write
 * transaction is open, so an aborted transaction leaves nothing behind. Another process's writes
 * are noticed through the store's write generation (see `Store.refresh`).
 */
/** The last element of a set's key prefix: sets are kept by the rest of the prefix, then by it. */
export type SetKeyTail = string | number | boolean | null;

export class ReadCache {
  /** Sets by the head of their prefix, then its last element: many sets of one list or field share a head. */
  private sets = new Map<string, Map<SetKeyTail, Uint32Array>>();
  private setCount = 0;
  private soles = new Map<string, Int32Array>();
  private rows = new Map<string, Map<number, Row>>();
  private fields = new Map<string, FieldGroups>();
  /** Per type: the scopes it has rows in and how many rows each holds. */
  private scopeCounts = new Map<string, ReadonlyMap<string, number>>();

  constructor(private readonly writing: () => boolean) {}

  /** The sets kept under one head, by tail; undefined when none is. */
  setsOf(head: string): ReadonlyMap<SetKeyTail, Uint32Array> | undefined {
    return this.sets.get(head);
  }

  keepSet(head: string, tail: SetKeyTail, ids: Uint32Array): void {
    if (this.writing()) return;
    if (this.setCount >= MAX_SETS) {
      this.sets = new Map();
      this.setCount = 0;
    }
    let byTail = this.sets.get(head);
    if (!byTail) this.sets.set(head, (byTail = new Map()));
    if (!byTail.has(tail)) this.setCount++;
    byTail.set(tail, ids);
  }

  dropSet(head: string, tail: SetKeyTail): void {
    if (this.sets.get(head)?.delete(tail)) this.setCount--;
    const column = this.soles.get(head);
    if (column && typeof tail === 'number' && tail < column.length) column[tail] = 0;
  }

  /** The sole-id column of a head (see SOLE_EMPTY), if one was started. */
  solesOf(head: string): Int32Array | undefined {
    return this.soles.get(head);
  }

  /** Records what a set of a head's numeric tail holds in its sole-id column. */
  keepSole(head: string, tail: number, ids: Uint32Array): void {
    if (this.writing()) return;
    let column = this.soles.get(head);
    if (!column || tail >= column.length) {
      const grown = new Int32Array(Math.max(tail + 1, (column?.length ?? 0) * 2, 1024));
      if (column) grown.set(column);
      this.soles.set(head, (column = grown));
    }
    column[tail] = ids.length === 0 ? SOLE_EMPTY : ids.length === 1 && ids[0]! <= 0x7fffffff ? ids[0]! : SOLE_SEVERAL;
  }

  field(key: string): FieldGroups | undefined {
    return this.fields.get(key);
  }

  /** Whether a field may be read into memory now: not while a write transaction is open. */
  get open(): boolean {
    return !this.writing();
  }

  keepField(key: string, groups: FieldGroups): void {
    if (this.writing()) return;
    this.fields.set(key, groups);
  }

  dropField(key: string): void {
    this.fields.delete(key);
  }

  counts(type: string): ReadonlyMap<string, number> | undefined {
    return this.scopeCounts.get(type);
  }

  keepCounts(type: string, counts: ReadonlyMap<string, number>): void {
    if (!this.writing()) this.scopeCounts.set(type, counts);
  }

  dropCounts(type: string): void {
    this.scopeCounts.delete(type);
  }

  row(type: string, id: number): Row | undefined {
    return this.rows.get(type)?.get(id);
  }

  keepRow(type: string, row: Row): Row {
    if (this.writing()) return row;
    let rows = this.rows.get(type);
    if (!rows) this.rows.set(type, (rows = new Map()));
    if (rows.size >= MAX_ROWS) rows.clear();
    // Shared between readers from now on, json values inside it included: frozen through and
    // through, nothing a reader is handed can change what the next one reads.
    rows.set(row.id, freezeDeep(row));
    return row;
  }

  dropRow(type: string, id: number): void {
    this.rows.get(type)?.delete(id);
  }

  clear(): void {
    this.sets = new Map();
    this.setCount = 0;
    this.soles = new Map();
    this.rows = new Map();
    this.fields = new Map();
    this.scopeCounts = new Map();
  }
}

/** Freezes an object and every object it holds (json values are plain objects and arrays). */
function freezeDeep<T extends object>(value: T): T {
  const stack: object[] = [value];
  while (stack.length > 0) {
    const item = stack.pop()! as Record<string, unknown>;
    Object.freeze(item);
    for (const key in item) {
      const inner = item[key];
      if (typeof inner === 'object' && inner !== null && !Object.isFrozen(inner) && !ArrayBuffer.isView(inner)) stack.push(inner);
    }
  }
  return value;
}
