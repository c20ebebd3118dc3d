import { PaginationError } from '../errors/index.js';
import type { ContentType } from '../schema/types.js';
import type { Row, RowScope, Status } from '../store/layout.js';
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
    return this.present(ct, this.engine.store.rows.get(ct.uid, id)!, status, params);
  }

  findMany(ct: ContentType, params: FindParams, defaultLimit = Infinity): { entries: Entry[]; total: number; window: Window } {
    const status = this.engine.statusOf(ct, params.status);
    const scopes = this.engine.readScopes(ct, status, params.locale);
    const window = windowOf(params, defaultLimit);
    const ids = this.idsIn(ct, scopes);
    const total = scopes.reduce((n, s) => n + this.engine.store.rows.count(ct.uid, s), 0);
    const page = ids.slice(window.start, window.limit === Infinity ? undefined : window.start + window.limit);
    const entries = page.map((id) => this.present(ct, this.engine.store.rows.get(ct.uid, id)!, status, params));
    return { entries, total, window };
  }

  count(ct: ContentType, params: FindParams): number {
    const status = this.engine.statusOf(ct, params.status);
    return this.engine.readScopes(ct, status, params.locale).reduce((n, s) => n + this.engine.store.rows.count(ct.uid, s), 0);
  }

  private idsIn(ct: ContentType, scopes: readonly RowScope[]): number[] {
    const ids: number[] = [];
    for (const scope of scopes) for (const id of this.engine.store.rows.ids(ct.uid, scope)) ids.push(id);
    if (scopes.length > 1) ids.sort((a, b) => a - b);
    return ids;
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
