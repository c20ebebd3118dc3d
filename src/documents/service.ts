import type { ContentType } from '../schema/types.js';
import type { Row, Status } from '../store/layout.js';
import type { DocumentEngine } from './engine.js';
import type { Entry } from './entry.js';
import type { PopulateInput } from './populate.js';
import { DocumentReader, type FindParams, type PageMeta } from './read.js';
import { Versions } from './versions.js';
import { DocumentWriter } from './write.js';

interface Shape {
  readonly fields?: string | readonly string[];
  readonly populate?: PopulateInput;
}
export interface CreateParams extends Shape {
  readonly data: unknown;
  readonly status?: Status;
  readonly locale?: string;
}
export interface UpdateParams extends CreateParams {
  readonly documentId: string;
}
export interface DocumentParams {
  readonly documentId: string;
  /** `*` for every locale. */
  readonly locale?: string;
}
export interface VersionResult {
  readonly documentId: string;
  readonly entries: Entry[];
}

/**
 * `documents(uid)`: the in-process API, and the one door REST and GraphQL go through.
 * Every write is one LMDB transaction; a call that fails has written nothing.
 */
export class DocumentService {
  constructor(
    private readonly engine: DocumentEngine,
    readonly contentType: ContentType,
    private readonly reader: DocumentReader,
    private readonly writer: DocumentWriter,
    private readonly versions: Versions,
  ) {}

  async findOne(params: FindParams & { readonly documentId: string }): Promise<Entry | null> {
    return this.reader.findOne(this.contentType, params.documentId, params);
  }

  async findFirst(params: FindParams = {}): Promise<Entry | null> {
    return this.reader.findMany(this.contentType, { ...params, start: 0, limit: 1, pagination: undefined }).entries[0] ?? null;
  }

  async findMany(params: FindParams = {}): Promise<Entry[]> {
    return this.reader.findMany(this.contentType, params).entries;
  }

  /** A page of entries with Strapi's pagination meta (what REST and GraphQL lists answer). */
  async findPage(params: FindParams = {}, defaultLimit = 25): Promise<{ results: Entry[]; pagination: PageMeta }> {
    const { entries, total, window } = this.reader.findMany(this.contentType, params, defaultLimit);
    const withCount = params.pagination?.withCount ?? true;
    const limit = window.limit === Infinity ? total : window.limit;
    let pagination: PageMeta;
    if (window.mode === 'offset') pagination = withCount ? { start: window.start, limit, total } : { start: window.start, limit };
    else {
      const page = Math.floor(window.start / Math.max(limit, 1)) + 1;
      pagination = withCount ? { page, pageSize: limit, pageCount: limit > 0 ? Math.ceil(total / limit) : 0, total } : { page, pageSize: limit };
    }
    return { results: entries, pagination };
  }

  async count(params: FindParams = {}): Promise<number> {
    return this.reader.count(this.contentType, params);
  }

  async create(params: CreateParams): Promise<Entry> {
    const ct = this.contentType;
    return this.engine.store.transact(() => {
      const locale = this.engine.localeOf(ct, params.locale, true);
      let row = this.writer.create(ct, params.data, locale);
      if (params.status === 'published' && ct.draftAndPublish) row = this.versions.publish(ct, row.documentId, [locale])[0]!;
      return this.present(row, params);
    });
  }

  /** Null when the document does not exist. With `status: 'published'` the draft is published after the update. */
  async update(params: UpdateParams): Promise<Entry | null> {
    const ct = this.contentType;
    return this.engine.store.transact(() => {
      const locale = this.engine.localeOf(ct, params.locale, true);
      let row = this.writer.update(ct, params.documentId, params.data, locale);
      if (!row) return null;
      if (params.status === 'published' && ct.draftAndPublish) row = this.versions.publish(ct, row.documentId, [locale])[0]!;
      return this.present(row, params);
    });
  }

  async delete(params: DocumentParams): Promise<VersionResult> {
    return this.engine.store.transact(() => {
      const entries = this.rowsOf(params).map((r) => this.present(r, {}));
      this.writer.delete(this.contentType, params.documentId, this.locales(params.locale));
      return { documentId: params.documentId, entries };
    });
  }

  async publish(params: DocumentParams): Promise<VersionResult> {
    return this.versionOp(params, (locales) => this.versions.publish(this.contentType, params.documentId, locales));
  }

  async unpublish(params: DocumentParams): Promise<VersionResult> {
    return this.versionOp(params, (locales) => this.versions.unpublish(this.contentType, params.documentId, locales));
  }

  async discardDraft(params: DocumentParams): Promise<VersionResult> {
    return this.versionOp(params, (locales) => this.versions.discardDraft(this.contentType, params.documentId, locales));
  }

  private versionOp(params: DocumentParams, op: (locales: readonly (string | null)[] | '*') => Row[]): Promise<VersionResult> {
    return Promise.resolve(this.engine.store.transact(() => {
      if (!this.contentType.draftAndPublish) return { documentId: params.documentId, entries: [] };
      const entries = op(this.locales(params.locale)).map((r) => this.present(r, {}));
      return { documentId: params.documentId, entries };
    }));
  }

  private locales(locale: string | undefined): readonly (string | null)[] | '*' {
    if (locale === '*') return '*';
    return [this.engine.localeOf(this.contentType, locale, false)];
  }

  private rowsOf(params: DocumentParams): Row[] {
    const locales = this.locales(params.locale);
    return this.engine.store.rows.versions(this.contentType.uid, params.documentId)
      .filter((v) => locales === '*' || locales.includes(v.locale))
      .map((v) => this.engine.store.rows.get(this.contentType.uid, v.id)!);
  }

  private present(row: Row, shape: Shape): Entry {
    const status: Status = this.contentType.draftAndPublish && row.publishedAt === null ? 'draft' : 'published';
    return this.reader.present(this.contentType, row, status, shape);
  }
}
