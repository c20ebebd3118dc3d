import { ValidationError } from '../errors/index.js';
import { DEFAULT_FILTER_LIMITS, type FilterLimits } from '../query/filters/index.js';
import type { RelationContext } from '../relations/context.js';
import { LinkWriter } from '../relations/link-writer.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { ContentType } from '../schema/types.js';
import type { RowScope, Status } from '../store/layout.js';
import type { Store } from '../store/store.js';

export interface I18nSettings {
  readonly defaultLocale: string;
  /** The locales of localized entries: reads and writes that name another are refused. */
  readonly locales: readonly string[];
}

/** What every document operation needs: the schema, the store, the one link writer, and i18n. */
export class DocumentEngine implements RelationContext {
  readonly writer: LinkWriter;
  readonly defaultLocale: string;

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

  /**
   * The locale a request means for a type: null where the type is not localized. A locale that
   * is not configured is refused for reads as for writes: a read of it could only ever answer
   * nothing, which hides the mistake (Strapi's REST answers it with an empty list but creates
   * entries in it; its GraphQL refuses codes it does not know).
   */
  localeOf(ct: ContentType, locale: unknown): string | null {
    if (!ct.localized) return null;
    if (locale === undefined || locale === null) return this.i18n.defaultLocale;
    if (typeof locale !== 'string') throw ValidationError.at('locale', 'Invalid locale param: Document locales must be strings.', { param: 'locale' });
    if (locale === '*') throw ValidationError.at('locale', 'Cannot use locale "*" here: name one locale', { param: 'locale' });
    if (!this.i18n.locales.includes(locale)) {
      throw ValidationError.at('locale', `Locale "${locale}" is not one of the configured locales (${this.i18n.locales.join(', ')})`, { param: 'locale', locales: [...this.i18n.locales] });
    }
    return locale;
  }

  /** The scopes a read covers: one, or every locale for `locale: '*'`. */
  readScopes(ct: ContentType, status: Status, locale: unknown): RowScope[] {
    const s: Status = ct.draftAndPublish ? status : 'published';
    if (ct.localized && locale === '*') return this.store.rows.scopes(ct.uid).filter((scope) => scope.status === s);
    return [{ status: s, locale: this.localeOf(ct, locale) }];
  }

  /** The status a document-service call means: drafts unless it says published (types without versions: the one row). */
  statusOf(ct: ContentType, status: unknown): Status {
    if (status !== undefined && status !== 'draft' && status !== 'published') {
      throw ValidationError.at('status', 'Invalid status: expected "draft" or "published"', { param: 'status' });
    }
    return ct.draftAndPublish ? ((status as Status | undefined) ?? 'draft') : 'published';
  }
}
