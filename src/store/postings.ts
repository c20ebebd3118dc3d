import type { Database, Key } from 'lmdb';
import { netChange, PendingSets, type PendingHead, type PendingSet } from './pending-sets.js';
import { applyChange, concat, contains, EMPTY_IDS, insert, upperBound, without } from './sorted-ids.js';
import { SOLE_EMPTY, type ReadCache, type SetKeyTail } from './read-cache.js';
import type { ReadGuard } from './read-guard.js';
import { BLOCK, blockBytes, blockIds, blocksOf, BLOCKS, decode, directory, INLINE, INLINE_MAX, plainBytes, withTag, type BlockFormat } from './posting-values.js';
import { putSet, type SetPuts } from './ordered-writer.js';

/** Up to this many changes to a set kept in blocks, not all after its last id, are made one by one (a block each); more rewrite the set. */
const FEW_CHANGES = 4;

/**
 * Sets of row ids under a key prefix, built for lmdb-js, where a range read costs several times a
 * point read. Each set has a directory entry `[...prefix, 0]`:
 * - a small set lives in it inline: `[INLINE, ...ids]`, and a set of one id as that id alone
 *   (most sets are an exact value's, one row each: four bytes a set less; folders written before
 *   keep `[INLINE, id]`, which reads the same);
 * - a large one lists its blocks: `[BLOCKS, first1, first2, ...]`, each block `[...prefix, first]`
 *   holding up to BLOCK ascending ids.
 * Adding or removing an id is two to four point reads and writes; reading a set is one read, or one
 * per block. Row ids start at 1, so no block ever takes the directory's key 0.
 *
 * Inside a write transaction, adds and removes wait in memory (PendingSets) until their set is
 * read or the transaction commits (`flush`): a set changed many times is then read and written
 * once, appended to when the new ids come after its last.
 */
export class Postings {
  constructor(
    private readonly db: Database<Buffer, Key[]>,
    /** Distinguishes this posting database's entries in the shared cache. */
    private readonly name: string,
    private readonly cache: ReadCache | undefined,
    private readonly guard: ReadGuard,
    /** How the folder stores blocks (posting-values.ts). */
    private readonly blocks: BlockFormat,
    /** For index postings: how much of a prefix names the field whose in-memory copy a write makes stale. */
    private readonly fieldDepth = 0,
  ) {}

  private readonly pending = new PendingSets();
  private readonly headKeys: HeadKeys = new Map();

  /** The cache key of the in-memory copy of a field's sets (see `fieldDepth`). */
  fieldKey(fieldPrefix: readonly Key[]): string {
    return this.name + JSON.stringify(fieldPrefix);
  }

  add(prefix: readonly Key[], id: number): void {
    this.record(prefix, id);
  }

  /** `add` of many ids to one set: its key is worked out once (a bulk load's lists). */
  addAll(prefix: readonly Key[], ids: ArrayLike<number>): void {
    if (ids.length === 0) return;
    const headKey = this.headKey(prefix);
    const head = this.pendingHead(headKey, prefix);
    const tail = tailOf(prefix);
    for (let i = 0; i < ids.length; i++) if (this.pending.record(head, tail, ids[i]!)) this.cache?.dropSet(headKey, tail);
  }

  remove(prefix: readonly Key[], id: number): void {
    this.record(prefix, -id);
  }

  /** Keeps a change for `flush`; cached copies of what it changes go at once, as a write's do. */
  private record(prefix: readonly Key[], op: number): void {
    const headKey = this.headKey(prefix);
    const head = this.pendingHead(headKey, prefix);
    const tail = tailOf(prefix);
    if (this.pending.record(head, tail, op)) this.cache?.dropSet(headKey, tail);
  }

  /** The waiting changes under a set's head; a field's in-memory copy goes when its first change comes. */
  private pendingHead(headKey: string, prefix: readonly Key[]): PendingHead {
    let head = this.pending.head(headKey);
    if (!head) {
      head = this.pending.openHead(headKey, prefix.slice(0, -1));
      this.dropField(prefix);
    }
    return head;
  }

