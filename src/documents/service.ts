import type { ReadInput } from '../query/compile/compile.js';
import type { ContentType } from '../schema/types.js';
import type { Row, Status } from '../store/layout.js';
import { readWriteData, withHashes, withHashesSync, type WriteData } from './data.js';
import type { DocumentEngine } from './engine.js';
import type { Entry } from './entry.js';
import type { DocumentReader } from './read.js';
import type { Reads } from './reads.js';
import { refuseSecondDocument } from './single-type.js';
import { Versions } from './versions.js';
import { DocumentWriter, freeDocumentId } from './write.js';
import type { WriteMethod } from './forwarding.js';

/** Which version of a draft & publish document a call reads or writes. */
export type { Status } from '../store/layout.js';

/** What the document service's reads take: Strapi's document-service parameters. */
export interface FindParams extends ReadInput {
  readonly filters?: unknown;
  /** `'name:asc'`, `['name:asc', 'stars:desc']`, `{ name: 'asc' }`, or through to-one relations. */
  readonly sort?: unknown;
  readonly status?: Status;
  readonly locale?: string;
  readonly fields?: unknown;
  readonly populate?: unknown;
  readonly pagination?: { readonly page?: number; readonly pageSize?: number; readonly start?: number; readonly limit?: number; readonly withCount?: boolean };
  /** Strapi's document service also takes these at the top level. */
  readonly start?: number;
  readonly limit?: number;
}

interface Shape {
  readonly fields?: unknown;
  readonly populate?: unknown;
}
export interface CreateParams extends Shape {
  readonly data: unknown;
  readonly status?: Status;
  readonly locale?: string;
  /** Keeps a known documentId (restoring an export) instead of making a new one; it must be free. */
  readonly documentId?: string;
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
 * `documents(uid)`: Strapi's document service, and nothing else. Reads are compiled once per
 * request shape and run by the scheduler (`Reads`); every write is one LMDB transaction, and a
 * call that fails has written nothing.
 */
export class DocumentService {
  constructor(
    private readonly engine: DocumentEngine,
    readonly contentType: ContentType,
    private readonly reads: Reads,
    private readonly reader: DocumentReader,
    private readonly writer: DocumentWriter,
    private readonly versions: Versions,
  ) {}

  async findOne(params: FindParams & { readonly documentId: string }): Promise<Entry | null> {
    const { documentId, ...rest } = params;
    return this.reads.one(this.reads.compileParams(this.uid, rest, 'one'), documentId);
  }

  async findFirst(params: FindParams = {}): Promise<Entry | null> {
    const page = await this.reads.page(this.reads.compileParams(this.uid, { ...params, pagination: { start: 0, limit: 1 } }, 'list'));
    return page.results[0] ?? null;
  }

  async findMany(params: FindParams = {}): Promise<Entry[]> {
    return (await this.reads.page(this.reads.compileParams(this.uid, params, 'list'))).results;
  }

  async count(params: FindParams = {}): Promise<number> {
    return this.reads.count(this.reads.compileParams(this.uid, params, 'count'));
  }

  create(params: CreateParams): Promise<Entry> {
    if (this.engine.forwarder) return this.forward('create', params);
    const ct = this.contentType;
    return this.writing(params.data, (input) => {
      const locale = this.engine.localeOf(ct, params.locale);
      refuseSecondDocument(this.engine.store, ct);
      let row = this.writer.create(ct, input, locale, params.documentId === undefined ? undefined : freeDocumentId(this.engine.store, ct, params.documentId));
      if (params.status === 'published' && ct.draftAndPublish) row = this.versions.publish(ct, row.documentId, [locale])[0]!;
      return this.present(row, params);
    });
  }

  /** Null when the document does not exist. With `status: 'published'` the draft is published after the update. */
  update(params: UpdateParams): Promise<Entry | null> {
    if (this.engine.forwarder) return this.forward('update', params);
    const ct = this.contentType;
    return this.writing(params.data, (input) => {
      const locale = this.engine.localeOf(ct, params.locale);
      let row = this.writer.update(ct, params.documentId, input, locale);
      if (!row) return null;
      if (params.status === 'published' && ct.draftAndPublish) row = this.versions.publish(ct, row.documentId, [locale])[0]!;
      return this.present(row, params);
    });
  }

