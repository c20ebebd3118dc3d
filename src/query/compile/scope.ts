import { ValidationError } from '../../errors/index.js';
import type { ContentType } from '../../schema/types.js';
import type { RowScope, Status } from '../../store/layout.js';

export interface I18nSettings {
  readonly defaultLocale: string;
  /** The locales of localized entries: reads and writes that name another are refused. */
  readonly locales: readonly string[];
}

/** Every locale of a localized type (`locale: '*'` on a list). */
export const ALL_LOCALES = '*';

/**
 * The locale a request means for a type: null where the type is not localized. A locale that is
 * not configured is refused for reads as for writes (docs/filters.md, Locales).
 */
export function resolveLocale(ct: ContentType, locale: unknown, i18n: I18nSettings): string | null {
  if (!ct.localized) return null;
  if (locale === undefined || locale === null) return i18n.defaultLocale;
  if (typeof locale !== 'string') throw ValidationError.at('locale', 'Invalid locale param: Document locales must be strings.', { param: 'locale' });
  if (locale === ALL_LOCALES) throw ValidationError.at('locale', 'Cannot use locale "*" here: name one locale', { param: 'locale' });
  if (!i18n.locales.includes(locale)) {
    throw ValidationError.at('locale', `Locale "${locale}" is not one of the configured locales (${i18n.locales.join(', ')})`, { param: 'locale', locales: [...i18n.locales] });
  }
  return locale;
}

/** A locale for a list, which may also read every locale at once. */
export function resolveListLocale(ct: ContentType, locale: unknown, i18n: I18nSettings): string | null | typeof ALL_LOCALES {
  return ct.localized && locale === ALL_LOCALES ? ALL_LOCALES : resolveLocale(ct, locale, i18n);
}

/** The rows' status of a read that shows `status`: a type without versions has only published rows. */
export const rowStatus = (ct: ContentType, status: Status): Status => (ct.draftAndPublish ? status : 'published');

/** The scopes a read covers, given the scopes the type has rows in: one, or every locale for `*`. */
export function scopesOf(ct: ContentType, status: Status, locale: string | null | typeof ALL_LOCALES, present: () => readonly RowScope[]): RowScope[] {
  const s = rowStatus(ct, status);
  if (locale === ALL_LOCALES) return present().filter((scope) => scope.status === s);
  return [{ status: s, locale }];
}
