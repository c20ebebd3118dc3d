import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { open, type RootDatabase } from 'lmdb';
import { forgetUnsavedShapes, GENERATION_KEY, openDbs, openRowDb, seqKey, type Dbs, type RowDb } from './dbs.js';
import { LinkStore, PACKED_BYTES } from './links.js';
import type { Postings } from './postings.js';
import { RowStore } from './rows.js';
import { checkStore, type CheckReport, type ComponentLayout } from './check/check.js';
import type { LinkLayout, RowScope, TypeLayout } from './layout.js';
import { BUILD_LIMITS, type BuildLimits } from './index-build.js';
import { gatherGrowing, gatherSets, type CodeSets, type GrowingRows } from './gather-sets.js';
import { BulkBuild } from './bulk-build.js';
import type { IndexedField } from './indexed-fields.js';
import { MAX } from './keys.js';
import { ReadCache } from './read-cache.js';
import { ReadGuard } from './read-guard.js';
import { TokenStore } from './tokens.js';
import { upkeepIndexes } from './index-upkeep.js';
import { StoreReplication } from './replication.js';
import { replicationStateIn, type AppliedPoint } from './outbox.js';
import { digestOf, type DbDigest } from './digest.js';

export { MAX } from './keys.js';

export interface StoreOptions {
  /** The LMDB folder; created when missing. */
  readonly path: string;
  readonly readOnly?: boolean;
  /** Skip the fsync at commit: faster writes, and a crash may lose the latest ones (never corrupts). */
  readonly noSync?: boolean;
  readonly mapSize?: number;
  /** Link lists whose targets fit in this many bytes are packed (links.ts, default PACKED_BYTES); a low bound puts short lists in the keyed form. */
  readonly packedListBytes?: number;
  /** A bulk load's index build's bounds (index-build.ts, default BUILD_LIMITS). */
  readonly buildLimits?: BuildLimits;
  /** A replica's folder: written only by `replication.apply`, never by `transact` (which throws ReplicaWriteError). */
  readonly replica?: boolean;
  /** false: no writable map even with `noSync` (a folder that publishes: see `open`). */
  readonly writeMap?: boolean;
}

/** A write was tried on a replica's store, which only the writer's changes write. */
export class ReplicaWriteError extends Error {
  override readonly name = 'ReplicaWriteError';
  constructor() {
    super('this folder is a replica: only the writer writes it');
  }
}

/**
 * How much a bulk load keeps waiting in memory before writing it, in 8-byte slots (Postings.waiting):
 * about 40 MB, a few hundred rows' changes per set written at a time.
 */
const DEFERRED_SLOTS = 5_000_000;
/** Sets with this many changes or fewer are written first when a bulk load's waiting changes reach their bound. */
const SMALL_SET_CHANGES = 4;

/** No joined call has failed (an error may be any value, undefined included). */
const NO_FAILURE: unique symbol = Symbol('no failure');

/**
 * The LMDB environment. Every write goes through `transact`, one LMDB transaction per call:
 * it all happens or, if the callback throws, none of it does.
 */
export class Store {
  readonly rows: RowStore;
  readonly links: LinkStore;
  /** Indexes built at this open from rows already stored, because the layout changed since the last one (`type.field`). */
  readonly reindexed: readonly string[];
  /** API tokens; undefined on a read-only open (workers, export), which never checks them. */
  readonly tokens: TokenStore | undefined;
  /** The outbox a publishing writer fills and a replica's applying; undefined on a read-only open. */
  readonly replication: StoreReplication | undefined;
  private readonly replica: boolean;
  private readonly env: RootDatabase;
  private readonly dbs: Dbs;
  private readonly rowDbs: ReadonlyMap<string, RowDb>;
  private readonly layouts: readonly TypeLayout[];
  private readonly codes = new Map<string, number>();
  private depth = 0;
  /** A bulk load is running (deferIndexes). */
  private deferring = false;
  /** The indexes the running bulk load builds from its rows. */
  private readonly bulk: BulkBuild;
  /** A transaction of the running bulk load was rolled back, losing the load's waiting changes with its own. */
  private deferredLoss: unknown = NO_FAILURE;
  /** The posting sets whose changes wait for the commit (Postings.flush); none until the constructor's transaction, whose upkeepIndexes flushes its own. */
  private postings: readonly Postings[] = [];
  /** The first error a call joining the open transaction threw: the transaction rolls back with it. */
  private joinedFailure: unknown = NO_FAILURE;
  private readonly cache = new ReadCache(() => this.depth > 0);
  private readonly guard = new ReadGuard();
  /** The write generation this instance's cache reflects. */
  private seenGeneration = 0;

