import type { CompiledPopulate, CompiledRead, ReadWindow } from '../query/compile/compiled.js';
import { scopesOf } from '../query/compile/scope.js';
import { planList, runPlannedList, type ListRequest } from '../query/list.js';
import { PlanCache } from '../query/plan/plan-cache.js';
import type { ListPlan } from '../query/plan/plan.js';
import type { ContentType } from '../schema/types.js';
import type { RowScope, Row, Status } from '../store/layout.js';
import type { DocumentEngine } from './engine.js';
import { toEntry, type Entry } from './entry.js';
import { entriesFromRows } from './entry-json.js';
import { Populator } from './populate.js';

export type PageMeta =
  | { readonly page: number; readonly pageSize: number; readonly pageCount?: number; readonly total?: number }
  | { readonly start: number; readonly limit: number; readonly total?: number };

export interface Page {
  readonly results: Entry[];
  readonly pagination: PageMeta;
}

/**
 * Runs compiled reads (query/compile): one entry, a window of a list, a count, related lists.
 * Only the entries returned are decoded. A list is planned once per read until the data has
 * moved on (PlanCache); a plan given by the caller (the scheduler, a pool worker) is run as it is.
 */
export class DocumentReader {
  private readonly plans = new PlanCache();

  constructor(private readonly engine: DocumentEngine) {}

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
    return planList(this.engine.registry, this.engine.store, this.listRequest(read), this.plans);
  }

  findOne(read: CompiledRead, documentId: string): Entry | null {
    const ct = this.type(read);
    const id = this.engine.store.rows.idOf(ct.uid, documentId, this.scopes(read)[0]!.status, read.locale as string | null);
    if (id === undefined) return null;
    return this.present(ct, this.engine.store.rows.get(ct.uid, id)!, read.status, read, new Populator(this.engine));
  }

  list(read: CompiledRead, plan = this.plan(read)): { entries: Entry[]; total: number } {
    const ct = this.type(read);
    const result = runPlannedList(this.engine.registry, this.engine.store, this.listRequest(read), plan);
    const populator = new Populator(this.engine);
    const rows = result.ids.map((id) => this.engine.store.rows.get(ct.uid, id)!);
    const entries = rows.map((row) => this.present(ct, row, read.status, read, populator));
    // Entries with nothing populated are their rows printed under the selection: their JSON is kept (entry-json.ts).
    if (!hasKeys(read.populate)) entriesFromRows(entries, rows, ct, read.fields);
    return { entries, total: result.total };
  }

  page(read: CompiledRead, plan?: ListPlan): Page {
    const { entries, total } = this.list(read, plan);
    return { results: entries, pagination: pageMeta(read.window, total) };
  }

  count(read: CompiledRead, plan?: ListPlan): number {
    const scopes = this.scopes(read);
    if (read.filter.kind === 'const' && read.filter.value) return scopes.reduce((n, s) => n + this.engine.store.rows.count(read.type, s), 0);
    const req = { ...this.listRequest(read), start: 0, limit: 0 };
    return runPlannedList(this.engine.registry, this.engine.store, req, plan ?? this.plan(read)).total;
  }

  /**
   * For each source row of `type`, the entries it links to through `node`'s relation: one
   * populate for many rows, sharing one Populator.
   */
  related(type: string, node: CompiledPopulate, sources: readonly number[], status: Status): Entry[][] {
    const ct = this.engine.registry.require(type);
    const attr = ct.attributes.get(node.attribute);
    if (attr?.kind !== 'relation') throw new Error(`${type} has no relation ${node.attribute}`);
    const populator = new Populator(this.engine);
    return sources.map((id) => populator.related(attr, node, id, status));
  }

  /**
   * A row as an entry with its populated relations. `status` picks which version of draft &
   * publish targets is shown: a type without versions may link both versions of a target.
   */
  present(ct: ContentType, row: Row, status: Status, shape: Pick<CompiledRead, 'fields' | 'populate'>, populator = new Populator(this.engine)): Entry {
    const entry = toEntry(ct, row, shape.fields);
    populator.populate(ct, entry, row.id, shape.populate, status);
    return entry;
  }

  scopes(read: CompiledRead): RowScope[] {
    return scopesOf(this.type(read), read.status, read.locale, () => this.engine.store.rows.scopes(read.type));
  }

  private type(read: CompiledRead): ContentType {
    return this.engine.registry.require(read.type);
  }
}

function hasKeys(tree: object): boolean {
  for (const _ in tree) return true;
  return false;
}

function pageMeta(window: ReadWindow, total: number): PageMeta {
  const limit = window.limit === Infinity ? total : window.limit;
  // Without a count Strapi answers its raw start / limit, in page mode too (docs/filters.md, Pagination).
  if (!window.withCount) return { start: window.start, limit };
  if (window.mode === 'offset') return { start: window.start, limit, total };
  const pageSize = Math.max(limit, 1);
  const page = Math.floor(window.start / pageSize) + 1;
  return { page, pageSize: limit, pageCount: limit > 0 ? Math.ceil(total / limit) : 0, total };
}
