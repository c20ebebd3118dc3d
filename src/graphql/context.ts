import type { Entry } from '../documents/entry.js';
import type { Status } from '../documents/service.js';
import type { ListParamsSettings } from '../query/params/index.js';
import { RelationLoader } from './relation-loader.js';

/** What the resolvers of one request share. */
export class GraphqlContext {
  readonly relations = new RelationLoader();
  /** The status each entry was read with: its relations show the same versions (Strapi: nested lists follow the root's `status`). */
  private readonly statuses = new WeakMap<object, Status>();

  /** `listParams` are the REST list settings (default and largest page size), which GraphQL lists follow too. */
  constructor(readonly listParams: Partial<ListParamsSettings>) {}

  shown(entries: readonly Entry[], status: Status): void {
    for (const entry of entries) this.statuses.set(entry, status);
  }

  statusOf(entry: Entry): Status {
    return this.statuses.get(entry) ?? 'published';
  }
}
