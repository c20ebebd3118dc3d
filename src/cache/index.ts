/**
 * Caches, under one policy. Every cache is bounded by its number of entries (BoundedCache: the
 * least recently used entry makes room). What an entry depends on decides the rest:
 *
 * - On a request's text and the schema only: compiled reads and populates, query strings read,
 *   GraphQL request bodies and documents (parsed and validated), GraphQL variables coerced,
 *   Accept headers read, entry builders per field selection. They stay true for as long as the
 *   process runs: bounded, never dropped by writes (BoundedCache).
 * - On stored data: stamped with the write generation they were derived at, and dropped once it
 *   has moved on (DataCache). At the first write for what an answer is made of (API tokens, by
 *   the tokens' own generation); after REDECIDE_AFTER_WRITES for what only chooses between ways
 *   that are all right (plans, cost samples, inline-or-pool decisions).
 * - On one immutable version of the data (range unions, kept per in-memory field index in
 *   query/exec/index-reads.ts): a BoundedCache per version, in a weak map by the version, so they
 *   go when a write to that field replaces it, and writes to other fields leave them.
 *
 * Left outside, each saying why where it is made, and bounded by hand: the store's read cache
 * (the data itself, store/read-cache.ts), the case folds of stored texts and the printed texts
 * of each row (per-row lookups, store/index-keys.ts, documents/entry-json.ts). Also outside:
 * weak maps keyed by frozen objects (a memo lives exactly as long as its key, which a bounded
 * cache here holds) and maps that live for one request or one read.
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
