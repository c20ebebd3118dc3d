import { ValidationError } from '../errors/index.js';
import type { CompiledRead } from '../query/compile/compiled.js';
import type { ContentType } from '../schema/types.js';
import type { Store } from '../store/store.js';
import type { DocumentEngine } from './engine.js';
import type { Entry } from './entry.js';
import type { Reads } from './reads.js';
import type { CreateParams, DocumentParams, DocumentService, VersionResult } from './service.js';

/** What a write to a single type takes: a create's parameters, since the document is found, not named. */
export type SingleTypeWriteParams = Omit<CreateParams, 'documentId'>;

/**
 * A single type's one document, as Strapi's single-type service serves it: found first (in any
 * locale or version), then read, updated or deleted through the document service; a write finding
 * none creates it. REST's `/api/<singularName>` and GraphQL's `<singular>`, `update<Type>` and
 * `delete<Type>` both go through here.
 */
export class SingleType {
  constructor(
    private readonly service: DocumentService,
    private readonly engine: DocumentEngine,
    private readonly reads: Reads,
  ) {}

  get contentType(): ContentType {
    return this.service.contentType;
  }

  /** The document's id; undefined while the type has none. */
  documentId(): string | undefined {
    return singleDocumentId(this.engine.store, this.contentType.uid);
  }

  /** The document as `read` asks for it (`status`, `locale`, `fields`, `populate`); null when that version does not exist. */
  read(read: CompiledRead): Entry | null | Promise<Entry | null> {
    const documentId = this.documentId();
    return documentId === undefined ? null : this.reads.one(read, documentId);
  }

  /**
   * Updates the document in `locale` (adding the locale when it has others), or creates it. The
   * look-up and the write are two steps, and a write that waits between them (for a password
   * hashed off this thread) may find the document made or deleted meanwhile by another: each
   * write checks again in its own transaction, and this one then does what it would have done a
   * moment later.
   */
  async put(params: SingleTypeWriteParams): Promise<Entry> {
    const documentId = this.documentId();
    const updated = documentId === undefined ? null : await this.service.update({ ...params, documentId });
    return updated ?? this.create(params);
  }

  /** Deletes the document in `locale` (`'*'`: every locale); null when there is no document. */
  async delete(params: Omit<DocumentParams, 'documentId'>): Promise<VersionResult | null> {
    const documentId = this.documentId();
    if (documentId !== undefined) return this.service.delete({ ...params, documentId });
    // A locale that is not served is refused with nothing to delete as with something.
    if (params.locale !== '*') this.engine.localeOf(this.contentType, params.locale);
    return null;
  }

  private async create(params: SingleTypeWriteParams): Promise<Entry> {
    try {
      return await this.service.create(params);
    } catch (error) {
      const documentId = this.documentId();
      const updated = documentId === undefined ? null : await this.service.update({ ...params, documentId });
      if (updated === null) throw error;
      return updated;
    }
  }
}

/**
 * The documentId of a single type's document, whatever its locales and versions; undefined when
 * it has none. Where several exist (a folder written before `create` refused a second one), the
 * one with the oldest row, as Strapi's single-type service takes its first row.
 */
export function singleDocumentId(store: Store, uid: string): string | undefined {
  let oldest: number | undefined;
  for (const scope of store.rows.scopes(uid)) {
    const first = store.rows.ids(uid, scope)[0];
    if (first !== undefined && (oldest === undefined || first < oldest)) oldest = first;
  }
  return oldest === undefined ? undefined : store.rows.get(uid, oldest)?.documentId;
}

/**
 * Refuses a second document of a single type. Strapi's document service makes one, and its
 * single-type routes then read and write whichever row the database returns first.
 */
export function refuseSecondDocument(store: Store, ct: ContentType): void {
  if (ct.kind !== 'singleType') return;
  const existing = singleDocumentId(store, ct.uid);
  if (existing === undefined) return;
  throw new ValidationError(
    `${ct.uid} is a single type and has a document already (${existing}): update it, in any locale, instead of creating another`,
    { documentId: existing },
  );
}
