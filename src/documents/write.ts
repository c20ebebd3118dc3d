import { ValidationError } from '../errors/index.js';
import { applyRelationOp } from '../relations/apply.js';
import type { SourceRow } from '../relations/context.js';
import { checkTargets } from '../relations/resolve.js';
import type { ContentType } from '../schema/types.js';
import { DOCUMENT_ID, newDocumentId } from '../store/document-id.js';
import { instantOf } from '../store/instants.js';
import type { Store } from '../store/store.js';
import type { Row, RowScope, Status } from '../store/layout.js';
import { normalizeDateTime } from '../query/values/temporal.js';
import { checkRequired, type WriteData } from './data.js';
import type { DocumentEngine } from './engine.js';
import { spreadShared, withSharedValues } from './shared-fields.js';
import { spreadSharedMedia } from './shared-media.js';
import { checkUnique } from './unique.js';
import { blankOf, ComponentWriter, detachComponents } from './components.js';

export interface Timestamps {
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly publishedAt: string | null;
}

/** Creates, updates and deletes rows; every call runs inside the caller's transaction. */
export class DocumentWriter {
  constructor(private readonly engine: DocumentEngine) {}

  /**
   * A new row (the draft, for types with draft & publish): a new document, or a new locale of
   * `documentId` when the document exists in others (it then shares their unlocalized fields).
   * `times` are a restored row's own (a bulk load); other rows are stamped now.
   */
  create(ct: ContentType, input: WriteData, locale: string | null, documentId = newDocumentId(), times?: Timestamps): Row {
    const status: Status = ct.draftAndPublish ? 'draft' : 'published';
    const stamps = times === undefined ? stampedNow() : checkedTimes(times, status);
    const components = new ComponentWriter(this.engine);
    const shared = withSharedValues(this.engine, ct, documentId, status, input.scalars, input.components);
    const fields = {
      documentId,
      ...blankOf(ct),
      ...shared.values,
      ...components.values(input.components, undefined),
      createdAt: stamps.createdAt,
      updatedAt: stamps.updatedAt,
      publishedAt: ct.draftAndPublish ? null : stamps.publishedAt,
      ...(ct.localized ? { locale } : {}),
    };
    // Drafts may be incomplete; required fields are checked when the draft is published.
    if (!ct.draftAndPublish) checkRequired(this.engine.registry, ct, fields);
    const row = this.engine.store.rows.insert(ct.uid, { status, locale }, fields);
    shared.linkCopies();
    checkUnique(this.engine, ct, row, { status, locale });
    this.applyRelations(ct, row, { status, locale }, input);
    components.finish(ct, row, { status, locale });
    // After the components' own links: the other locales' copies take theirs.
    spreadShared(this.engine, ct, row, status);
    spreadSharedMedia(this.engine, ct, row, status, true);
    return row;
  }

  /**
   * Updates the working row of a document in one locale (the draft, for draft & publish types),
   * creating that locale when the document exists in others. Returns undefined when the document
   * does not exist at all.
   */
  update(ct: ContentType, documentId: string, input: WriteData, locale: string | null): Row | undefined {
    const status: Status = ct.draftAndPublish ? 'draft' : 'published';
    const rows = this.engine.store.rows;
    const id = rows.idOf(ct.uid, documentId, status, locale);
    if (id === undefined) {
      if (rows.versions(ct.uid, documentId).length > 0) return this.create(ct, input, locale, documentId);
      for (const [attr, op] of input.relations) checkTargets(this.engine, { type: ct, status, locale }, attr, op);
      return undefined;
    }
    const old = rows.get(ct.uid, id)!;
    const components = new ComponentWriter(this.engine);
    const row: Row = { ...old, ...input.scalars, ...components.values(input.components, old), updatedAt: new Date().toISOString() };
    rows.update(ct.uid, { status, locale }, row, old);
    checkUnique(this.engine, ct, row, { status, locale });
    this.applyRelations(ct, row, { status, locale }, input);
    components.finish(ct, row, { status, locale });
    // After the components' own links: the other locales' copies take theirs.
    spreadShared(this.engine, ct, row, status);
    spreadSharedMedia(this.engine, ct, row, status, false);
    // What was just written: reading it back would decode the row again (writes bypass the cache).
    return row;
  }