  private constructor(env: RootDatabase, path: string, layouts: readonly TypeLayout[], readOnly: boolean, replica: boolean, readonly writeMap: boolean, packedListBytes: number, buildLimits: BuildLimits) {
    this.env = env;
    this.replica = replica;
    this.dbs = openDbs(env, !readOnly && !replica);
    this.layouts = layouts;
    this.rowDbs = new Map(layouts.map((layout) => [layout.name, openRowDb(env, layout.name, this.dbs.rowShapesKey)]));
    this.replication = readOnly ? undefined : new StoreReplication({
      env, dbs: this.dbs, rowDbs: this.rowDbs,
      applied: () => this.renewAfterApply(),
      generation: () => this.generation(),
      codes: this.codes,
    });
    let reindexed: string[] = [];
    if (!readOnly && !replica) {
      this.transact(() => {
        this.internAll(layouts);
        reindexed = upkeepIndexes(this.dbs, this.rowDbs, layouts, (name) => this.code(name), this.cache, this.guard);
      });
    } else {
      this.loadCodes();
    }
    this.reindexed = reindexed;
    this.seenGeneration = this.generation();
    this.rows = new RowStore(this.dbs, this.rowDbs, layouts, (name) => this.code(name), this.cache, this.guard);
    this.links = new LinkStore(this.dbs, (name) => this.code(name), this.cache, this.guard, packedListBytes);
    this.postings = [...this.rows.postings, ...this.links.postings];
    const commitEach = (steps: Generator<void, void, void>) => this.commitEach(steps);
    this.bulk = new BulkBuild({ dbs: this.dbs, rows: this.rows, links: this.links, path, layouts, limits: buildLimits, code: (name) => this.code(name), commitEach });
    this.tokens = readOnly ? undefined : TokenStore.within(env);
  }

  static open(options: StoreOptions, layouts: readonly TypeLayout[]): Store {
    const readOnly = options.readOnly ?? false;
    const noSync = options.noSync ?? false;
    // Without an fsync, most of a commit was copying its dirty pages into the file (pwrite); through a
    // writable map they are there already. With an fsync, syncing the map costs more than the copy
    // saves, so only without one. Never on a replica, and not where `writeMap: false` says the
    // folder publishes: LMDB's writable-map reconciliation of loose pages in mdb_freelist_save
    // fails an assertion (a known LMDB fault) at the first commit to a compacting copy (a
    // replica's snapshot), and within seconds on a publishing writer under load (its trims), both
    // reproduced here with lmdb 3.5.6.
    const writeMap = noSync && !readOnly && !(options.replica ?? false) && options.writeMap !== false;
    const env = open({
      path: options.path,
      // The data folder is always a folder, even when its name looks like a file name (`data.db`).
      noSubdir: false,
      maxDbs: 64 + layouts.length,
      readOnly,
      noSync,
      useWritemap: writeMap,
      mapSize: options.mapSize ?? (writeMap ? writeMapSize(options.path) : 64 * 1024 ** 3),
      // Values are our own records; never share decoded objects between reads.
      cache: false,
    });
    return new Store(env, options.path, layouts, readOnly, options.replica ?? false, writeMap, options.packedListBytes ?? PACKED_BYTES, options.buildLimits ?? BUILD_LIMITS);
  }

