/**
 * How qs puts two values for one place together, reproduced rule for rule because Strapi
 * validates what comes out: repeated keys and `[]` make lists, a list past the limit becomes an
 * object with index keys that later values are appended to, a list meeting a name becomes an
 * object, a value meeting an object makes a two-item list. Nothing is refused here; the oddest
 * shapes are left to validation, as in Strapi.
 *
 * The source of a merge is always built from one key text, so its entries are in index order or
 * it has one entry: iterating it in insertion order is iterating it in qs's (JavaScript's) key
 * order.
 */

/**
 * qs's `arrayLimit` as Strapi sets it: a list holds indices 0 to 99 and at most 100 values;
 * past that qs keeps the values in an object under their indices (an "overflowed" list).
 */
export const ARRAY_LIMIT = 100;

/** The largest array index of a JavaScript object: such keys come first, in numeric order. */
export const MAX_ARRAY_INDEX = 2 ** 32 - 2;

/**
 * An object being built. Its entries stay in a Map, in insertion order, until the end: JavaScript
 * objects given index keys one by one (`o[150] = x`) cost a store sized to the index each time.
 * `max` ≥ 0 marks an overflowed list, with the largest index put in it so far.
 */
export class Group {
  readonly entries = new Map<string, Draft>();
  max = -1;
}

/** A value being built: lists may still have holes (`a[5]=x` alone is a list of length 6). */
export type Draft = string | null | Group | Draft[];

/** An overflowed list holding `value` at `index` (≥ the limit). */
export function overflowAt(index: number, value: Draft): Group {
  const group = new Group();
  group.entries.set(String(index), value);
  group.max = index;
  return group;
}

export const isOverflowed = (value: Draft): value is Group => value instanceof Group && value.max >= 0;

/** qs `combine`: `b` after `a` in one list; `a` is changed when it is an overflowed list. */
export function combine(a: Draft, b: Draft): Draft {
  if (isOverflowed(a)) return appendTo(a, b);
  const list = ([] as Draft[]).concat(a, b);
  return list.length > ARRAY_LIMIT ? overflow(list) : list;
}

/** qs `merge`: `source` (a new value) into `target` (what the place held). May change `target`. */
export function merge(target: Draft, source: Draft): Draft {
  if (source === null || source === '') return target;
  if (typeof source === 'string') return mergeText(target, source);
  if (target === null || typeof target === 'string') return prepend(target, source);
  if (Array.isArray(target) && Array.isArray(source)) return mergeLists(target, source);
  return mergeGroup(Array.isArray(target) ? toGroup(target) : target, source);
}

function mergeText(target: Draft, source: string): Draft {
  if (Array.isArray(target)) {
    if (target.length < ARRAY_LIMIT) {
      target.push(source);
      return target;
    }
    return overflow(target.concat(source));
  }
  return isOverflowed(target) ? appendTo(target, source) : [target, source];
}

/** A plain value meets a list or an object: it goes first, the source's items after it. */
function prepend(target: string | null, source: Group | Draft[]): Draft {
  if (!isOverflowed(source)) {
    const list = ([target] as Draft[]).concat(source);
    return list.length > ARRAY_LIMIT ? overflow(list) : list;
  }
  const shifted = new Group();
  shifted.entries.set('0', target);
  // qs shifts every key by one as a number (it would turn a name into `NaN`; an overflowed source has none).
  for (const [key, item] of source.entries) shifted.entries.set(String(Number.parseInt(key, 10) + 1), item);
  shifted.max = source.max + 1;
  return shifted;
}

/** Same index in both: objects merge, anything else is appended; a free index is filled. */
function mergeLists(target: Draft[], source: Draft[]): Draft {
  source.forEach((item, index) => {
    if (!Object.hasOwn(target, index)) target[index] = item;
    else if (isComposite(target[index]!) && isComposite(item)) target[index] = merge(target[index]!, item);
    else target.push(item);
  });
  return target.length > ARRAY_LIMIT ? overflow(target) : target;
}

function mergeGroup(target: Group, source: Group | Draft[]): Group {
  const entries = target.entries;
  const sourceMax = Array.isArray(source) ? -1 : source.max;
  const visit = (item: Draft, key: string): void => {
    const existing = entries.get(key);
    entries.set(key, existing === undefined ? item : merge(existing, item));
    noteKey(target, key, sourceMax);
  };
  if (Array.isArray(source)) source.forEach((item, index) => visit(item, String(index)));
  else source.entries.forEach(visit);
  return target;
}

/**
 * After `key` is set in `target` from a source whose largest index is `sourceMax` (-1 when the
 * source is not an overflowed list): a group meeting an overflowed list becomes one, and an
 * overflowed list remembers its largest index key.
 */
export function noteKey(target: Group, key: string, sourceMax: number): void {
  if (sourceMax >= 0 && target.max < 0) target.max = sourceMax;
  if (target.max >= 0) {
    const index = indexOf(key);
    if (index > target.max) target.max = index;
  }
}

function appendTo(group: Group, value: Draft): Group {
  group.max += 1;
  group.entries.set(String(group.max), value);
  return group;
}

export function overflow(list: readonly Draft[]): Group {
  const group = toGroup(list);
  group.max = list.length - 1;
  return group;
}

/** A list's items under their indices, holes left out. */
function toGroup(list: readonly Draft[]): Group {
  const group = new Group();
  for (let i = 0; i < list.length; i++) if (list[i] !== undefined) group.entries.set(String(i), list[i]!);
  return group;
}

export const isComposite = (value: Draft): value is Group | Draft[] => typeof value === 'object' && value !== null;

/**
 * The index a key or bracket group stands for, by qs's test (its decimal reading prints back
 * as itself: `7`, not `07`, `-1` or `1e2`), or -1.
 */
export function indexOf(text: string): number {
  const length = text.length;
  if (length === 0 || (length > 1 && text.charCodeAt(0) === 0x30)) return -1;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return -1;
  }
  if (length < 16) return Number(text);
  // Past 15 digits a number may not hold the value exactly, and then qs does not take it as an index.
  const value = Number(text);
  return String(value) === text ? value : -1;
}
