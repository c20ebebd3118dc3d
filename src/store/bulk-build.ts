import type { Dbs } from './dbs.js';
import { GatherAhead, GatherStopped } from './gather-ahead.js';
import { gatherSets, type CodeSets } from './gather-sets.js';
import { clearSets, documentIdIndex, writeDocIndex, writeDocs, writeSets, type BuildLimits, type BuildTarget } from './index-build.js';
import type { IndexedField } from './indexed-fields.js';
import type { RowScope, TypeLayout } from './layout.js';
import type { LinkStore } from './links.js';
import type { RowStore } from './rows.js';

/** What a bulk load's build uses of its store. */
export interface BuildHost {
  readonly dbs: Dbs;
  readonly rows: RowStore;
  readonly links: LinkStore;
  readonly path: string;
  readonly layouts: readonly TypeLayout[];
  readonly limits: BuildLimits;
  code(name: string): number;
  /** Runs a generator's steps, each in a write transaction of its own. */
  commitEach(steps: Generator<void, void, void>): void;
}

/** Held lists written per commit while the gathering thread may be sending sets. */
const HELD_LISTS_A_COMMIT = 20_000;

/**
 * The indexes a bulk load builds from the rows it wrote (Store.deferIndexes), rather than adding
 * each row to them as it comes: which types', the thread gathering their sets meanwhile
 * (gather-ahead.ts), and the build itself (index-build.ts).
 */
export class BulkBuild {
  /** Types whose indexes are built from their rows (`later`). */
  private readonly unbuilt = new Set<string>();
  /** The thread gathering index sets (`gatherAhead`). */
  private ahead: GatherAhead | undefined;
  /** Whether the thread was asked for (at the first link), and whether it is yet to start (at the next commit). */
  private aheadState: 'unasked' | 'wanted' | 'tried' = 'unasked';
  /** Writing the thread's sets (`afterCommit`), which commits; or the build's per-type writes, which no set may come between. */
  private tending = false;
  /** Types some of whose sets from the thread were written as the load went on. */
  private readonly aheadWrote = new Set<string>();
  /** The stopping of a thread stopped before its end. */
  private aheadStopped: Promise<void> | undefined;

  constructor(private readonly host: BuildHost) {}

  /**
   * For a type that has no rows yet and whose rows the load writes all in `scope`: its indexes
   * (its documentId lookup and its field index sets) are not written as its rows are, but built
   * from them in key order by `build`. Meanwhile its documentId lookup is kept in memory, and
   * reading its field indexes throws. Answers whether they are (false for a type that has rows).
   */
  later(type: string, scope: RowScope): boolean {
    if (this.unbuilt.has(type)) return true;
    if (this.host.rows.scopes(type).length > 0) return false;
    this.host.rows.suspendIndexes(type, scope);
    this.unbuilt.add(type);
    return true;
  }

  pending(type: string): boolean {
    return this.unbuilt.has(type);
  }

  /**
   * Once every row of the types whose indexes wait is written: their sets are gathered in a
   * thread of their own from the next commit on (`afterCommit`), and written as they come,
   * between the load's transactions, or by `build`. A type with fewer rows than
   * `limits.aheadRows` is gathered in place; so is one whose rows are written again after all,
   * its sets written meanwhile removed.
   */
  gatherAhead(inTransaction: boolean): void {
    // Asked at every link: the thread starts once, or not at all when no type is large enough.
    if (this.aheadState !== 'unasked') return;
    this.aheadState = 'wanted';
    if (!inTransaction) this.afterCommit();
  }

  /** After each of the load's commits: starts the gathering thread when it is wanted, and writes the sets it has sent. */
  afterCommit(): void {
    if (this.tending) return;
    this.tending = true;
    try {
      if (this.aheadState === 'wanted') this.startAhead();
      this.ahead?.drain((type, sets) => this.writeAhead(type, sets));
    } finally {
      this.tending = false;
    }
  }

  /** Whether sets the gathering thread sent for a type were written as the load went on. */
  wroteAhead(type: string): boolean {
    return this.aheadWrote.has(type);
  }

