import { PaginationError } from '../errors/index.js';
import { buildFilterTree } from '../query/filters/index.js';
import { ConstNode, type FilterNode } from '../query/ir/index.js';
import { runList } from '../query/list.js';
import { parseSort } from '../query/params/index.js';
import { placeOf } from '../query/params/errors.js';
import type { SortSpec } from '../query/params/types.js';
import type { QueryValue } from '../query/querystring/index.js';
import type { ContentType } from '../schema/types.js';
import type { Row, Status } from '../store/layout.js';
import type { DocumentEngine } from './engine.js';
import { toEntry, type Entry } from './entry.js';
import { readFields, readPopulate, type PopulateInput, type PopulateTree } from './populate.js';

export interface PaginationInput {
  readonly page?: number;
  readonly pageSize?: number;
  readonly start?: number;
  readonly limit?: number;
  readonly withCount?: boolean;
}

export interface FindParams {
  /** Strapi's filter object (document-service or query-string form). */
  readonly filters?: unknown;
  /** `'name:asc'`, `['name:asc', 'stars:desc']`, `{ name: 'asc' }`, or nested through to-one relations. */
  readonly sort?: unknown;
  readonly status?: Status;
  readonly locale?: string;
  readonly fields?: string | readonly string[];
  readonly populate?: PopulateInput;
  readonly pagination?: PaginationInput;
  /** Strapi's document service also takes these at the top level. */
  readonly start?: number;
  readonly limit?: number;
}

export type PageMeta =
  | { readonly page: number; readonly pageSize: number; readonly pageCount?: number; readonly total?: number }
  | { readonly start: number; readonly limit: number; readonly total?: number };

interface Window {
  readonly start: number;
  /** Infinity: no limit. */
  readonly limit: number;
  readonly mode: 'page' | 'offset';
}

/** Reads: one entry, a window of a list, a count. Only the entries returned are decoded. */
export class DocumentReader {
  constructor(private readonly engine: DocumentEngine) {}

  findOne(ct: ContentType, documentId: string, params: FindParams): Entry | null {
    const status = this.engine.statusOf(ct, params.status);
    const locale = this.engine.localeOf(ct, params.locale, false);
    const id = this.engine.store.rows.idOf(ct.uid, documentId, status, locale);
    if (id === undefined) return null;
    return this.present(ct, this.engine.store.rows.get(ct.uid, id)!, shownStatus(params, status), params);
  }

  findMany(ct: ContentType, params: FindParams, defaultLimit = Infinity): { entries: Entry[]; total: number; window: Window } {
    const status = this.engine.statusOf(ct, params.status);
    const window = windowOf(params, defaultLimit);
    const result = runList(this.engine.registry, this.engine.store, {
      type: ct.uid,
      scopes: this.engine.readScopes(ct, status, params.locale),
      filter: this.filterOf(ct, params.filters),
      sort: this.sortOf(ct, params.sort),
      start: window.start,
      limit: window.limit,
    });
    const entries = result.ids.map((id) => this.present(ct, this.engine.store.rows.get(ct.uid, id)!, shownStatus(params, status), params));
    return { entries, total: result.total, window };
  }

  count(ct: ContentType, params: FindParams): number {
    const status = this.engine.statusOf(ct, params.status);
    const scopes = this.engine.readScopes(ct, status, params.locale);
    if (params.filters === undefined) return scopes.reduce((n, s) => n + this.engine.store.rows.count(ct.uid, s), 0);
    return runList(this.engine.registry, this.engine.store, {
      type: ct.uid, scopes, filter: this.filterOf(ct, params.filters), sort: [], start: 0, limit: 0,
    }).total;
  }

  private filterOf(ct: ContentType, filters: unknown): FilterNode {
    return filters === undefined || filters === null ? ConstNode.TRUE : buildFilterTree(this.engine.registry, ct.uid, filters);
  }

  private sortOf(ct: ContentType, sort: unknown): readonly SortSpec[] {
    return sort === undefined || sort === null ? [] : parseSort(this.engine.registry, ct, sort as QueryValue, placeOf('sort'));
  }

  /** A row as an entry with its populated relations. */
  present(ct: ContentType, row: Row, status: Status, params: Pick<FindParams, 'fields' | 'populate'>): Entry {
    const entry = toEntry(ct, row, readFields(ct, params.fields));
    this.populate(entry, row.id, readPopulate(this.engine.registry, ct, params.populate), status);
    return entry;
  }

  private populate(entry: Entry, rowId: number, tree: PopulateTree, status: Status): void {
    for (const [name, node] of tree) {
      const target = this.engine.registry.require(node.attr.target);
      const rows: Row[] = [];
      for (const t of this.engine.store.links.targets(node.attr.listName, rowId)) {
        const row = this.engine.store.rows.get(target.uid, t);
        // A source without versions links both versions of a target document: show the asked one.
        if (row && (!target.draftAndPublish || (row.publishedAt !== null) === (status === 'published'))) rows.push(row);
      }
      if (node.count) {
        entry[name] = { count: rows.length };
        continue;
      }
      const related = rows.map((row) => {
        const e = toEntry(target, row, node.fields);
        this.populate(e, row.id, node.populate, status);
        return e;
      });
      entry[name] = node.attr.toMany ? related : (related[0] ?? null);
    }
  }
}

/**
 * The version of draft & publish targets a read populates: the one asked for, else the rows' own.
 * A type without versions reads its one row whatever the status, yet may link both versions of a
 * target (relations.md §3), so the status asked for still picks which one it shows.
 */
const shownStatus = (params: FindParams, rowStatus: Status): Status => params.status ?? rowStatus;

function windowOf(params: FindParams, defaultLimit: number): Window {
  const p = { start: params.start, limit: params.limit, ...params.pagination };
  const pageMode = p.page !== undefined || p.pageSize !== undefined;
  const offsetMode = p.start !== undefined || p.limit !== undefined;
  if (pageMode && offsetMode) throw new PaginationError('Cannot use both page & offset pagination in the same query');
  const int = (v: number | undefined, name: string, min: number): number | undefined => {
    if (v === undefined) return undefined;
    if (!Number.isInteger(v) || v < min) throw new PaginationError(`Invalid ${name} parameter: expected an integer >= ${min}`);
    return v;
  };
  if (pageMode) {
    const page = int(p.page, 'page', 1) ?? 1;
    const pageSize = int(p.pageSize, 'pageSize', 1) ?? defaultLimit;
    return { start: (page - 1) * pageSize, limit: pageSize, mode: 'page' };
  }
  const limit = p.limit === -1 ? Infinity : int(p.limit, 'limit', 1) ?? defaultLimit;
  return { start: int(p.start, 'start', 0) ?? 0, limit, mode: offsetMode ? 'offset' : 'page' };
}