  /**
   * Runs `fn` in one write transaction. Nested calls join the outer transaction, so a document
   * operation built from smaller ones still commits once, and so that several operations commit
   * together: if any joined call throws, the whole transaction is rolled back when `fn` returns
   * (a caller that catches a joined call's error cannot commit what that call half wrote).
   */
  transact<T>(fn: () => T): T {
    if (this.replica) throw new ReplicaWriteError();
    if (this.depth > 0) return this.joined(fn);
    const result = this.commit(fn);
    if (this.deferring) this.bulk.afterCommit();
    return result;
  }

  private commit<T>(fn: () => T): T {
    this.refuseAfterLoss();
    this.depth++;
    let generation = 0;
    let committed = false;
    try {
      const result = this.env.transactionSync(() => {
        this.replication?.beginCommit();
        // Readers in other threads or processes drop their caches when this number moves; this
        // instance drops its own if another process wrote since it last looked, before writing
        // from what it had cached.
        const last = this.generation();
        if (last !== this.seenGeneration) this.cache.clear();
        generation = last + 1;
        this.dbs.meta.putSync(GENERATION_KEY, generation);
        const value = fn();
        if (this.joinedFailure !== NO_FAILURE) throw this.joinedFailure;
        if (!this.deferring) for (const postings of this.postings) postings.flush();
        else if (this.waitingSlots() > DEFERRED_SLOTS) this.flushDeferred();
        this.replication?.endCommit(generation);
        return value;
      });
      // This instance dropped exactly what it wrote as it wrote it: its cache is current.
      this.seenGeneration = generation;
      committed = true;
      return result;
    } catch (e) {
      for (const db of this.rowDbs.values()) forgetUnsavedShapes(db);
      for (const postings of this.postings) postings.discard();
      // Rolling back drops every waiting change, a bulk load's earlier committed ones too (see deferIndexes).
      if (this.deferring) this.deferredLoss = e;
      throw e;
    } finally {
      this.depth--;
      this.joinedFailure = NO_FAILURE;
      this.replication?.afterCommit(committed ? generation : undefined);
    }
  }

  /** A replica applied the writer's changes: what this instance cached may be gone, and its read snapshot is old. */
  private renewAfterApply(): void {
    this.env.resetReadTxn();
    this.cache.clear();
    for (const db of this.rowDbs.values()) forgetUnsavedShapes(db);
    this.seenGeneration = this.generation();
  }

  /**
   * A compacting copy of the folder's LMDB file into the folder `dir` (made if missing), as one
   * read transaction sees it: a replica's snapshot. Writes go on meanwhile.
   */
  async copyTo(dir: string): Promise<void> {
    mkdirSync(dir, { recursive: true });
    await this.env.backup(dir, true);
  }

  /**
   * Runs a bulk load (`run` makes many write transactions): the changes its writes make to index
   * and link sets wait in memory across its transactions, up to DEFERRED_SLOTS, so each set is
   * written a few times in all rather than once per transaction; the lists `LinkStore.fill`
   * writes are held until its end, and so are the indexes of the types `buildIndexesLater`
   * names. Only the load's own writes may read those sets meanwhile (a read outside its
   * transactions throws). If `run` fails, or one of its transactions is rolled back (which drops
   * the changes waiting from earlier ones too: they cannot be told apart; and the documentId
   * lookup kept in memory for the types whose indexes it builds would name rows that are gone),
   * the load fails: every later transaction of it throws, and what it committed lacks them, so a
   * caller that commits must mark its folder incomplete (as quarry import does).
   */
  async deferIndexes<T>(run: () => Promise<T>): Promise<T> {
    if (this.deferring) throw new Error('a bulk load is already running');
    this.deferring = true;
    this.links.holdFills();
    try {
      const result = await run();
      this.refuseAfterLoss();
      await this.buildIndexes();
      this.deferring = false;
      // Not deferring, the commit writes what waits.
      this.transact(() => undefined);
      return result;
    } finally {
      this.deferring = false;
      this.deferredLoss = NO_FAILURE;
      await this.bulk.end();
      this.links.dropHeld();
      for (const postings of this.postings) postings.discard();
    }
  }

