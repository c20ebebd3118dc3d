import type { DocumentEngine } from './engine.js';
import type { Entry } from './entry.js';
import type { DocumentReader } from './read.js';
import type { Reads } from './reads.js';
import type { DocumentParams, Status } from './service.js';
import type { DocumentWriter, Timestamps } from './write.js';

/**
 * Restoring an export's times (`quarry import`): every other write stamps the current time, so
 * this is the one write that sets createdAt, updatedAt and publishedAt as they were.
 */
export class TimestampRestorer {
  constructor(
    private readonly engine: DocumentEngine,
    private readonly writer: DocumentWriter,
    private readonly reads: Reads,
    private readonly reader: DocumentReader,
  ) {}

  /** Sets one version's times; null when that version does not exist. */
  async restore(uid: string, params: DocumentParams & { readonly status?: Status } & Timestamps): Promise<Entry | null> {
    const ct = this.engine.registry.require(uid);
    return this.engine.store.transact(() => {
      const status = this.engine.statusOf(ct, params.status);
      const row = this.writer.restoreTimestamps(ct, params.documentId, { status, locale: this.engine.localeOf(ct, params.locale) }, params);
      if (!row) return null;
      const shown: Status = ct.draftAndPublish && row.publishedAt === null ? 'draft' : 'published';
      return this.reader.present(ct, row, shown, this.reads.compileParams(uid, {}, 'one'));
    });
  }
}
