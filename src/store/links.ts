import type { Key } from 'lmdb';
import type { Dbs } from './dbs.js';
import { HeldLists } from './held-lists.js';
import { MAX } from './keys.js';
import { idBytes, packedFind, packedSplice, packList, unpackList } from './packed-lists.js';
import { compareOrderKeys, keyBetween, type OrderKey } from './order-key.js';
import { Postings } from './postings.js';
import type { ReadCache } from './read-cache.js';
import type { ReadGuard } from './read-guard.js';

/** The adjacency key under which each list keeps the set of its sources that have links; strings sort after row ids. */
export const ANY = 'any';

/** The linkPos entry of a list that keeps its key bounds; row ids start at 1. */
export const BOUNDS = 0;

/** The lowest and highest integer part of a list's keys (see `widen`). */
type Bounds = readonly [number, number];

/** Where a keyed list keeps its bounds: in linkPos beside the positions, under a target id no row has. */
const boundsKey = (l: number, source: number): Key[] => [l, source, BOUNDS];
/** Bounds as linkPos stores them, in a position's place. */
const boundsValue = (bounds: Bounds): [number, string] => bounds as unknown as [number, string];

/** Lists up to this long find a link's neighbour by point reads (see `nearestOf`); longer ones by a range read. */
const POINT_READ_NEIGHBOURS = 16;

/**
 * Lists whose targets fit in this many bytes are packed: one entry, under the list and source
 * alone, holds their targets in order as varints (packed-lists.ts), with no order keys and no
 * positions. A link kept in order keys takes two entries of about 40 bytes, and a third per
 * list for its bounds; at 100k restaurants, keyed lists of a thousand or two categories'
 * restaurants were a fifth of the folder. A packed list is changed in its bytes, found by the
 * native byte search, and written again whole: at a thousand targets that costs about what the
 * order keys' B-tree lookups did (bench/results/README.md). It becomes keyed when a change
 * leaves it longer than this (some 2,700 restaurants, 4,000 categories), where a rewrite would
 * cost more. A bulk load packs every list whatever its length (`fill`): a long list is read
 * whole at once, and it is its first change that makes it keyed.
 */
export const PACKED_BYTES = 8192;

/** An empty list's bytes. */
const NO_BYTES = Buffer.alloc(0);

/** The cache head under which one list's ordered targets are kept, by source. */
const orderHead = (list: number): string => `order:${list}`;

/** Where a link goes in its source's list. */
export type Placement =
  | { readonly at: 'start' }
  | { readonly at: 'end' }
  | { readonly at: 'before'; readonly target: number }
  | { readonly at: 'after'; readonly target: number };

/**
 * Ordered link lists: for each (list, source row) an ordered list of target rows without
 * duplicates, packed when short (`PACKED_BYTES`), else keyed: a link per entry under an order
 * key, its position beside it, so that every operation is a few B-tree lookups whatever the
 * list's length. An empty list has no entry; one is never in both forms.
 * Only the relation layer calls the writing methods: it keeps both sides of a relation in step.
 */
export class LinkStore {
  private readonly adjacency: Postings;
  /** Lists `fill` holds for a bulk load (holdFills). */
  private held: HeldLists | undefined;
  /** The posting sets this store writes: their changes wait until the transaction commits (Postings.flush). */
  readonly postings: readonly Postings[];

  constructor(
    private readonly dbs: Dbs,
    private readonly code: (name: string) => number,
    private readonly cache: ReadCache,
    private readonly guard: ReadGuard,
    /** Lists whose targets fit in this many bytes are packed (PACKED_BYTES). */
    private readonly packedBytes: number,
  ) {
    this.adjacency = new Postings(dbs.adj, 'adj', cache, guard, dbs.blockFormat);
    this.postings = [this.adjacency];
  }

  /** The targets of one source's list as an ascending id set (not in list order). */
  targetSet(list: string, source: number): Uint32Array {
    return this.adjacency.get([this.code(list), source]);
  }

