import type { IndexValue } from './index-keys.js';
import type { Row } from './layout.js';

/** One field's index in one scope, in memory: its distinct values in key order and each value's ids. */
export interface FieldGroups {
  readonly values: readonly IndexValue[];
  readonly sets: readonly Uint32Array[];
}

/** Bounds on what is kept: past them the cache starts over rather than tracking recency per read. */
const MAX_SETS = 200_000;
const MAX_ROWS = 500_000;

/**
 * Decoded id sets and rows kept in memory: a read-heavy store answers most reads without lmdb.
 * Every write in this process drops what it changes at once; nothing is kept while a write
 * transaction is open, so an aborted transaction leaves nothing behind. Another process's writes
 * are noticed through the store's write generation (see `Store.refresh`).
 */
export class ReadCache {
  private sets = new Map<string, Uint32Array>();
  private rows = new Map<string, Map<number, Row>>();
  private fields = new Map<string, FieldGroups>();
  /** Per type: the scopes it has rows in and how many rows each holds. */
  private scopeCounts = new Map<string, ReadonlyMap<string, number>>();

  constructor(private readonly writing: () => boolean) {}

  set(key: string): Uint32Array | undefined {
    return this.sets.get(key);
  }

  keepSet(key: string, ids: Uint32Array): void {
    if (this.writing()) return;
    if (this.sets.size >= MAX_SETS) this.sets = new Map();
    this.sets.set(key, ids);
  }

  dropSet(key: string): void {
    this.sets.delete(key);
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
    // Shared between readers from now on: freezing makes an accidental write fail loudly.
    rows.set(row.id, Object.freeze(row));
    return row;
  }

  dropRow(type: string, id: number): void {
    this.rows.get(type)?.delete(id);
  }

  clear(): void {
    this.sets = new Map();
    this.rows = new Map();
    this.fields = new Map();
    this.scopeCounts = new Map();
  }
}
