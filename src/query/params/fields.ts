import type { Model } from '../../schema/types.js';
import type { ParamValue } from './types.js';
import { below, INVALID_FIELDS_MESSAGE, invalidAt, invalidKey, type Place } from './errors.js';
import { lookupField } from './fields-of.js';
import type { FieldSelection } from './types.js';

/**
 * Reads `fields=name,price` or `fields[0]=name`, as Strapi 5.54 reads them: readable scalar
 * fields only, with `id` and `documentId` always added; `*` anywhere selects every field, but
 * every name is still checked, so `fields=*,password` is a 400. An empty name (`fields=name,`) is
 * an invalid key; a list item holds one name (no commas), and a list of none (`fields[]`, which
 * reads `[null]`) selects `id` and `documentId` only.
 */
export function parseFields(ct: Model, value: ParamValue | undefined, place: Place): FieldSelection {
  if (value === undefined || value === null) return '*';
  const names = new Set(['id', 'documentId']);
  let all = false;
  const add = (raw: string): void => {
    const name = raw.trim();
    if (name === '*') {
      all = true;
      return;
    }
    if (name === '' || lookupField(ct, name).kind !== 'scalar') throw invalidKey(below(place, name));
    names.add(name);
  };
  if (typeof value === 'string') {
    for (const raw of value.split(',')) add(raw);
  } else if (Array.isArray(value)) {
    for (const item of value) {
      if (item === null) continue;
      if (typeof item !== 'string' || item.includes(',')) throw invalidAt(place, INVALID_FIELDS_MESSAGE);
      add(item);
    }
  } else {
    throw invalidAt(place, INVALID_FIELDS_MESSAGE);
  }
  return all ? '*' : [...names];
}