  /** `targetSet` of many sources of one list, in the order given. */
  targetSets(list: string, sources: ArrayLike<number>): Uint32Array[] {
    return this.adjacency.getEach([this.code(list)], sources);
  }

  /**
   * Every target of many sources' lists, in no order and with repeats: for lists of at most one
   * link each. A view valid until the next call (see `Postings.collect`).
   */
  targetsOfEach(list: string, sources: ArrayLike<number>): Uint32Array {
    return this.adjacency.collect([this.code(list)], sources);
  }

  /** Source rows that have at least one link in a list, ascending. */
  sourcesWithLinks(list: string): Uint32Array {
    return this.adjacency.get([this.code(list), ANY]);
  }

  /**
   * Target rows in list order, a snapshot. Kept in memory until the list changes: populating a
   * page reads a list per entry and relation, which as a range read each time was most of it.
   */
  targets(list: string, source: number): Uint32Array {
    const l = this.code(list);
    this.guard.check();
    const head = orderHead(l);
    const known = this.cache.setsOf(head)?.get(source);
    if (known) return known;
    const out: number[] = [];
    for (const { key, value } of this.dbs.links.getRange({ start: [l, source], end: [l, source, MAX] })) {
      // A packed list's entry sorts first and stands alone.
      if (key.length === 2) {
        const packed = unpackList(value);
        if (!packed) throw new Error(`the packed list ${list} of row ${source} is damaged (quarry check tells more)`);
        this.cache.keepSet(head, source, packed);
        return packed;
      }
      out.push(value as number);
    }
    const ids = Uint32Array.from(out);
    this.cache.keepSet(head, source, ids);
    return ids;
  }

  count(list: string, source: number): number {
    return this.adjacency.get([this.code(list), source]).length;
  }

  has(list: string, source: number, target: number): boolean {
    const l = this.code(list);
    const bytes = this.packedBytesOf(l, source);
    if (bytes !== undefined) return packedFind(bytes, idBytes(target)).start >= 0;
    return this.dbs.linkPos.get([l, source, target]) !== undefined;
  }

  /** Puts `target` in the list at `where`, moving it there if it is already linked. */
  place(list: string, source: number, target: number, where: Placement): void {
    const l = this.code(list);
    const bytes = this.packedBytesOf(l, source);
    const bounds = bytes === undefined ? this.boundsOf(l, source) : undefined;
    if (bounds === undefined) return this.placePacked(l, source, target, where, bytes ?? NO_BYTES, false);
    this.placeCode(l, source, target, where, this.dbs.linkPos.get([l, source, target]), bounds);
  }

  /** Appends `target` unless it is linked already, in which case it keeps its place. */
  ensure(list: string, source: number, target: number): void {
    const l = this.code(list);
    const bytes = this.packedBytesOf(l, source);
    const bounds = bytes === undefined ? this.boundsOf(l, source) : undefined;
    if (bounds === undefined) return this.placePacked(l, source, target, { at: 'end' }, bytes ?? NO_BYTES, true);
    if (this.dbs.linkPos.get([l, source, target]) === undefined) this.placeCode(l, source, target, { at: 'end' }, undefined, bounds);
  }

  /**
   * A packed list's stored bytes; undefined for a keyed or empty list. The msgpack array of a
   * folder written before comes as bytes, which its next change stores.
   */
  private packedBytesOf(l: number, source: number): Buffer | undefined {
    const stored = this.dbs.links.get([l, source]);
    // Buffer's own byte search is what finds ids (packedFind): a plain Uint8Array gets a Buffer view.
    if (stored instanceof Uint8Array) return Buffer.isBuffer(stored) ? stored : Buffer.from(stored.buffer, stored.byteOffset, stored.length);
    return Array.isArray(stored) ? Buffer.from(packList(stored)) : undefined;
  }

  /** A packed list's targets in order; undefined for a keyed or empty list. */
  private packedOf(l: number, source: number): Uint32Array | undefined {
    return unpackList(this.dbs.links.get([l, source]));
  }

