import { ValidationError } from '../../errors/index.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import type { ContentType } from '../../schema/types.js';
import { detailsAt, placeOf } from './errors.js';
import { parseFields } from './fields.js';
import { rawFilters } from './filters.js';
import { parseLocale } from './locale.js';
import { parsePagination } from './pagination.js';
import { parsePopulate } from './populate.js';
import { DEFAULT_LIST_PARAMS_SETTINGS, type ListParamsSettings } from './settings.js';
import { parseSort } from './sort.js';
import { parseStatus } from './status.js';
import type { ListParams, ParamObject } from './types.js';

export * from './types.js';
export { DEFAULT_LIST_PARAMS_SETTINGS, type ListParamsSettings } from './settings.js';
export {
  describeValue, INVALID_FIELDS_MESSAGE, INVALID_FILTERS_MESSAGE, INVALID_NESTED_POPULATE_MESSAGE, INVALID_ORDER_MESSAGE,
  INVALID_POPULATE_MESSAGE, INVALID_SORT_MESSAGE, populateDepthMessage, type QueryParam, rootOnlyReason, TO_MANY_SORT_REASON,
} from './errors.js';
export {
  INVALID_PAGINATION_MESSAGE, INVALID_WITH_COUNT_MESSAGE, invalidIntegerMessage, MIXED_PAGINATION_MESSAGE, pageTooFarMessage,
} from './pagination.js';
export { INVALID_STATUS_MESSAGE } from './status.js';
export { invalidLocaleMessage } from './locale.js';
export { parseFields, parseLocale, parsePagination, parsePopulate, parseSort, parseStatus, rawFilters };

export const LOOKUP_PARAM_MESSAGE = 'Invalid parameter lookup';

/**
 * Reads and checks every parameter of a list request against `ct`, except the content of
 * filter trees, which are carried raw (root and populated) for the filter module. Unknown
 * top-level params are ignored, as Strapi does without `strictParams`; `lookup` is a 400.
 */
export function parseListParams(
  registry: SchemaRegistry, ct: ContentType, query: ParamObject, settings?: Partial<ListParamsSettings>,
): ListParams {
  const applied = settings === undefined ? DEFAULT_LIST_PARAMS_SETTINGS : { ...DEFAULT_LIST_PARAMS_SETTINGS, ...settings };
  if ('lookup' in query) throw new ValidationError(LOOKUP_PARAM_MESSAGE, { key: 'lookup', ...detailsAt(placeOf('lookup')) });
  return {
    filtersRaw: rawFilters(query.filters, placeOf('filters')),
    sort: parseSort(registry, ct, query.sort, placeOf('sort')),
    fields: parseFields(ct, query.fields, placeOf('fields')),
    populate: parsePopulate(registry, ct, query.populate, applied, placeOf('populate')),
    pagination: parsePagination(query.pagination, applied, placeOf('pagination')),
    status: parseStatus(query.status, placeOf('status')),
    locale: parseLocale(ct, query.locale, placeOf('locale')),
  };
}
