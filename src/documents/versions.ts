import type { ContentType } from '../schema/types.js';
import type { Row } from '../store/layout.js';
import { copyComponents, detachComponents } from './components.js';
import { checkRequired } from './data.js';
import type { DocumentEngine } from './engine.js';
import { spreadShared } from './shared-fields.js';
import { spreadSharedMedia } from './shared-media.js';
import { checkUnique } from './unique.js';
import type { DocumentWriter } from './write.js';

/**
 * Draft & publish. The published row of a document keeps its id across republishing, so links
 * that other entries hold to it survive, in their order, without being rewritten.
 */
export class Versions {
  constructor(
    private readonly engine: DocumentEngine,
    private readonly writer: DocumentWriter,
  ) {}

  /** Copies each draft (in the given locales) to its published row, links re-targeted to published targets. */
  publish(ct: ContentType, documentId: string, locales: readonly (string | null)[] | '*'): Row[] {
    const rows = this.engine.store.rows;
    const out: Row[] = [];
    for (const v of rows.versions(ct.uid, documentId)) {
      if (v.status !== 'draft' || (locales !== '*' && !locales.includes(v.locale))) continue;
      const draft = rows.get(ct.uid, v.id)!;
      checkRequired(this.engine.registry, ct, draft);
      const now = new Date().toISOString();
      const scope = { status: 'published', locale: v.locale } as const;
      const existing = rows.idOf(ct.uid, documentId, 'published', v.locale);
      const { id: _draftId, ...draftFields } = draft;
      const components = copyComponents(this.engine, ct, draft, 'published');
      const fields = { ...draftFields, ...components.values };
      let published: Row;
      if (existing === undefined) {
        published = rows.insert(ct.uid, scope, { ...fields, publishedAt: now });
      } else {
        detachComponents(this.engine, ct, rows.get(ct.uid, existing)!);
        published = { ...fields, id: existing, publishedAt: now } as Row;
        rows.update(ct.uid, scope, published);
      }
      components.linkCopies();
      // Drafts are checked against drafts only: a value may clash with another published entry.
      checkUnique(this.engine, ct, published, scope);
      spreadShared(this.engine, ct, published, 'published');
      this.engine.writer.copyVersionLinks(ct, draft.id, published.id, 'published');
      spreadSharedMedia(this.engine, ct, published, 'published', false);
      out.push(published);
    }
    return out;
  }

  /** Removes the published rows (in the given locales); drafts stay. */
  unpublish(ct: ContentType, documentId: string, locales: readonly (string | null)[] | '*'): Row[] {
    const out: Row[] = [];
    for (const v of this.engine.store.rows.versions(ct.uid, documentId)) {
      if (v.status !== 'published' || (locales !== '*' && !locales.includes(v.locale))) continue;
      out.push(this.engine.store.rows.get(ct.uid, v.id)!);
      this.writer.removeRow(ct, v.id, v);
    }
    return out;
  }

  /** Resets drafts to their published version, relations included. */
  discardDraft(ct: ContentType, documentId: string, locales: readonly (string | null)[] | '*'): Row[] {
    const rows = this.engine.store.rows;
    const out: Row[] = [];
    for (const v of rows.versions(ct.uid, documentId)) {
      if (v.status !== 'published' || (locales !== '*' && !locales.includes(v.locale))) continue;
      const published = rows.get(ct.uid, v.id)!;
      const draftId = rows.idOf(ct.uid, documentId, 'draft', v.locale);
      const { id: _publishedId, ...publishedFields } = published;
      const components = copyComponents(this.engine, ct, published, 'draft');
      const fields = { ...publishedFields, ...components.values };
      const scope = { status: 'draft', locale: v.locale } as const;
      let draft: Row;
      if (draftId === undefined) {
        draft = rows.insert(ct.uid, scope, { ...fields, publishedAt: null });
      } else {
        detachComponents(this.engine, ct, rows.get(ct.uid, draftId)!);
        draft = { ...fields, id: draftId, publishedAt: null, updatedAt: new Date().toISOString() } as Row;
        rows.update(ct.uid, scope, draft);
      }
      components.linkCopies();
      spreadShared(this.engine, ct, draft, 'draft');
      this.engine.writer.copyVersionLinks(ct, published.id, draft.id, 'draft');
      spreadSharedMedia(this.engine, ct, draft, 'draft', false);
      out.push(draft);
    }
    return out;
  }
}
