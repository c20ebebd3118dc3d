import type { Entry } from '../documents/entry.js';
import type { Status } from '../documents/service.js';
import type { ListParamsSettings } from '../query/params/index.js';
import { RelationLoader } from './relation-loader.js';

/** What the resolvers of one request share. */
export class GraphqlContext {
  private loader: RelationLoader | undefined;
  /**
   * The status each entry was read with: its relations show the same versions (Strapi: nested
   * lists follow the root's `status`). Lists are noted as they are read and entries looked up
   * only when a relation of theirs is resolved, which most requests never do.
   */
  private statuses: WeakMap<object, Status> | undefined;
  private unindexed: [readonly Entry[], Status][] = [];

  /** `listParams` are the REST list settings (default and largest page size), which GraphQL lists follow too. */
  constructor(readonly listParams: Partial<ListParamsSettings>) {}

  /** Made when a relation is first resolved: most list requests resolve none, and its two maps were made per request. */
  get relations(): RelationLoader {
    return (this.loader ??= new RelationLoader());
  }

  shown(entries: readonly Entry[], status: Status): void {
    this.unindexed.push([entries, status]);
  }

  statusOf(entry: Entry): Status {
    const statuses = (this.statuses ??= new WeakMap());
    for (const [entries, status] of this.unindexed) for (const e of entries) statuses.set(e, status);
    this.unindexed = [];
    return statuses.get(entry) ?? 'published';
  }
}