  private dropField(prefix: readonly Key[]): void {
    if (this.cache && this.fieldDepth > 0) this.cache.dropField(this.fieldKey(prefix.slice(0, this.fieldDepth)));
  }

  /** What the changes waiting for `flush` hold in memory, in 8-byte slots (PendingSets.weight). */
  get waiting(): number {
    return this.pending.weight;
  }

  /**
   * Writes the pending changes: all of them before the transaction commits; in a bulk load, first
   * the sets with at most `most` (most sets are a text's own, a name's exact value, one id each,
   * which waiting does not make cheaper to write).
   */
  flush(most = Infinity): void {
    for (const set of this.pending.takeOrdered(most)) this.apply(set);
  }

  /** Forgets pending changes: the transaction they belonged to was rolled back. */
  discard(): void {
    this.pending.clear();
  }

  /**
   * Writes the pending changes of one set before it is read. Changes may wait past a commit only
   * in a bulk load (Store.deferIndexes), whose reads all run in its write transactions.
   */
  private settle(prefix: readonly Key[]): void {
    if (this.pending.size === 0) return;
    const headKey = this.headKey(prefix);
    const tail = tailOf(prefix);
    if (!this.pending.holds(headKey, tail)) return;
    if (this.cache?.open) throw new Error('a posting set with changes waiting for a bulk load to end was read outside its transactions');
    this.apply(this.pending.take(headKey, tail)!);
  }

  private apply({ headKey, prefix, ops }: PendingSet): void {
    // A set whose changes waited past a commit may have been cached since (Store.deferIndexes).
    this.cache?.dropSet(headKey, tailOf(prefix));
    this.dropField(prefix);
    const change = netChange(ops);
    // Most sets a few ids are added to are new (an exact value's): one put that refuses to
    // overwrite finds out and writes it, where a read and a put would search the tree twice.
    if (change.removed.length === 0 && change.added.length <= FEW_CHANGES && this.putNew([...prefix, 0], withTag(INLINE, change.added))) return;
    const dir = this.read([...prefix, 0]);
    // Removing an id from a set that does not exist changes nothing.
    if (!dir) return this.writeWhole(prefix, change.added);
    if (dir[0] === INLINE) return this.writeWhole(prefix, applyChange(dir.subarray(1), change));
    const firsts = dir.subarray(1);
    const lastFirst = firsts[firsts.length - 1]!;
    const last = this.read([...prefix, lastFirst])!;
    if (change.removed.length === 0 && change.added[0]! > last[last.length - 1]!) {
      // New rows come after every id the set holds: only its last block and the directory change.
      const tail = this.putBlocks(prefix, concat([last, change.added]));
      const grown = new Uint32Array(firsts.length - 1 + tail.length);
      grown.set(firsts.subarray(0, -1));
      grown.set(tail, firsts.length - 1);
      return this.put([...prefix, 0], withTag(BLOCKS, grown));
    }
    if (ops.length <= FEW_CHANGES) {
      for (const op of ops) {
        if (op > 0) this.addNow(prefix, op);
        else this.removeNow(prefix, -op);
      }
      return;
    }
    const ids = applyChange(this.load(prefix), change);
    for (const first of firsts) this.db.removeSync([...prefix, first]);
    this.writeWhole(prefix, ids);
  }

  /** A set written afresh: inline when small, else in full blocks. */
  private writeWhole(prefix: readonly Key[], ids: Uint32Array): void {
    const dirKey = [...prefix, 0];
    if (ids.length === 0) this.db.removeSync(dirKey);
    else putSet(this.puts, dirKey, ids, this.blocks);
  }

  /** `putSet`'s way into this database. */
  private readonly puts: SetPuts = { put: (key, bytes) => this.db.putSync(key, bytes) };

  /** Writes `ids` as full blocks, and answers each block's first id. */
  private putBlocks(prefix: readonly Key[], ids: Uint32Array): Uint32Array {
    const blocks = blocksOf(ids);
    for (const block of blocks) this.put([...prefix, block[0]!], block);
    return Uint32Array.from(blocks, (block) => block[0]!);
  }

