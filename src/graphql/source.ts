import type { Reads } from '../documents/reads.js';
import type { DocumentService } from '../documents/service.js';
import type { SingleType } from '../documents/single-type.js';
import type { SchemaRegistry } from '../schema/registry.js';

/** What the GraphQL layer needs of a Quarry: its content-types and their document services, the one door to the data. */
export interface DocumentSource {
  readonly registry: SchemaRegistry;
  documents(uid: string): DocumentService;
  /** A single type's one document, which its query and mutations find rather than name. */
  singleType(uid: string): SingleType;
  readonly reads: Reads;
}