  /** Whether any source has a list of code `l`: a packed list's entry or a keyed one's links. */
  private readonly hasLists = (l: number): boolean => {
    for (const _ of this.dbs.links.getKeys({ start: [l], end: [l, MAX], limit: 1 })) return true;
    return false;
  };

  /** A keyed list's key bounds, which it keeps while it has links; undefined for a packed or empty list. */
  private boundsOf(l: number, source: number): Bounds | undefined {
    return this.dbs.linkPos.get(boundsKey(l, source)) as unknown as Bounds | undefined;
  }

  /**
   * `place` in a packed (or empty) list, in its bytes: the target's are cut from where they were
   * and put at the anchor's, and the list written again. Nothing is decoded: a list of a thousand
   * decoded and encoded for each change cost more than a keyed list's B-tree lookups. `keep`: a
   * target already linked stays where it is (`ensure`).
   */
  private placePacked(l: number, source: number, target: number, where: Placement, bytes: Buffer, keep: boolean): void {
    const own = idBytes(target);
    const was = packedFind(bytes, own);
    if (was.start >= 0 && keep) return;
    let at: number;
    if (where.at === 'start') at = 0;
    else if (where.at === 'end') at = bytes.length;
    else if (where.target === target) {
      // Next to itself: it stays where it is, as a keyed list places it.
      if (was.start < 0) throw new Error(`Link anchor ${target} is not in the list`);
      return;
    } else {
      const anchor = packedFind(bytes, idBytes(where.target));
      if (anchor.start < 0) throw new Error(`Link anchor ${where.target} is not in the list`);
      at = where.at === 'before' ? anchor.start : anchor.end;
    }
    this.cache.dropSet(orderHead(l), source);
    this.storeChanged(l, source, packedSplice(bytes, was, at, own));
    if (was.start >= 0) return;
    this.adjacency.add([l, source], target);
    if (bytes.length === 0) this.adjacency.add([l, ANY], source);
  }

  /**
   * Stores a packed list's bytes after a change: none, its entry goes; past `packedBytes` (grown,
   * or packed that long by a bulk load's `fill`), it is written keyed, so that it is not written
   * whole again for each later change.
   */
  private storeChanged(l: number, source: number, bytes: Uint8Array): void {
    if (bytes.length > 0 && bytes.length <= this.packedBytes) return void this.dbs.links.putSync([l, source], bytes);
    this.dbs.links.removeSync([l, source]);
    if (bytes.length > 0) this.writeKeyed(l, source, unpackList(bytes)!);
  }

  /**
   * `place` in a keyed list. `old`: the link's key now, if it exists; `bounds`, read once by the
   * caller: appends and prepends take their key from them, and every key may widen them.
   */
  private placeCode(l: number, source: number, target: number, where: Placement, old: [number, string] | undefined, bounds: Bounds): void {
    this.cache.dropSet(orderHead(l), source);
    // A move only changes the order key: the list's set of targets stays as it is.
    if (old !== undefined) this.dbs.links.removeSync([l, source, old[0], old[1]]);
    const key = this.keyFor(l, source, target, where, bounds);
    this.widen(l, source, key, bounds);
    this.dbs.links.putSync([l, source, key.n, key.f], target);
    this.dbs.linkPos.putSync([l, source, target], [key.n, key.f]);
    if (old !== undefined) return;
    this.adjacency.add([l, source], target);
    this.adjacency.add([l, ANY], source);
  }

  /**
   * Writes a source's whole list in order, packed whatever its length (PACKED_BYTES), for a bulk
   * load that writes each side of a relation from its own record: the list must be empty, and its
   * far side is left to the caller. A keyed list of a hundred thousand targets took two hundred
   * thousand entries, written before a first read and kept apart until a first change.
   */
  fill(list: string, source: number, targets: readonly number[]): void {
    if (targets.length === 0) return;
    const l = this.code(list);
    const fresh = this.held?.isFresh(l, this.hasLists) === true;
    if (!fresh && (this.dbs.links.doesExist([l, source]) || this.boundsOf(l, source) !== undefined)) throw new Error(`${list} of row ${source} already has links`);
    this.cache.dropSet(orderHead(l), source);
    const packed = packList(targets);
    // A held list's adjacency is written with it.
    if (this.held) return this.held.add(l, source, packed);
    this.dbs.links.putSync([l, source], packed);
    this.adjacency.addAll([l, source], targets);
    this.adjacency.add([l, ANY], source);
  }

