/**
 * Reading a field that lives inside components (docs/content-models.md): a single component is an
 * object or null in its holder, a repeatable one a list of objects. Names join the attribute
 * names with dots (`seo.metaTitle`); Strapi's attribute names hold no dot.
 */

type Value = Readonly<Record<string, unknown>>;

/**
 * The value at a path of single components: NULL when a component on the way is missing, as a
 * LEFT JOIN reads a missing component's columns.
 */
export function valueAtPath(row: Value, path: readonly string[]): unknown {
  let at: unknown = row;
  for (const name of path) {
    if (at === null || at === undefined || typeof at !== 'object') return null;
    at = (at as Value)[name];
  }
  return at ?? null;
}

/**
 * Every value at a path that crosses repeatable components: one per item reached, and one NULL
 * where a component is missing or a list is empty, as a LEFT JOIN pairs such a holder with one
 * row of NULLs.
 */
export function valuesAtPath(row: Value, path: readonly string[]): unknown[] {
  const out: unknown[] = [];
  collect(row, path, 0, out);
  return out;
}

function collect(at: unknown, path: readonly string[], depth: number, out: unknown[]): void {
  if (depth === path.length) {
    out.push(at ?? null);
    return;
  }
  if (Array.isArray(at)) {
    if (at.length === 0) out.push(null);
    for (const item of at) collect(item, path, depth, out);
    return;
  }
  if (at === null || at === undefined || typeof at !== 'object') {
    out.push(null);
    return;
  }
  collect((at as Value)[path[depth]!], path, depth + 1, out);
}

/** The name of the index of how many items a list holds (`perks#`): no attribute name holds a `#`. */
export const itemCountField = (list: string): string => `${list}#`;

/** How many items the list at a path through single components holds; none when a component on the way is missing. */
export function itemCount(row: Value, path: readonly string[]): number {
  const list = valueAtPath(row, path);
  return Array.isArray(list) ? list.length : 0;
}

const readers = new Map<string, (row: Value) => unknown>();

/**
 * A reader of a field by its name: the row's own field, or a dotted path through single
 * components. Names come from schemas (the filter builder and sort parser validate them), so the
 * readers kept are bounded by the schema.
 */
export function fieldReader(name: string): (row: Value) => unknown {
  let read = readers.get(name);
  if (!read) {
    const path = name.split('.');
    read = path.length === 1 ? (row) => row[name] : (row) => valueAtPath(row, path);
    readers.set(name, read);
  }
  return read;
}
