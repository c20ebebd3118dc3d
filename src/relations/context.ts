import type { SchemaRegistry } from '../schema/registry.js';
import type { ContentType } from '../schema/types.js';
import type { Status } from '../store/layout.js';
import type { Store } from '../store/store.js';

export interface RelationContext {
  readonly registry: SchemaRegistry;
  readonly store: Store;
  /** Locale used for localized targets when neither the item nor the source names one. */
  readonly defaultLocale: string;
}

/** The row whose relations are being written. */
export interface SourceRow {
  readonly type: ContentType;
  readonly id: number;
  readonly documentId: string;
  readonly status: Status;
  readonly locale: string | null;
}