  private addNow(prefix: readonly Key[], id: number): void {
    const dirKey = [...prefix, 0];
    const dir = this.read(dirKey);
    if (!dir) return this.put(dirKey, withTag(INLINE, Uint32Array.of(id)));
    if (dir[0] === INLINE) {
      const ids = insert(dir.subarray(1), id);
      if (!ids) return;
      if (ids.length <= INLINE_MAX) return this.put(dirKey, withTag(INLINE, ids));
      this.put([...prefix, ids[0]!], ids);
      return this.put(dirKey, withTag(BLOCKS, Uint32Array.of(ids[0]!)));
    }
    const firsts = dir.subarray(1);
    const k = Math.max(0, upperBound(firsts, id) - 1);
    const first = firsts[k]!;
    const block = this.read([...prefix, first])!;
    const ids = insert(block, id);
    if (!ids) return;
    const nextFirsts = Uint32Array.from(firsts);
    if (ids[0] !== first) {
      this.db.removeSync([...prefix, first]);
      nextFirsts[k] = ids[0]!;
    }
    if (ids.length <= BLOCK) {
      this.put([...prefix, ids[0]!], ids);
      if (nextFirsts[k] !== first) this.put(dirKey, withTag(BLOCKS, nextFirsts));
      return;
    }
    // Ids mostly arrive in increasing order, so a full last block splits unevenly to stay full.
    const cut = id === ids[ids.length - 1] ? BLOCK : ids.length >> 1;
    const left = ids.subarray(0, cut);
    const right = ids.subarray(cut);
    this.put([...prefix, left[0]!], left);
    this.put([...prefix, right[0]!], right);
    const grown = new Uint32Array(nextFirsts.length + 1);
    grown.set(nextFirsts.subarray(0, k + 1));
    grown[k + 1] = right[0]!;
    grown.set(nextFirsts.subarray(k + 1), k + 2);
    this.put(dirKey, withTag(BLOCKS, grown));
  }

  private removeNow(prefix: readonly Key[], id: number): void {
    const dirKey = [...prefix, 0];
    const dir = this.read(dirKey);
    if (!dir) return;
    if (dir[0] === INLINE) {
      const ids = without(dir.subarray(1), id);
      if (!ids) return;
      if (ids.length === 0) this.db.removeSync(dirKey);
      else this.put(dirKey, withTag(INLINE, ids));
      return;
    }
    const firsts = dir.subarray(1);
    const k = upperBound(firsts, id) - 1;
    if (k < 0) return;
    const first = firsts[k]!;
    const ids = without(this.read([...prefix, first])!, id);
    if (!ids) return;
    this.db.removeSync([...prefix, first]);
    let nextFirsts: Uint32Array = firsts;
    if (ids.length === 0) {
      nextFirsts = new Uint32Array(firsts.length - 1);
      nextFirsts.set(firsts.subarray(0, k));
      nextFirsts.set(firsts.subarray(k + 1), k);
    } else {
      this.put([...prefix, ids[0]!], ids);
      if (ids[0] !== first) {
        nextFirsts = Uint32Array.from(firsts);
        nextFirsts[k] = ids[0]!;
      }
    }
    if (nextFirsts.length === 0) this.db.removeSync(dirKey);
    else if (nextFirsts !== firsts) this.put(dirKey, withTag(BLOCKS, nextFirsts));
  }

  has(prefix: readonly Key[], id: number): boolean {
    this.settle(prefix);
    const dir = this.read([...prefix, 0]);
    if (!dir) return false;
    if (dir[0] === INLINE) return contains(dir.subarray(1), id);
    const firsts = dir.subarray(1);
    const k = upperBound(firsts, id) - 1;
    return k >= 0 && contains(this.read([...prefix, firsts[k]!])!, id);
  }

