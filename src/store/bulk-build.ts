import type { Dbs } from './dbs.js';
import { GatherAhead, GatherStopped, type GatherJob, type GatherType } from './gather-ahead.js';
import { gatherSets, type CodeSets } from './gather-sets.js';
import { keepsSets } from './indexed-fields.js';
import { clearSets, writeDocs, writeSets, type BuildLimits, type BuildTarget } from './index-build.js';
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
  /**
   * The thread: not asked for yet; started while rows are still written (`early`); asked for
   * once they all are (at the first link), to start or be told at the next commit (`wanted`); or
   * done with asking (`tried`).
   */
  private aheadState: 'unasked' | 'early' | 'wanted' | 'tried' = 'unasked';
  /** The type a thread started early gathers (`startEarly`). */
  private early: string | undefined;
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
    if (this.aheadState !== 'unasked' && this.aheadState !== 'early') return;
    this.aheadState = 'wanted';
    if (!inTransaction) this.afterCommit();
  }

  /**
   * After each of the load's commits: while rows are written, starts the gathering thread once a
   * type has `limits.aheadRows` of them, and tells it of each commit after; once they all are,
   * starts it or tells it so; and writes the sets it has sent.
   */
  afterCommit(): void {
    if (this.tending) return;
    this.tending = true;
    try {
      if (this.aheadState === 'unasked') this.startEarly();
      else if (this.aheadState === 'early') this.ahead?.committed();
      else if (this.aheadState === 'wanted') {
        if (this.early) this.rowsWritten();
        else this.startAhead();
      }
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
    // A load without links has not said its rows are written: they are, by now.
    if (this.aheadState === 'early') {
      this.aheadState = 'wanted';
      this.afterCommit();
    }
    // Committed often, so that the thread's sets are written between the commits: at 1M, 200,000 lists a commit left it waiting on its room for 9 s.
    host.commitEach(host.links.writeHeld(Math.min(host.limits.batch, HELD_LISTS_A_COMMIT)));
    this.tending = true;
    try {
      for (const type of this.buildOrder()) {
        this.unbuilt.delete(type);
        const target = host.rows.resumeIndexes(type);
        const fromThread = this.ahead?.has(type, target.writes) === true;
        if (!fromThread) this.forgetAhead(target);
        host.commitEach(writeDocs(host.dbs, target, host.limits));
        if (fromThread && (await this.writeFromThread(target))) continue;
        for (const sets of gatherSets(target.db, target.fields.filter(keepsSets), host.limits.passBytes)) host.commitEach(writeSets(host.dbs, target, sets, host.limits));
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
    const writes = new Map<string, number>();
    const types = this.writtenTypes(this.unbuiltInOrder(), writes);
    if (types.length > 0) this.ahead = new GatherAhead(this.job(types, false), writes);
  }

  /**
   * Starts the thread while rows are still written, once a type has `aheadRows` of them: it
   * gathers that type's sets as they are committed, on a core the load leaves idle until its
   * links.
   */
  private startEarly(): void {
    const type = this.unbuiltInOrder().find((t) => this.host.rows.held(t)!.docs.size >= this.host.limits.aheadRows);
    if (type === undefined) return;
    this.early = type;
    this.aheadState = 'early';
    this.ahead = new GatherAhead(this.job([{ type, fields: this.host.rows.held(type)!.fields.filter(keepsSets) }], true), new Map());
  }

  /**
   * Tells a thread started early that every row is written: the other types large enough follow
   * its type (`buildOrder`). A type whose rows changed after they were written is gathered in
   * place, the thread stopped.
   */
  private rowsWritten(): void {
    this.aheadState = 'tried';
    const type = this.early!;
    this.early = undefined;
    const held = this.host.rows.held(type);
    // Only rows written, each read as it was: a changed or removed one may have been read before it changed.
    if (!held || held.writes !== held.docs.size) {
      this.dropAhead();
      return;
    }
    const writes = new Map<string, number>([[type, held.writes]]);
    const more = this.writtenTypes(this.unbuiltInOrder().filter((t) => t !== type), writes);
    this.ahead!.rowsWritten(writes, more);
  }

  /** Of `types`, those large enough for the thread, each with the fields it gathers, its write count noted in `writes`. */
  private writtenTypes(types: readonly string[], writes: Map<string, number>): GatherType[] {
    const { rows, limits } = this.host;
    const out: GatherType[] = [];
    for (const type of types) {
      const held = rows.held(type)!;
      if (held.docs.size < limits.aheadRows) continue;
      out.push({ type, fields: held.fields.filter(keepsSets) });
      writes.set(type, held.writes);
    }
    return out;
  }

  private job(types: readonly GatherType[], growing: boolean): GatherJob {
    const { limits } = this.host;
    return {
      path: this.host.path, layouts: this.host.layouts, types, growing, passBytes: limits.passBytes,
      roomKib: Math.ceil(limits.aheadBytes / 1024), heapMib: Math.ceil(limits.aheadHeapBytes / 1024 ** 2),
    };
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
    this.early = undefined;
  }

  /**
   * The order the build writes the types whose indexes wait in: first those the thread gathers, in
   * the order it sends them, then the others in key order.
   */
  private buildOrder(): string[] {
    const fromThread = (this.ahead?.order ?? []).filter((t) => this.unbuilt.has(t));
    return [...fromThread, ...this.unbuiltInOrder().filter((t) => !fromThread.includes(t))];
  }

  /** The types whose indexes wait, in the order of their keys: each type's sets come after the last's, appended. */
  private unbuiltInOrder(): string[] {
    return [...this.unbuilt].sort((a, b) => this.host.code(a) - this.host.code(b));
  }
}