  /**
   * In a bulk load, for a type that has no rows yet and whose rows it writes all in `scope`: its
   * indexes are built from its rows at the load's end (BulkBuild.later). Answers whether they
   * are (false outside a load, and for a type that has rows).
   */
  buildIndexesLater(type: string, scope: RowScope): boolean {
    return this.deferring && this.bulk.later(type, scope);
  }

  /** Whether a type's indexes wait for `buildIndexes` (buildIndexesLater). */
  indexesPending(type: string): boolean {
    return this.bulk.pending(type);
  }

  /** In a bulk load, once the rows of the types whose indexes wait are all written: their sets are gathered meanwhile (BulkBuild.gatherAhead). */
  gatherAhead(): void {
    if (this.deferring) this.bulk.gatherAhead(this.depth > 0);
  }

  /** Whether sets gathered ahead for a type were written as the load went on. */
  wroteAhead(type: string): boolean {
    return this.bulk.wroteAhead(type);
  }

  /** Builds the indexes `buildIndexesLater` put off, and writes the link lists the load held (BulkBuild.build). */
  async buildIndexes(): Promise<void> {
    this.refuseAfterLoss();
    await this.bulk.build();
    this.cache.clear();
  }

  /** A type's index sets gathered from its stored rows (gather-sets.ts), for a gathering thread (gather-thread.ts). */
  gatherRows(type: string, fields: readonly IndexedField[], passBytes: number): Generator<CodeSets, void, void> {
    return gatherSets(this.rowDbs.get(type)!, fields, passBytes);
  }

  /** `gatherRows` while a load still writes the rows (gather-sets.ts, `gatherGrowing`). */
  gatherGrowingRows(type: string, fields: readonly IndexedField[], passBytes: number, growing: GrowingRows): Generator<CodeSets, void, void> {
    return gatherGrowing(this.rowDbs.get(type)!, fields, passBytes, growing);
  }

  /** Runs a generator's steps, each in a write transaction of its own. */
  private commitEach(steps: Generator<void, void, void>): void {
    for (let done = false; !done;) done = this.transact(() => steps.next().done === true);
  }

  private refuseAfterLoss(): void {
    if (this.deferredLoss !== NO_FAILURE) throw new Error('a transaction of this bulk load was rolled back, and with it the index changes the load kept waiting: the load cannot go on', { cause: this.deferredLoss });
  }

  /** Writes the small sets a bulk load has waiting, and everything if that frees too little. */
  private flushDeferred(): void {
    for (const postings of this.postings) postings.flush(SMALL_SET_CHANGES);
    if (this.waitingSlots() > DEFERRED_SLOTS / 2) for (const postings of this.postings) postings.flush();
  }

  private waitingSlots(): number {
    let n = 0;
    for (const postings of this.postings) n += postings.waiting;
    return n;
  }