  /** The set when it is kept inline with at most `max` ids (one read), else undefined: for callers that only want small sets. */
  small(prefix: readonly Key[], max: number): Uint32Array | undefined {
    this.settle(prefix);
    const cached = this.cache?.setsOf(this.headKey(prefix))?.get(tailOf(prefix));
    if (cached) return cached.length <= max ? cached : undefined;
    const dir = this.read([...prefix, 0]);
    if (!dir) return EMPTY_IDS;
    return dir[0] === INLINE && dir.length - 1 <= max ? dir.subarray(1) : undefined;
  }

  isEmpty(prefix: readonly Key[]): boolean {
    this.settle(prefix);
    return this.db.get([...prefix, 0]) === undefined;
  }

  /** Every id under one prefix, ascending. The array is shared: callers must not write to it. */
  get(prefix: readonly Key[]): Uint32Array {
    this.guard.check();
    this.settle(prefix);
    if (!this.cache) return this.load(prefix);
    const head = this.headKey(prefix);
    const tail = tailOf(prefix);
    const cached = this.cache.setsOf(head)?.get(tail);
    if (cached) return cached;
    const ids = this.load(prefix);
    this.cache.keepSet(head, tail, ids);
    return ids;
  }

  /** The sets of `[...head, tail]` for many tails: the cache is looked up by the head once. */
  getEach(head: readonly Key[], tails: ArrayLike<number>): Uint32Array[] {
    this.guard.check();
    const headKey = this.cache && this.headKey([...head, 0]);
    const cached = headKey === undefined ? undefined : this.cache!.setsOf(headKey);
    const out = new Array<Uint32Array>(tails.length);
    for (let i = 0; i < tails.length; i++) {
      const tail = tails[i]!;
      if (this.pending.size > 0) this.settle([...head, tail]);
      let ids = cached?.get(tail);
      if (!ids) {
        ids = this.load([...head, tail]);
        if (headKey !== undefined) this.cache!.keepSet(headKey, tail, ids);
      }
      out[i] = ids;
    }
    return out;
  }

  /**
   * Every id in the sets of `[...head, tail]` for many tails, in no order and with repeats. Sets
   * of at most one id are read from the cache's sole-id column: for a to-one relation's lists, a
   * few hundred tails cost an array read each, not a set lookup and a set to unite each.
   *
   * The answer is a view of one buffer every call reuses, valid until the next call: a two-hop
   * filter gathered 30k ids a query, and a fresh array per query (~400 KB with its growth) had the
   * young generation collected every ~150 ms under load, pauses that set cheap reads' p99.
   */
  collect(head: readonly Key[], tails: ArrayLike<number>): Uint32Array {
    this.guard.check();
    let n = 0;
    const cache = this.cache;
    const headKey = cache && this.headKey([...head, 0]);
    let soles = headKey === undefined ? undefined : cache!.solesOf(headKey);
    const sets = headKey === undefined ? undefined : cache!.setsOf(headKey);
    for (let i = 0; i < tails.length; i++) {
      const tail = tails[i]!;
      if (this.pending.size > 0) this.settle([...head, tail]);
      const sole = soles !== undefined && tail < soles.length ? soles[tail]! : 0;
      if (sole > 0) {
        if (n === collected.length) grow(n + 1);
        collected[n++] = sole;
        continue;
      }
      if (sole === SOLE_EMPTY) continue;
      let ids = sets?.get(tail);
      if (!ids) {
        ids = this.load([...head, tail]);
        if (headKey !== undefined && ids.length > 1) cache!.keepSet(headKey, tail, ids);
      }
      if (sole === 0 && headKey !== undefined) {
        cache!.keepSole(headKey, tail, ids);
        soles = cache!.solesOf(headKey);
      }
      if (n + ids.length > collected.length) grow(n + ids.length);
      collected.set(ids, n);
      n += ids.length;
    }
    return collected.subarray(0, n);
  }

  private load(prefix: readonly Key[]): Uint32Array {
    const dir = this.read([...prefix, 0]);
    if (!dir) return EMPTY_IDS;
    if (dir[0] === INLINE) return dir.subarray(1);
    const firsts = dir.subarray(1);
    return concat(Array.from(firsts, (first) => this.read([...prefix, first])!));
  }

