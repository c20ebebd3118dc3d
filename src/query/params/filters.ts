import { isParamObject, type ParamObject, type ParamValue } from './types.js';
import { INVALID_FILTERS_MESSAGE, invalidAt, type Place } from './errors.js';

/**
 * A filter tree is only checked for being an object here; the filter module validates its
 * content against the type it belongs to.
 */
export function rawFilters(value: ParamValue | undefined, place: Place): ParamObject | undefined {
  if (value === undefined || value === null) return undefined;
  if (isParamObject(value)) return value;
  throw invalidAt(place, INVALID_FILTERS_MESSAGE);
}