  /**
   * Writes the link lists the load held (LinkStore.holdFills), the thread's sets written as they
   * come meanwhile; then each type's documentId lookup and sets in key order, nothing between
   * them, committing every `limits.batch` entries.
   */
  async build(): Promise<void> {
    const { host } = this;
    // Committed often, so that the thread's sets are written between the commits: at 1M, 200,000 lists a commit left it waiting on its room for 9 s.
    host.commitEach(host.links.writeHeld(Math.min(host.limits.batch, HELD_LISTS_A_COMMIT)));
    this.tending = true;
    try {
      for (const type of this.unbuiltInOrder()) {
        this.unbuilt.delete(type);
        const target = host.rows.resumeIndexes(type);
        const fromThread = this.ahead?.has(type, target.writes) === true;
        if (!fromThread) this.forgetAhead(target);
        // A type the thread gathers has its documentId index written already (startAhead).
        const byDocumentId = fromThread ? undefined : documentIdIndex(target);
        host.commitEach(writeDocs(host.dbs, target, byDocumentId, host.limits));
        if (fromThread && (await this.writeFromThread(target))) continue;
        const fields = target.fields.filter((f) => f !== byDocumentId);
        for (const sets of gatherSets(target.db, fields, host.limits.passBytes)) host.commitEach(writeSets(host.dbs, target, sets, host.limits));
      }
    } finally {
      this.tending = false;
    }
  }

  /** When the load ends, built or failed: stops the thread, and a failed load's types keep their indexes up again (its folder lacks the sets it had not built). */
  async end(): Promise<void> {
    this.aheadState = 'unasked';
    this.dropAhead();
    await this.aheadStopped;
    this.aheadStopped = undefined;
    this.aheadWrote.clear();
    for (const type of this.unbuilt) this.host.rows.resumeIndexes(type);
    this.unbuilt.clear();
  }

  private startAhead(): void {
    this.aheadState = 'tried';
    const { rows, limits } = this.host;
    const types: { type: string; fields: readonly IndexedField[] }[] = [];
    const writes = new Map<string, number>();
    for (const type of this.unbuiltInOrder()) {
      const held = rows.held(type)!;
      if (held.docs.size < limits.aheadRows) continue;
      // Its documentId index first, from the lookup: every set of the type is then appended, the thread's after it.
      const byDocumentId = documentIdIndex(held);
      if (byDocumentId) {
        this.host.commitEach(writeDocIndex(this.host.dbs, { t: this.host.code(type), ...held }, byDocumentId, limits));
        this.aheadWrote.add(type);
      }
      types.push({ type, fields: held.fields.filter((f) => f !== byDocumentId) });
      writes.set(type, held.writes);
    }
    if (types.length === 0) return;
    const job = {
      path: this.host.path, layouts: this.host.layouts, types, passBytes: limits.passBytes,
      roomKib: Math.ceil(limits.aheadBytes / 1024), heapMib: Math.ceil(limits.aheadHeapBytes / 1024 ** 2),
    };
    this.ahead = new GatherAhead(job, writes);
  }

  /** Writes a set the thread sent while its type's rows are as it read them; else stops the thread (answering false). */
  private writeAhead(type: string, sets: CodeSets): boolean {
    const held = this.host.rows.held(type)!;
    if (!this.ahead!.has(type, held.writes)) {
      this.dropAhead();
      return false;
    }
    this.aheadWrote.add(type);
    this.host.commitEach(writeSets(this.host.dbs, { t: this.host.code(type), scope: held.scope }, sets, this.host.limits));
    return true;
  }

  /** Writes the rest of a type's sets as the thread sends them; answers false, having removed those written, if it stops before the last. */
  private async writeFromThread(target: BuildTarget): Promise<boolean> {
    try {
      for await (const sets of this.ahead!.sets(target.type)) this.host.commitEach(writeSets(this.host.dbs, target, sets, this.host.limits));
      return true;
    } catch (e) {
      if (!(e instanceof GatherStopped)) throw e;
      this.aheadWrote.add(target.type);
      this.forgetAhead(target);
      return false;
    }
  }

  /** A type whose sets are gathered in place after all: the thread, if it gathers them, stops, and the sets of them written go. */
  private forgetAhead(target: BuildTarget): void {
    if (this.ahead?.gathers(target.type)) this.dropAhead();
    if (this.aheadWrote.delete(target.type)) this.host.commitEach(clearSets(this.host.dbs, target.t, target.fields, this.host.limits));
  }

  private dropAhead(): void {
    if (this.ahead) this.aheadStopped = this.ahead.stop();
    this.ahead = undefined;
  }

  /** The types whose indexes wait, in the order of their keys: each type's sets come after the last's, appended. */
  private unbuiltInOrder(): string[] {
    return [...this.unbuilt].sort((a, b) => this.host.code(a) - this.host.code(b));
  }
}