  /**
   * From now on `fill` holds the lists it is given, to write them in key order in `writeHeld`
   * (held-lists.ts), for a bulk load: a held list reads as empty until then, and nothing but the
   * load's own `fill` may write its list code meanwhile.
   */
  holdFills(): void {
    this.held ??= new HeldLists();
  }

  /** Writes the lists `fill` held, yielding after every `batch` so that the caller commits; `fill` writes at once again. */
  *writeHeld(batch: number): Generator<void, void, void> {
    const held = this.held;
    this.held = undefined;
    if (held) {
      yield* held.write(this.dbs, (l, sources) => this.adjacency.addAll([l, ANY], sources), batch);
    }
  }

  /** Forgets held lists (their load failed); `fill` writes at once again. */
  dropHeld(): void {
    this.held = undefined;
  }

  /**
   * Writes a list that has no entries yet in keyed form, with the keys appends to an empty list
   * give: links by key, then the bounds and positions by target.
   */
  private writeKeyed(l: number, source: number, targets: ArrayLike<number>): void {
    const keys: OrderKey[] = [];
    for (let i = 0; i < targets.length; i++) {
      keys.push(i === 0 ? keyBetween(undefined, undefined) : keyBetween(keys[i - 1], undefined));
      this.dbs.links.putSync([l, source, keys[i]!.n, keys[i]!.f], targets[i]!);
    }
    this.putBounds(l, source, [keys[0]!.n, keys[keys.length - 1]!.n]);
    const byTarget = Array.from(keys.keys()).sort((a, b) => targets[a]! - targets[b]!);
    for (const i of byTarget) this.dbs.linkPos.putSync([l, source, targets[i]!], [keys[i]!.n, keys[i]!.f]);
  }

  /** Returns whether the link existed. */
  remove(list: string, source: number, target: number): boolean {
    const l = this.code(list);
    const bytes = this.packedBytesOf(l, source);
    if (bytes === undefined) return this.removeCode(l, source, target);
    const at = packedFind(bytes, idBytes(target));
    if (at.start < 0) return false;
    this.cache.dropSet(orderHead(l), source);
    const rest = packedSplice(bytes, at, 0, undefined);
    this.storeChanged(l, source, rest);
    this.adjacency.remove([l, source], target);
    if (rest.length === 0) this.adjacency.remove([l, ANY], source);
    return true;
  }

  /** Removes every link of one source's list and returns the targets it had, in order. */
  clear(list: string, source: number): number[] {
    const l = this.code(list);
    this.cache.dropSet(orderHead(l), source);
    const packed = this.packedOf(l, source);
    if (packed !== undefined) {
      this.dbs.links.removeSync([l, source]);
      for (const target of packed) this.adjacency.remove([l, source], target);
      this.adjacency.remove([l, ANY], source);
      return Array.from(packed);
    }
    const removed: number[] = [];
    for (const { key, value } of this.dbs.links.getRange({ start: [l, source], end: [l, source, MAX] })) {
      const target = value as number;
      this.dbs.links.removeSync(key);
      this.dbs.linkPos.removeSync([l, source, target]);
      this.adjacency.remove([l, source], target);
      removed.push(target);
    }
    this.adjacency.remove([l, ANY], source);
    this.dbs.linkPos.removeSync(boundsKey(l, source));
    return removed;
  }

