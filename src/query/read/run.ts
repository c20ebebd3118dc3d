import { DataCache, REDECIDE_AFTER_WRITES } from '../../cache/index.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import type { RowScope, Row, Status } from '../../store/layout.js';
import type { Store } from '../../store/store.js';
import type { CompiledPopulate, CompiledPopulateTree, CompiledRead } from '../compile/compiled.js';
import { scopesOf } from '../compile/scope.js';
import { planList, runPlannedList, type ListRequest } from '../list.js';
import type { ListPlan } from '../plan/plan.js';
import { RowEvaluator } from '../exec/row-eval.js';
import { RelatedReader } from './related.js';
import type { ReadRow, Related } from './rows.js';

/** What a list read answers. */
export interface ListRows {
  readonly total: number;
  readonly rows: readonly Row[];
  /** Per row, what its populate read; undefined when nothing is populated. */
  readonly related: readonly Related[] | undefined;
}

/** Plans kept: one per compiled read, as many as the request caches keep (documents/reads.ts). */
const PLANS_KEPT = 2_000;

/**
 * Runs compiled reads (query/compile) to the rows they answer, each with what its populate read:
 * a window of a list with its total, one document, a count, related lists. Only the rows
 * answered are decoded. A list is planned once per read until the data has moved on; a plan
 * given by the caller (the scheduler, a pool worker) is run as it is.
 */
export class ReadRunner {
  /**
   * Plans by compiled read: one frozen object per request text, which fixes everything a plan
   * depends on but the data, so a repeated read skips planning and even stating its request. A
   * plan is right whatever the data (estimates only choose between equivalent paths), but the
   * choice drifts as the data changes: it is derived again after REDECIDE_AFTER_WRITES writes.
   */
  private readonly plans = new DataCache<CompiledRead, ListPlan>(PLANS_KEPT, () => this.store.writeGeneration, REDECIDE_AFTER_WRITES);

  constructor(private readonly registry: SchemaRegistry, private readonly store: Store) {}

  /** What the planner and the executor are given for a list read. */
  listRequest(read: CompiledRead): ListRequest {
    return {
      type: read.type,
      scopes: this.scopes(read),
      filter: read.filter,
      sort: read.sort,
      start: read.window.start,
      limit: read.window.limit,
    };
  }

  plan(read: CompiledRead): ListPlan {
    return this.plans.remember(read, () => planList(this.registry, this.store, this.listRequest(read)));
  }

  /**
   * A window of a list: its rows, and, when the read populates anything, what each row's populate
   * read (`related[i]` for `rows[i]`). A page without populate allocates nothing per row.
   */
  list(read: CompiledRead, plan: ListPlan = this.plan(read)): ListRows {
    const { total, rows } = this.rows(read, plan);
    if (!populates(read.populate)) return { total, rows, related: undefined };
    const populate = this.populator(read);
    return { total, rows, related: rows.map((row) => populate(row).related) };
  }

  /** What `read` populates for each of many rows of its type (a page's), one reader for them all. */
  populator(read: CompiledRead): (row: Row) => ReadRow {
    const reader = new RelatedReader(this.registry, this.store);
    const ct = this.registry.require(read.type);
    return (row) => ({ row, related: reader.read(ct, row, read.populate, read.status) });
  }

  /** A window of a list: its rows and total, nothing populated (a caller that may know what some rows populate reads it with `rowOf`). */
  rows(read: CompiledRead, plan: ListPlan = this.plan(read)): { readonly total: number; readonly rows: readonly Row[] } {
    const result = runPlannedList(this.registry, this.store, this.listRequest(read), plan);
    return { total: result.total, rows: result.ids.map((id) => this.store.rows.get(read.type, id)!) };
  }

  /** One document's row, when it exists in the read's version and locale and passes its filters (Strapi: a 404 otherwise). */
  one(read: CompiledRead, documentId: string): ReadRow | null {
    const id = this.store.rows.idOf(read.type, documentId, this.scopes(read)[0]!.status, read.locale as string | null);
    if (id === undefined) return null;
    if (!(read.filter.kind === 'const' && read.filter.value) && new RowEvaluator(this.registry, this.store).test(read.filter, read.type)(id) !== true) return null;
    return this.rowOf(read.type, this.store.rows.get(read.type, id)!, read.populate, read.status);
  }

  count(read: CompiledRead, plan?: ListPlan): number {
    const scopes = this.scopes(read);
    if (read.filter.kind === 'const' && read.filter.value) return scopes.reduce((n, s) => n + this.store.rows.count(read.type, s), 0);
    const req = { ...this.listRequest(read), start: 0, limit: 0 };
    return runPlannedList(this.registry, this.store, req, plan ?? this.plan(read)).total;
  }

  /**
   * For each source of `type`, its rows related through `node` (one populate for many rows). A
   * source is an entry's row, or a component (its links are kept from its id).
   */
  related(type: string, node: CompiledPopulate, sources: readonly number[], status: Status): ReadRow[][] {
    const attr = this.registry.model(type).attributes.get(node.attribute);
    if (attr?.kind !== 'relation') throw new Error(`${type} has no relation ${node.attribute}`);
    const related = new RelatedReader(this.registry, this.store);
    return sources.map((id) => related.list(attr, node, id, status));
  }

  /** A row with what `populate` reads for it (a written row, answered with its relations). */
  rowOf(type: string, row: Row, populate: CompiledPopulateTree, status: Status): ReadRow {
    return { row, related: new RelatedReader(this.registry, this.store).read(this.registry.require(type), row, populate, status) };
  }

  scopes(read: CompiledRead): RowScope[] {
    return scopesOf(this.registry.require(read.type), read.status, read.locale, () => this.store.rows.scopes(read.type));
  }
}

/** Whether a populate tree names anything. */
export function populates(tree: CompiledPopulateTree): boolean {
  for (const _ in tree) return true;
  return false;
}
