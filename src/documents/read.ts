import type { CompiledPopulate, CompiledRead, ReadWindow } from '../query/compile/compiled.js';
import type { ListRequest } from '../query/list.js';
import type { ListPlan } from '../query/plan/plan.js';
import { populates, ReadRunner } from '../query/read/run.js';
import type { ReadRow } from '../query/read/rows.js';
import type { ContentType } from '../schema/types.js';
import type { Row, Status } from '../store/layout.js';
import type { DocumentEngine } from './engine.js';
import { toEntry, type Entry } from './entry.js';
import { entriesFromRecords, entriesFromRows, entryFromRow } from './entry-json.js';
import { keepEntry, keptEntry } from './shared-entries.js';
import { present, type Shape } from './present.js';

export type PageMeta =
  | { readonly page: number; readonly pageSize: number; readonly pageCount?: number; readonly total?: number }
  | { readonly start: number; readonly limit: number; readonly total?: number };

export interface Page {
  readonly results: Entry[];
  readonly pagination: PageMeta;
}

/**
 * Answers compiled reads: the query layer runs each to the rows it answers (ReadRunner, one call
 * per read), and they are shown here as entries, with Strapi's pagination meta for a page.
 */
export class DocumentReader {
  private readonly runner: ReadRunner;

  constructor(private readonly engine: DocumentEngine) {
    this.runner = new ReadRunner(engine.registry, engine.store);
  }

  listRequest(read: CompiledRead): ListRequest {
    return this.runner.listRequest(read);
  }

  plan(read: CompiledRead): ListPlan {
    return this.runner.plan(read);
  }

  findOne(read: CompiledRead, documentId: string): Entry | null {
    const found = this.runner.one(read, documentId);
    if (found === null) return null;
    const ct = this.type(read.type);
    const entry = present(this.engine.registry, ct, found, read);
    // Nothing populated: the entry is its row printed under the selection, whose JSON is kept.
    if (!populates(read.populate)) entryFromRow(entry, found.row as Row, ct, read.fields);
    return entry;
  }

  page(read: CompiledRead, plan?: ListPlan): Page {
    const ct = this.type(read.type);
    if (read.door === 'rest' && populates(read.populate)) return this.sharedPage(ct, read, plan);
    const { total, rows, related } = this.runner.list(read, plan);
    let entries: Entry[];
    if (related === undefined) {
      entries = rows.map((row) => toEntry(ct, row, read.fields));
      // Entries with nothing populated are their rows printed under the selection: their JSON is kept (entry-json.ts).
      entriesFromRows(entries, rows, ct, read.fields);
    } else {
      entries = rows.map((row, i) => present(this.engine.registry, ct, { row, related: related[i]! }, read));
    }
    return { results: entries, pagination: pageMeta(read.window, total) };
  }

  /** A populated page for REST or GraphQL: entries kept with their rows and shared, built only when none is kept (shared-entries.ts). */
  private sharedPage(ct: ContentType, read: CompiledRead, plan: ListPlan | undefined): Page {
    const { total, rows } = this.runner.rows(read, plan);
    const generation = this.engine.store.writeGeneration;
    let populate: ((row: Row) => ReadRow) | undefined;
    const records = rows.map((row) => keptEntry(row, read, generation)
      ?? keepEntry(row, read, generation, present(this.engine.registry, ct, (populate ??= this.runner.populator(read))(row), read)));
    const entries = records.map((r) => r.entry);
    entriesFromRecords(entries, records);
    return { results: entries, pagination: pageMeta(read.window, total) };
  }

  count(read: CompiledRead, plan?: ListPlan): number {
    return this.runner.count(read, plan);
  }

  /** For each source row of `type`, the entries it links to through `node`'s relation. */
  related(type: string, node: CompiledPopulate, sources: readonly number[], status: Status): Entry[][] {
    const target = this.type(node.target);
    return this.runner.related(type, node, sources, status).map((rows) => rows.map((r) => present(this.engine.registry, target, r, node)));
  }

  /**
   * A row as an entry with its populated relations. `status` picks which version of draft &
   * publish targets is shown: a type without versions may link both versions of a target.
   */
  present(ct: ContentType, row: Row, status: Status, shape: Shape): Entry {
    return present(this.engine.registry, ct, this.runner.rowOf(ct.uid, row, shape.populate, status), shape);
  }

  private type(uid: string): ContentType {
    return this.engine.registry.require(uid);
  }
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
