/**
 * Caches, under one policy. Every cache is bounded by its number of entries (BoundedCache: the
 * least recently used entry makes room). What an entry depends on decides the rest:
 *
 * - Entries that depend only on a request's text and the schema (read requests compiled, query
 *   strings read, GraphQL documents parsed and validated, GraphQL variables coerced, Accept
 *   headers read, entry builders per field selection) stay true for as long as the process runs:
 *   bounded, never dropped by writes (BoundedCache).
 * - Entries derived from stored data are stamped with the store's write generation and dropped
 *   when it has moved on (DataCache): at the first write for what an answer is made of (API
 *   tokens, by their own generation), after REDECIDE_AFTER_WRITES for what only chooses between
 *   ways that are all right (plans, cost samples, inline-or-pool decisions).
 *
 * Left outside, each saying why where it is made: the store's read cache (it is the data itself,
 * dropped key by key as writes change it and whole when the generation moves under a reader);
 * weak maps keyed by frozen objects (a memo lives exactly as long as its key, which a bounded
 * cache here holds); per-request and per-read maps; the case folds of stored texts (a per-row
 * hot path, store/index-keys.ts).
 *
 * Nothing here imports from the rest of src/: any layer may use it.
 */
export { BoundedCache } from './bounded-cache.js';
export { DataCache } from './data-cache.js';

/**
 * Distinct requests a cache of request texts keeps: clients repeat the same few request shapes,
 * and a flood of distinct ones pushes out the oldest instead of growing the process.
 */
export const REQUESTS_KEPT = 2_000;

/**
 * Writes after which an entry that only steers (a plan, a cost sample, an inline-or-pool
 * decision) is derived again: any such choice gives the same answer, only its speed drifts as the
 * data changes, and deriving it again after every write would cost more than the drift.
 */
export const REDECIDE_AFTER_WRITES = 1_000;
