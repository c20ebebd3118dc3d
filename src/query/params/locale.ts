import { ValidationError } from '../../errors/index.js';
import type { ContentType } from '../../schema/types.js';
import type { ParamValue } from './types.js';
import { describeValue, detailsAt, type Place } from './errors.js';
import type { LocaleParam } from './types.js';

export const invalidLocaleMessage = (received: string): string =>
  `Invalid locale param ${received} provided. Document locales must be strings.`;

const DEFAULT: LocaleParam = Object.freeze({ kind: 'default' });
const ALL: LocaleParam = Object.freeze({ kind: 'all' });

/** `locale=fr`, `locale=*` for every locale; ignored (not even checked) on types that are not localized, as in Strapi. */
export function parseLocale(ct: ContentType, value: ParamValue | undefined, place: Place): LocaleParam | undefined {
  if (!ct.localized) return undefined;
  if (value === undefined || value === null || value === '') return DEFAULT;
  if (value === '*') return ALL;
  if (typeof value === 'string') return { kind: 'code', code: value };
  throw new ValidationError(invalidLocaleMessage(describeValue(value)), detailsAt(place));
}
