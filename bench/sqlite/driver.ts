/**
 * better-sqlite3 has no bundled type declarations, and adding @types would be one more
 * dependency for a bench: this is the slice of its API the bench uses, typed by hand.
 */
import { createRequire } from 'node:module';

export type SqlValue = number | string | bigint | Buffer | null;

export interface Statement<Row> {
  all(...params: readonly SqlValue[]): Row[];
  get(...params: readonly SqlValue[]): Row | undefined;
  run(...params: readonly SqlValue[]): { changes: number };
}

export interface Database {
  prepare<Row = unknown>(sql: string): Statement<Row>;
  exec(sql: string): void;
  pragma(source: string): unknown;
  transaction<Args extends unknown[]>(fn: (...args: Args) => void): (...args: Args) => void;
  close(): void;
}

type DatabaseConstructor = new (filename: string) => Database;

const require = createRequire(import.meta.url);

export function openDatabase(filename: string): Database {
  const Ctor = require('better-sqlite3') as DatabaseConstructor;
  return new Ctor(filename);
}
