import { buildFilterTree } from '../query/filters/index.js';
import { ConstNode, type FilterNode } from '../query/ir/index.js';
import { runList } from '../query/list.js';
import type { PopulateNode } from '../query/params/index.js';
import { PlanCache } from '../query/plan/plan-cache.js';
import type { ContentType } from '../schema/types.js';
import type { Row, Status } from '../store/layout.js';
import type { DocumentEngine } from './engine.js';
import { toEntry, type Entry } from './entry.js';
import { entriesFromRows } from './entry-json.js';
import { Populator } from './populate.js';
import type { ReadRequest, ReadWindow } from './read-request.js';

export type PageMeta =
  | { readonly page: number; readonly pageSize: number; readonly pageCount?: number; readonly total?: number }
  | { readonly start: number; readonly limit: number; readonly total?: number };

export interface Page {
  readonly results: Entry[];
  readonly pagination: PageMeta;
}

/** Reads: one entry, a window of a list, a count. Only the entries returned are decoded. */
export class DocumentReader {
  /** Filter trees of cached requests (see RequestCache): a repeated request is validated once. */
  private readonly filters = new WeakMap<ReadRequest, FilterNode>();
  private readonly plans = new PlanCache();

  constructor(private readonly engine: DocumentEngine) {}

  findOne(ct: ContentType, documentId: string, req: ReadRequest): Entry | null {
    const status = this.engine.statusOf(ct, req.status);
    const locale = this.engine.localeOf(ct, req.locale);
    const id = this.engine.store.rows.idOf(ct.uid, documentId, status, locale);
    if (id === undefined) return null;
    return this.present(ct, this.engine.store.rows.get(ct.uid, id)!, req.status ?? status, req, new Populator(this.engine));
  }

  list(ct: ContentType, req: ReadRequest): { entries: Entry[]; total: number } {
    const status = this.engine.statusOf(ct, req.status);
    const result = runList(this.engine.registry, this.engine.store, {
      type: ct.uid,
      scopes: this.engine.readScopes(ct, status, req.locale),
      filter: this.filterFor(ct, req),
      sort: req.sort,
      start: req.window.start,
      limit: req.window.limit,
    }, this.plans);
    const populator = new Populator(this.engine);
    const rows = result.ids.map((id) => this.engine.store.rows.get(ct.uid, id)!);
    const entries = rows.map((row) => this.present(ct, row, req.status ?? status, req, populator));
    // Entries with nothing populated are their rows printed under the selection: their JSON is kept (entry-json.ts).
    if (!hasKeys(req.populate)) entriesFromRows(entries, rows, ct, req.fields);
    return { entries, total: result.total };
  }

  page(ct: ContentType, req: ReadRequest): Page {
    const { entries, total } = this.list(ct, req);
    return { results: entries, pagination: pageMeta(req.window, total) };
  }

  count(ct: ContentType, req: { readonly filters?: unknown; readonly status?: Status | undefined; readonly locale?: unknown }): number {
    const scopes = this.engine.readScopes(ct, this.engine.statusOf(ct, req.status), req.locale);
    if (req.filters === undefined || req.filters === null) return scopes.reduce((n, s) => n + this.engine.store.rows.count(ct.uid, s), 0);
    return runList(this.engine.registry, this.engine.store, {
      type: ct.uid, scopes, filter: this.filterOf(ct, req.filters), sort: [], start: 0, limit: 0,
    }).total;
  }

  /**
   * For each source row of `ct`, the entries it links to through `node`'s relation: one
   * populate for many rows, sharing one Populator (so the node's filter tree is built once).
   */
  related(ct: ContentType, node: PopulateNode, sources: readonly number[], status: Status): Entry[][] {
    const attr = ct.attributes.get(node.attribute);
    if (attr?.kind !== 'relation') throw new Error(`${ct.uid} has no relation ${node.attribute}`);
    const populator = new Populator(this.engine);
    return sources.map((id) => populator.related(attr, node, id, status));
  }

  /**
   * A row as an entry with its populated relations. `status` picks which version of draft &
   * publish targets is shown: a type without versions may link both versions of a target.
   */
  present(ct: ContentType, row: Row, status: Status, req: Pick<ReadRequest, 'fields' | 'populate'>, populator = new Populator(this.engine)): Entry {
    const entry = toEntry(ct, row, req.fields);
    populator.populate(ct, entry, row.id, req.populate, status);
    return entry;
  }

  /** The request's filter tree, validated once per request object (cached requests come back as the same object). */
  filterFor(ct: ContentType, req: ReadRequest): FilterNode {
    let filter = this.filters.get(req);
    if (!filter) {
      filter = this.filterOf(ct, req.filters);
      this.filters.set(req, filter);
    }
    return filter;
  }

  private filterOf(ct: ContentType, filters: unknown): FilterNode {
    return filters === undefined || filters === null ? ConstNode.TRUE : buildFilterTree(this.engine.registry, ct.uid, filters, { limits: this.engine.filterLimits });
  }
}

function hasKeys(tree: object): boolean {
  for (const _ in tree) return true;
  return false;
}

function pageMeta(window: ReadWindow, total: number): PageMeta {
  const limit = window.limit === Infinity ? total : window.limit;
  // Without a count Strapi answers its raw start / limit, in page mode too (filters.md §5.1).
  if (!window.withCount) return { start: window.start, limit };
  if (window.mode === 'offset') return { start: window.start, limit, total };
  const pageSize = Math.max(limit, 1);
  const page = Math.floor(window.start / pageSize) + 1;
  return { page, pageSize: limit, pageCount: limit > 0 ? Math.ceil(total / limit) : 0, total };
}
