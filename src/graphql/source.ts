import type { Reads } from '../documents/reads.js';
import type { DocumentService } from '../documents/service.js';
import type { SingleType } from '../documents/single-type.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { UploadHost } from '../uploads/upload-service.js';

/**
 * What the GraphQL layer needs of a Quarry: its content-types and their document services, the
 * one door to the data; and what the upload mutations' `UploadService` works with (its files).
 */
export interface DocumentSource extends UploadHost {
  readonly registry: SchemaRegistry;
  documents(uid: string): DocumentService;
  /** A single type's one document, which its query and mutations find rather than name. */
  singleType(uid: string): SingleType;
  readonly reads: Reads;
}
