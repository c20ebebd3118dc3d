import type { Reads } from '../documents/reads.js';
import type { DocumentService } from '../documents/service.js';
import type { SingleType } from '../documents/single-type.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { UploadService } from '../uploads/upload-service.js';

/**
 * What the GraphQL layer needs of a Quarry: its content-types and their document services, the
 * one door to the data; and its upload library, which the upload mutations go through.
 */
export interface DocumentSource {
  readonly registry: SchemaRegistry;
  readonly uploads: UploadService;
  documents(uid: string): DocumentService;
  /** A single type's one document, which its query and mutations find rather than name. */
  singleType(uid: string): SingleType;
  readonly reads: Reads;
}