  /**
   * Sets a row's timestamps as they were (restoring an export); undefined when that version of
   * the document does not exist. Each time must be an ISO datetime; a draft's publishedAt is null.
   */
  restoreTimestamps(ct: ContentType, documentId: string, scope: RowScope, times: Timestamps): Row | undefined {
    const rows = this.engine.store.rows;
    const id = rows.idOf(ct.uid, documentId, scope.status, scope.locale);
    if (id === undefined) return undefined;
    const { createdAt, updatedAt, publishedAt } = checkedTimes(times, scope.status === 'draft' && ct.draftAndPublish ? 'draft' : 'published');
    const stored = rows.get(ct.uid, id)!;
    const row: Row = { ...stored, createdAt, updatedAt, publishedAt };
    rows.update(ct.uid, scope, row, stored);
    return row;
  }

  /** Removes the rows of a document (all versions in the given locales) with all their links. */
  delete(ct: ContentType, documentId: string, locales: readonly (string | null)[] | '*'): number {
    let removed = 0;
    for (const v of this.engine.store.rows.versions(ct.uid, documentId)) {
      if (locales !== '*' && !locales.includes(v.locale)) continue;
      this.removeRow(ct, v.id, v);
      removed++;
    }
    return removed;
  }

  removeRow(ct: ContentType, id: number, scope: RowScope): void {
    const row = this.engine.store.rows.get(ct.uid, id);
    if (row) detachComponents(this.engine, ct, row);
    this.engine.writer.detachRow(ct, id);
    this.engine.store.rows.remove(ct.uid, scope, id);
  }

  private applyRelations(ct: ContentType, row: Row, scope: RowScope, input: WriteData): void {
    const source: SourceRow = { type: ct, id: row.id, documentId: row.documentId, status: scope.status, locale: scope.locale };
    for (const [attr, op] of input.relations) applyRelationOp(this.engine, this.engine.writer, source, attr, op);
  }
}

/** A new row's times: now. Made only for such rows: printing the time took a tenth of a bulk load's row writes. */
function stampedNow(): Timestamps {
  const now = new Date().toISOString();
  return { createdAt: now, updatedAt: now, publishedAt: now };
}

/** A restored row's times, each an ISO datetime; a draft's publishedAt is null whatever it says. */
function checkedTimes(times: Timestamps, status: Status): Timestamps {
  const at = (name: keyof Timestamps, value: unknown): string => {
    // A time exactly as toISOString prints it (an export's) is its own normal form: one parse, remembered for the row's next.
    const time = typeof value !== 'string' ? undefined : instantOf(value) !== undefined ? value : normalizeDateTime(value);
    if (!time) throw ValidationError.at(name, `${name} must be an ISO 8601 datetime`);
    return time;
  };
  return {
    createdAt: at('createdAt', times.createdAt),
    updatedAt: at('updatedAt', times.updatedAt),
    publishedAt: status === 'draft' ? null : at('publishedAt', times.publishedAt),
  };
}

/** A documentId a write keeps (restoring an export): well formed, and no document has it yet. */
export function freeDocumentId(store: Store, ct: ContentType, documentId: string): string {
  if (typeof documentId !== 'string' || !DOCUMENT_ID.test(documentId)) {
    throw ValidationError.at('documentId', 'documentId must be 24 lowercase letters and digits, starting with a letter');
  }
  // Without locales a document's rows are one per status: point reads, not a range read per row of an import.
  const taken = ct.localized
    ? store.rows.versions(ct.uid, documentId).length > 0
    : (ct.draftAndPublish ? (['published', 'draft'] as const) : (['published'] as const)).some((status) => store.rows.idOf(ct.uid, documentId, status, null) !== undefined);
  if (taken) throw ValidationError.at('documentId', `Document "${documentId}" already exists`);
  return documentId;
}