  private removeCode(l: number, source: number, target: number): boolean {
    const pos = this.dbs.linkPos.get([l, source, target]);
    if (pos === undefined) return false;
    this.cache.dropSet(orderHead(l), source);
    this.dbs.links.removeSync([l, source, pos[0], pos[1]]);
    this.dbs.linkPos.removeSync([l, source, target]);
    this.adjacency.remove([l, source], target);
    if (this.adjacency.isEmpty([l, source])) {
      this.adjacency.remove([l, ANY], source);
      // Empty, the list is neither form: its next link starts it packed.
      this.dbs.linkPos.removeSync(boundsKey(l, source));
    }
    return true;
  }

  /** A key for `moving` at `where`; its own old key does not count as a neighbour. */
  private keyFor(l: number, source: number, moving: number, where: Placement, bounds: Bounds): OrderKey {
    switch (where.at) {
      case 'start':
        return keyBetween(undefined, { n: bounds[0], f: '' });
      case 'end':
        return keyBetween({ n: bounds[1], f: '' }, undefined);
      case 'before': {
        const anchor = this.anchor(l, source, where.target);
        return keyBetween(this.neighbour(l, source, anchor, [where.target, moving], true), anchor);
      }
      case 'after': {
        const anchor = this.anchor(l, source, where.target);
        return keyBetween(anchor, this.neighbour(l, source, anchor, [where.target, moving], false));
      }
    }
  }

  private anchor(l: number, source: number, target: number): OrderKey {
    const pos = this.dbs.linkPos.get([l, source, target]);
    if (pos === undefined) throw new Error(`Link anchor ${target} is not in the list`);
    return { n: pos[0], f: pos[1] };
  }

  /**
   * Keeps the lowest and highest integer part a list's keys have used. Every key of the list lies
   * within them, so a key one gap beyond either end goes first or last: appends and prepends need
   * no range read. Keys placed between neighbours never widen them.
   */
  private widen(l: number, source: number, key: OrderKey, bounds: Bounds): void {
    if (bounds[0] <= key.n && key.n <= bounds[1]) return;
    this.putBounds(l, source, [Math.min(bounds[0], key.n), Math.max(bounds[1], key.n)]);
  }

  private putBounds(l: number, source: number, bounds: Bounds): void {
    this.dbs.linkPos.putSync(boundsKey(l, source), boundsValue(bounds));
  }

  /** The key just before (or after) `at` in the list, if any. */
  private neighbour(l: number, source: number, at: OrderKey, skip: readonly number[], before: boolean): OrderKey | undefined {
    // Only the set's directory is read: a long list's whole set would cost more than the range.
    const targets = this.adjacency.small([l, source], POINT_READ_NEIGHBOURS);
    return targets ? this.nearestOf(l, source, targets, skip, at, before) : this.nextInRange(l, source, at, before);
  }

  /**
   * A short list's neighbour from its targets' positions, one point read each. lmdb-js opens a
   * new native cursor for every range read inside a write transaction; at a few thousand
   * positioned connects a second those cursors made young-generation collections far longer and
   * promoted memory to the old generation, which point reads do not.
   */
  private nearestOf(l: number, source: number, targets: Uint32Array, skip: readonly number[], at: OrderKey, before: boolean): OrderKey | undefined {
    let best: OrderKey | undefined;
    for (const target of targets) {
      if (skip.includes(target)) continue;
      const pos = this.dbs.linkPos.get([l, source, target]);
      if (pos === undefined) continue;
      const key = { n: pos[0], f: pos[1] };
      const side = compareOrderKeys(key, at);
      if (before ? side >= 0 : side <= 0) continue;
      if (best === undefined || (before ? compareOrderKeys(key, best) > 0 : compareOrderKeys(key, best) < 0)) best = key;
    }
    return best;
  }

  private nextInRange(l: number, source: number, at: OrderKey, before: boolean): OrderKey | undefined {
    const here = [l, source, at.n, at.f];
    const range = before
      ? { start: here, end: [l, source], reverse: true, limit: 2 }
      : { start: here, end: [l, source, MAX], limit: 2 };
    for (const key of this.dbs.links.getKeys(range)) {
      if (key[2] === at.n && key[3] === at.f) continue;
      return { n: key[2] as number, f: key[3] as string };
    }
    return undefined;
  }
}
