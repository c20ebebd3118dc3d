/**
 * What a store must offer to take part in the filter benchmark. SQLite implements it in
 * bench/sqlite/; Quarry's implementation plugs into the same runner (bench/filters.bench.ts).
 */
import type { BenchQuery } from '../fixtures/dataset/queries.js';
import type { Dataset } from '../fixtures/dataset/types.js';

export interface EngineResult {
  /** Number of restaurants matching the filters (Strapi's `meta.pagination.total`). */
  total: number;
  /** Ids of the requested page, in result order. */
  ids: number[];
}

export interface Engine {
  readonly name: string;
  /** Store every entity, restaurant at index i under id i + 1 (chefs and categories alike). */
  load(data: Dataset): Promise<void> | void;
  /**
   * Answer one query: read the page's full restaurant rows (every scalar column, as a list
   * endpoint would) and count the total. Synchronous so timing measures the query, not the
   * event loop.
   */
  run(query: BenchQuery): EngineResult;
  /** How the engine answers a query, in one line (its plan), when it can say. */
  explain?(query: BenchQuery): string;
  close?(): Promise<void> | void;
}
