/**
 * Caches, under one policy: every cache has a bound on its number of entries, and what its
 * entries depend on decides when they are dropped.
 *
 * Bounds come two ways:
 * - BoundedCache (lru-cache): the least recently used entry makes room. For caches that live as
 *   long as the server and are looked up a few times per request.
 * - BoundedMap (a Map): the oldest entry (added first) makes room. For caches made in numbers
 *   (one per index version, per GraphQL plan, per row) and lookups made once per row: it
 *   allocates nothing up front and a hit is a Map lookup, where lru-cache allocates slots for its
 *   whole bound when it is made and records recency on every hit.
 * - RecentByIdentity (a ring): the last objects given, by identity; the oldest makes room. For
 *   values about an object looked up shortly after it is made (the rows a page was read from,
 *   until it is printed: documents/entry-json.ts), where a weak map's insertion costs more.
 *
 * What entries depend on:
 * - A request's text and the schema only: compiled reads and populates, query strings read,
 *   GraphQL request bodies, documents (parsed and validated) and coerced variables, Accept
 *   headers read, entry builders per field selection. They stay true for as long as the process
 *   runs: never dropped by writes.
 * - Stored data: stamped with the write generation they were derived at and dropped once it has
 *   moved on (DataCache). At the first write for what an answer is made of (API tokens, by the
 *   tokens' own generation); after REDECIDE_AFTER_WRITES for what only chooses between ways that
 *   are all right (plans, cost samples, inline-or-pool decisions).
 * - One immutable version of the data: range unions per in-memory field index
 *   (query/exec/index-reads.ts), a row's printed texts per view (documents/entry-json.ts). A
 *   BoundedMap per version, in a weak map by the version, so they go when a write replaces it,
 *   and writes elsewhere leave them.
 * - Nothing but their key (the case folds of texts, store/index-keys.ts): only the bound drops them.
 *
 * Left outside, each saying why where it is made: the store's read cache (the data itself,
 * bounded by hand, dropped key by key as writes change it and whole when the generation moves
 * under a reader: store/read-cache.ts); weak maps keyed by frozen objects (a memo lives exactly as
 * long as its key, which a bounded cache holds); maps that live for one request or one read.
 *
 * Nothing here imports from the rest of src/: any layer may use it.
 */
export { BoundedCache } from './bounded-cache.js';
export { BoundedMap } from './bounded-map.js';
export { DataCache } from './data-cache.js';
export { RecentByIdentity } from './recent-by-identity.js';

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