  /**
   * Every element but the last; strings carry their length so no two heads share a key. Heads
   * are few (a type's fields in its scopes, a relation's lists) and every set change asks for
   * one, so each is built once and found again through maps keyed by its parts.
   */
  private headKey(prefix: readonly Key[]): string {
    let level = this.headKeys;
    for (let i = 0; i < prefix.length - 1; i++) {
      let next = level.get(prefix[i]) as HeadKeys | undefined;
      if (!next) level.set(prefix[i], (next = new Map()));
      level = next;
    }
    let key = level.get(HEAD_KEY) as string | undefined;
    if (key === undefined) {
      key = this.name;
      for (let i = 0; i < prefix.length - 1; i++) key += partKey(prefix[i]!);
      level.set(HEAD_KEY, key);
    }
    return key;
  }

  /**
   * The sets of every prefix of length `depth` between `start` and `end`, in key order: one pass
   * in which each directory entry is followed by its blocks.
   */
  *groups(start: readonly Key[], end: readonly Key[], depth: number): IterableIterator<{ readonly key: readonly Key[]; readonly ids: Uint32Array }> {
    this.flush();
    let key: readonly Key[] | undefined;
    let blocks: Uint32Array[] = [];
    for (const { key: k, value } of this.db.getRange({ start: [...start], end: [...end] })) {
      this.guard.check();
      if (k[depth] !== 0) {
        blocks.push(this.blockOf(value));
        continue;
      }
      const ids = decode(value);
      if (key !== undefined) yield { key, ids: concat(blocks) };
      key = k.slice(0, depth);
      const dir = directory(ids);
      blocks = dir[0] === INLINE ? [dir.subarray(1)] : [];
    }
    if (key !== undefined) yield { key, ids: concat(blocks) };
  }

  private read(key: Key[]): Uint32Array | undefined {
    // lmdb's shared read buffer, valid until the next read and sized by `lastSize`: decode copies
    // the value out at once, saving the copy `get` would make first.
    const value = this.db.getBinaryFast(key);
    if (value === undefined) return undefined;
    const bytes = value.subarray(0, (this.db as unknown as { lastSize: number }).lastSize);
    // Row ids start at 1: only a directory (key 0) can hold a set of one id as the id alone.
    return key[key.length - 1] === 0 ? directory(decode(bytes)) : this.blockOf(bytes);
  }

  private blockOf(bytes: Buffer): Uint32Array {
    const ids = blockIds(this.blocks, bytes);
    if (!ids) throw new Error(`a posting block of ${this.name} is damaged (quarry check tells more)`);
    return ids;
  }

  /** A value as stored: a directory's ids plain, a block's in the folder's block format. */
  private bytesOf(key: Key[], ids: Uint32Array): Buffer {
    return key[key.length - 1] === 0 ? plainBytes(ids) : blockBytes(this.blocks, ids);
  }

  /** Writes a key that does not exist yet; false, writing nothing, when it does. */
  private putNew(key: Key[], ids: Uint32Array): boolean {
    // lmdb-js answers whether it wrote, though its typings say void.
    return this.db.putSync(key, this.bytesOf(key, ids), { noOverwrite: true }) as unknown as boolean;
  }

  private put(key: Key[], ids: Uint32Array): void {
    this.db.putSync(key, this.bytesOf(key, ids));
  }
}

/** Head keys by their parts, one map level per part; a level's own key is under HEAD_KEY. */
type HeadKeys = Map<unknown, unknown>;
const HEAD_KEY = Symbol('head key');

const partKey = (part: unknown): string =>
  typeof part === 'string' ? `|s${part.length}:${part}` : `|${typeof part === 'number' ? 'n' : 'o'}${String(part)}`;

const tailOf = (prefix: readonly Key[]): SetKeyTail => prefix[prefix.length - 1] as SetKeyTail;

/** The buffer `collect` gathers into, grown as needed and kept. */
let collected = new Uint32Array(1024);

function grow(atLeast: number): void {
  const bigger = new Uint32Array(Math.max(atLeast, collected.length * 2));
  bigger.set(collected);
  collected = bigger;
}