  private joined<T>(fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      if (this.joinedFailure === NO_FAILURE) this.joinedFailure = error;
      throw error;
    }
  }

  /**
   * For a store that others write to (a worker's read-only view): drops cached reads when
   * anything was committed since they were taken. One point read.
   */
  refresh(): void {
    const generation = this.generation();
    if (generation !== this.seenGeneration) {
      this.cache.clear();
      this.seenGeneration = generation;
    }
  }

  /** On a replica's folder: the writer it follows and how far it applied (read-only opens too); undefined elsewhere. */
  get applied(): AppliedPoint | undefined {
    if (!this.inTransaction && !this.replication) this.env.resetReadTxn();
    return this.replication ? this.replication.applied : replicationStateIn(this.env)?.applied;
  }

  /** How many write transactions this instance has seen committed (its own, and others' once refreshed). */
  get writeGeneration(): number {
    return this.seenGeneration;
  }

  private generation(): number {
    return (this.dbs.meta.get(GENERATION_KEY) as number | undefined) ?? 0;
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  /** The small integer that stands for a type, field or list name in keys. */
  code(name: string): number {
    const c = this.codes.get(name);
    if (c === undefined) throw new Error(`Store has no code for ${name}`);
    return c;
  }

  /**
   * The next number of a sequence that is not a type's row ids (component instances, by
   * component uid): never given twice, inside the write transaction.
   */
  nextId(sequence: string): number {
    const key = seqKey(this.code(sequence));
    const id = ((this.dbs.meta.get(key) as number | undefined) ?? 0) + 1;
    this.dbs.meta.putSync(key, id);
    return id;
  }

  /** Names known to the store: each type, its indexed fields and every relation list are interned at open. */
  intern(names: Iterable<string>): void {
    this.transact(() => {
      let next = (this.dbs.meta.get(['nextCode']) as number | undefined) ?? 1;
      for (const name of names) {
        if (this.codes.has(name)) continue;
        const existing = this.dbs.meta.get(['code', name]) as number | undefined;
        if (existing !== undefined) {
          this.codes.set(name, existing);
          continue;
        }
        this.dbs.meta.putSync(['code', name], next);
        this.codes.set(name, next++);
      }
      this.dbs.meta.putSync(['nextCode'], next);
    });
  }

  private internAll(layouts: readonly TypeLayout[]): void {
    this.loadCodes();
    const names: string[] = [];
    for (const l of layouts) {
      names.push(l.name);
      for (const f of l.fields) names.push(`${l.name}.${f.name}`, `${l.name}.${f.name}~i`, `${l.name}.${f.name}~3`);
    }
    this.intern(names);
  }

  private loadCodes(): void {
    for (const { key, value } of this.dbs.meta.getRange({ start: ['code'], end: ['code', MAX] })) {
      this.codes.set(key[1] as string, value as number);
    }
  }

  /** Runs `check` before each expensive read from now on (see ReadGuard); undefined removes it. */
  guardReads(check: (() => void) | undefined): void {
    this.guard.check = check ?? (() => {});
  }

  /**
   * Checks that every index, count and link list agrees with the rows and lists it is derived
   * from (`links`: the relations, `components`: where rows hold components, from the layer that
   * knows them). Reads straight from LMDB.
   */
  check(links: readonly LinkLayout[], components: readonly ComponentLayout[]): CheckReport {
    // A snapshot taken before another process's (or handle's) latest commit would miss it.
    if (!this.inTransaction) this.env.resetReadTxn();
    return checkStore({ dbs: this.dbs, rowDbs: this.rowDbs, layouts: this.layouts, codes: this.codes }, links, components);
  }

  /** Each database's entries and their hash (digest.ts): equal in two folders with the same content. */
  digest(): Map<string, DbDigest> {
    if (!this.inTransaction) this.env.resetReadTxn();
    return digestOf(this.env);
  }

  /** Reads in a worker see a snapshot that does not renew by itself: call before each task. */
  resetReadTxn(): void {
    this.env.resetReadTxn();
    this.refresh();
  }

  async close(): Promise<void> {
    await this.env.close();
  }
}

/**
 * A writable map makes the data file as large as the map (sparse), so it starts at the file's
 * present size, never smaller (another process may map that much), and lmdb-js grows it as needed.
 */
function writeMapSize(folder: string): number {
  return Math.max(64 * 1024 ** 2, statSync(join(folder, 'data.mdb'), { throwIfNoEntry: false })?.size ?? 0);
}
