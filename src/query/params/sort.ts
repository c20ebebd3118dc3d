import type { SchemaRegistry } from '../../schema/registry.js';
import type { ContentType, Model } from '../../schema/types.js';
import { isParamObject, type ParamObject, type ParamValue } from './types.js';
import {
  below, INVALID_ORDER_MESSAGE, INVALID_SORT_MESSAGE, invalidAt, invalidKey, type Place, TO_MANY_SORT_REASON,
} from './errors.js';
import { lookupField } from './fields-of.js';
import type { SortDirection, SortSpec } from './types.js';

/**
 * Reads `sort` in every form Strapi takes: `name`, `name:desc`, `a:asc,b:desc`, lists of those,
 * `sort[name]=asc`, `sort[chef][name]=asc` and `chef.name:asc`. Empty segments are ignored.
 */
export function parseSort(registry: SchemaRegistry, ct: ContentType, value: ParamValue | undefined, place: Place): SortSpec[] {
  const out: SortSpec[] = [];
  if (value === undefined || value === null) return out;
  if (typeof value === 'string') {
    readSortString(registry, ct, value, place, out);
  } else if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item === 'string') readSortString(registry, ct, item, place, out);
      else if (isParamObject(item)) readSortObject(registry, ct, item, [], place, out);
      else if (item !== null) throw invalidAt(place, INVALID_SORT_MESSAGE);
    }
  } else if (isParamObject(value)) {
    readSortObject(registry, ct, value, [], place, out);
  } else {
    throw invalidAt(place, INVALID_SORT_MESSAGE);
  }
  return out;
}

function readSortString(registry: SchemaRegistry, ct: ContentType, text: string, place: Place, out: SortSpec[]): void {
  for (const rawSegment of text.split(',')) {
    const segment = rawSegment.trim();
    const colon = segment.indexOf(':');
    const field = (colon === -1 ? segment : segment.slice(0, colon)).trim();
    // Strapi drops `,,`, a trailing comma and `:asc` alike.
    if (field === '') continue;
    const path = field.split('.');
    const direction = colon === -1 ? 'asc' : directionOf(segment.slice(colon + 1), below(place, ...path));
    out.push({ path: resolveSortPath(registry, ct, path, place), direction });
  }
}

function readSortObject(
  registry: SchemaRegistry, ct: ContentType, object: ParamObject, prefix: readonly string[], place: Place, out: SortSpec[],
): void {
  for (const key in object) {
    const value = object[key]!;
    const path = [...prefix, key];
    if (typeof value === 'string') {
      const order = value.trim();
      if (order === '') continue;
      const direction = directionOf(order, below(place, ...path));
      out.push({ path: resolveSortPath(registry, ct, path, place), direction });
    } else if (isParamObject(value)) {
      readSortObject(registry, ct, value, path, place, out);
    } else {
      throw invalidAt(below(place, ...path), INVALID_SORT_MESSAGE);
    }
  }
}

function directionOf(order: string, place: Place): SortDirection {
  const lower = order.trim().toLowerCase();
  if (lower === 'asc' || lower === 'desc') return lower;
  throw invalidAt(place, INVALID_ORDER_MESSAGE);
}

/**
 * Checks that `segments` is a chain of to-one relations ending at a sortable field, each step maybe
 * through components (a relation of a single component, a field of any component). The key's
 * path has one entry per relation hop and one for the field, each naming the components on the
 * way with dots (`chef`, `seo.metaTitle`). A field under a repeatable component has a value per
 * item: the key orders by the smallest ascending and the largest descending, as Strapi's join
 * does; a relation reached through one has no one row to follow, as a to-many relation.
 */
function resolveSortPath(registry: SchemaRegistry, root: ContentType, segments: readonly string[], place: Place): string[] {
  const upTo = (count: number): Place => below(place, ...segments.slice(0, count));
  const out: string[] = [];
  let model: Model = root;
  let within: string[] = [];
  let items = false;
  const last = segments.length - 1;
  for (let i = 0; ; i++) {
    const name = segments[i]!;
    const field = lookupField(model, name);
    // Strapi's virtual sort key on draft & publish types.
    if (field.kind === 'unknown' && name === 'status' && model === root && root.draftAndPublish && i === last) return segments.slice();
    if (field.kind === 'scalar') {
      if (i !== last) throw invalidKey(upTo(i + 2));
      out.push([...within, name].join('.'));
      return out;
    }
    const attribute = field.kind === 'relation' || field.kind === 'structure' ? field.attribute : undefined;
    // A relation or a component needs a field after it: `sort=chef` is `Invalid key chef`, as in Strapi; a dynamic zone has none.
    if (attribute === undefined || attribute.kind === 'dynamiczone' || i === last) throw invalidKey(upTo(i + 1));
    if (attribute.kind === 'relation') {
      if (attribute.toMany || items) throw invalidKey(upTo(i + 1), TO_MANY_SORT_REASON);
      out.push([...within, name].join('.'));
      within = [];
      model = registry.require(attribute.target);
    } else {
      within.push(name);
      items ||= attribute.repeatable;
      model = registry.component(attribute.component);
    }
  }
}
