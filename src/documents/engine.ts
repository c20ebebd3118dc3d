import type { WriteForwarder } from './forwarding.js';
import { ValidationError } from '../errors/index.js';
import { resolveLocale, rowStatus, type I18nSettings } from '../query/compile/scope.js';
import { DEFAULT_FILTER_LIMITS, type FilterLimits } from '../query/filters/index.js';
import type { RelationContext } from '../relations/context.js';
import { LinkWriter } from '../relations/link-writer.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { ContentType } from '../schema/types.js';
import type { Status } from '../store/layout.js';
import type { Store } from '../store/store.js';

export type { I18nSettings } from '../query/compile/scope.js';

/** What every document operation needs: the schema, the store, the one link writer, and i18n. */
export class DocumentEngine implements RelationContext {
  readonly writer: LinkWriter;
  readonly defaultLocale: string;
  /** On a replica: where the document service's writes go (the writer), instead of this store. */
  forwarder: WriteForwarder | undefined;

  constructor(
    readonly registry: SchemaRegistry,
    readonly store: Store,
    readonly i18n: I18nSettings,
    /** Bounds on every filter tree a read builds, REST, GraphQL and library alike. */
    readonly filterLimits: FilterLimits = DEFAULT_FILTER_LIMITS,
  ) {
    this.defaultLocale = i18n.defaultLocale;
    this.writer = new LinkWriter(this);
  }

  /** The locale a write means for a type: null where the type is not localized; an unconfigured one is refused. */
  localeOf(ct: ContentType, locale: unknown): string | null {
    return resolveLocale(ct, locale, this.i18n);
  }

  /** The status a call on a version means: drafts unless it says published (types without versions: the one row). */
  statusOf(ct: ContentType, status: unknown): Status {
    if (status !== undefined && status !== 'draft' && status !== 'published') {
      throw ValidationError.at('status', 'Invalid status: expected "draft" or "published"', { param: 'status' });
    }
    return rowStatus(ct, (status as Status | undefined) ?? 'draft');
  }
}
