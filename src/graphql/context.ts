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
  /** Lists noted, each with its status or with the entry (or component) that holds its items. */
  private unindexed: [readonly Entry[], Status | Entry][] = [];

  /** `listParams` are the REST list settings (default and largest page size), which GraphQL lists follow too. */
  constructor(readonly listParams: Partial<ListParamsSettings>) {}

  /** Made when a relation is first resolved: most list requests resolve none, and its two maps were made per request. */
  get relations(): RelationLoader {
    return (this.loader ??= new RelationLoader());
  }

  shown(entries: readonly Entry[], status: Status): void {
    this.unindexed.push([entries, status]);
  }

  /** Components show the versions of related entries their entry shows: a holder is noted before what it holds. */
  heldBy(values: readonly Entry[], holder: Entry): void {
    this.unindexed.push([values, holder]);
  }

  statusOf(entry: Entry): Status {
    const statuses = (this.statuses ??= new WeakMap());
    for (const [entries, by] of this.unindexed) {
      const status = typeof by === 'string' ? by : statuses.get(by) ?? 'published';
      for (const e of entries) statuses.set(e, status);
    }
    this.unindexed = [];
    return statuses.get(entry) ?? 'published';
  }
}
