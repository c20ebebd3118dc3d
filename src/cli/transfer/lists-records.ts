import type { ListsRecord } from './format.js';

/**
 * Rows per lists record, and targets past which a record is closed early: an import decodes a
 * record whole, so this bounds what one holds (a million restaurants' categories lists, 2,000
 * categories of 1,250 restaurants each, would be one record of 2.5M targets).
 */
const ROWS_PER_RECORD = 4_096;
const TARGETS_PER_RECORD = 65_536;

/** Gathers one relation's lists of many rows into lists records (format.ts), answering each one full. */
export class ListsBuilder {
  private rows: number[] = [];
  private lengths: number[] = [];
  private targets: number[] = [];

  constructor(
    private readonly type: string,
    private readonly relation: string,
  ) {}

  /** Adds a row's list, by the row's position and its targets': a record to write when one is full. */
  add(row: number, targets: readonly number[]): ListsRecord | undefined {
    this.rows.push(row);
    this.lengths.push(targets.length);
    for (const target of targets) this.targets.push(target);
    return this.rows.length >= ROWS_PER_RECORD || this.targets.length >= TARGETS_PER_RECORD ? this.take() : undefined;
  }

  /** The record of the lists added since the last one; undefined when there are none. */
  take(): ListsRecord | undefined {
    if (this.rows.length === 0) return undefined;
    const record: ListsRecord = { kind: 'lists', type: this.type, relation: this.relation, rows: this.rows, lengths: this.lengths, targets: this.targets };
    this.rows = [];
    this.lengths = [];
    this.targets = [];
    return record;
  }
}
