import type { Row } from './layout.js';

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
  }
}
