import type { ContentType } from '../../schema/types.js';
import type { QueryValue } from '../querystring/index.js';
import { below, INVALID_FIELDS_MESSAGE, invalidAt, invalidKey, type Place } from './errors.js';
import { lookupField } from './fields-of.js';
import type { FieldSelection } from './types.js';

/**
 * Reads `fields=name,price` or `fields[0]=name`: readable scalar fields only, with `id` and
 * `documentId` always added. `*` anywhere, or no name at all, selects every field; every name is
 * still checked, so `fields=*,password` is a 400.
 */
export function parseFields(ct: ContentType, value: QueryValue | undefined, place: Place): FieldSelection {
  if (value === undefined || value === null) return '*';
  const names = new Set(['id', 'documentId']);
  let all = false;
  let named = false;
  const read = (text: string): void => {
    for (const raw of text.split(',')) {
      const name = raw.trim();
      if (name === '') continue;
      if (name === '*') {
        all = true;
      } else {
        if (lookupField(ct, name).kind !== 'scalar') throw invalidKey(below(place, name));
        names.add(name);
        named = true;
      }
    }
  };
  if (typeof value === 'string') {
    read(value);
  } else if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item === 'string') read(item);
      else if (item !== null) throw invalidAt(place, INVALID_FIELDS_MESSAGE);
    }
  } else {
    throw invalidAt(place, INVALID_FIELDS_MESSAGE);
  }
  return all || !named ? '*' : [...names];
}