  async delete(params: DocumentParams): Promise<VersionResult> {
    if (this.engine.forwarder) return this.forward('delete', params);
    return this.engine.store.transact(() => {
      const entries = this.rowsOf(params).map((r) => this.present(r, {}));
      this.writer.delete(this.contentType, params.documentId, this.locales(params.locale));
      return { documentId: params.documentId, entries };
    });
  }

  async publish(params: DocumentParams): Promise<VersionResult> {
    if (this.engine.forwarder) return this.forward('publish', params);
    return this.versionOp(params, (locales) => this.versions.publish(this.contentType, params.documentId, locales));
  }

  async unpublish(params: DocumentParams): Promise<VersionResult> {
    if (this.engine.forwarder) return this.forward('unpublish', params);
    return this.versionOp(params, (locales) => this.versions.unpublish(this.contentType, params.documentId, locales));
  }

  async discardDraft(params: DocumentParams): Promise<VersionResult> {
    if (this.engine.forwarder) return this.forward('discardDraft', params);
    return this.versionOp(params, (locales) => this.versions.discardDraft(this.contentType, params.documentId, locales));
  }

  /** On a replica: the writer makes the call, and it is answered once applied here. */
  private forward<T>(method: WriteMethod, params: unknown): Promise<T> {
    return this.engine.forwarder!.send({ uid: this.uid, method, params }) as Promise<T>;
  }

  private get uid(): string {
    return this.contentType.uid;
  }

  private versionOp(params: DocumentParams, op: (locales: readonly (string | null)[] | '*') => Row[]): Promise<VersionResult> {
    return Promise.resolve(this.engine.store.transact(() => {
      // The locale is checked first: a type without versions refuses an unconfigured one as every call does.
      const locales = this.locales(params.locale);
      if (!this.contentType.draftAndPublish) return { documentId: params.documentId, entries: [] };
      const entries = op(locales).map((r) => this.present(r, {}));
      return { documentId: params.documentId, entries };
    }));
  }

  /**
   * Checks a write's data and runs `write` with it in one transaction. Passwords are hashed
   * first, on the thread pool: the transaction opens once they are, so neither the write lock
   * nor this thread waits on a hash. Inside a transaction the caller holds open, the whole call,
   * the check included, joins it before returning (batched writes rely on that, and a failure
   * anywhere in it rolls the caller's transaction back), so a hash is worked out on this thread there.
   */
  private async writing<T>(data: unknown, write: (input: WriteData) => T): Promise<T> {
    const { store, registry } = this.engine;
    if (store.inTransaction) return store.transact(() => write(withHashesSync(readWriteData(registry, this.contentType, data))));
    const checked = readWriteData(registry, this.contentType, data);
    const input = checked.passwords.length === 0 ? withHashesSync(checked) : await withHashes(checked);
    return store.transact(() => write(input));
  }

  private locales(locale: string | undefined): readonly (string | null)[] | '*' {
    if (locale === '*') return '*';
    return [this.engine.localeOf(this.contentType, locale)];
  }

  private rowsOf(params: DocumentParams): Row[] {
    const locales = this.locales(params.locale);
    return this.engine.store.rows.versions(this.uid, params.documentId)
      .filter((v) => locales === '*' || locales.includes(v.locale))
      .map((v) => this.engine.store.rows.get(this.uid, v.id)!);
  }

  /** A written row as an entry: the version it is decides which versions of related entries show. */
  private present(row: Row, shape: Shape): Entry {
    const status: Status = this.contentType.draftAndPublish && row.publishedAt === null ? 'draft' : 'published';
    // Only the shape: a write's params also carry its data, which would key a compiled read per payload.
    const read = this.reads.compileParams(this.uid, { fields: shape.fields, populate: shape.populate }, 'one');
    return this.reader.present(this.contentType, row, status, read);
  }
}
