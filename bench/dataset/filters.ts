/**
 * Strapi filter trees as plain data, and their REST query-string form.
 */

export type FilterScalar = string | number | boolean | null;
export type FilterValue = FilterScalar | readonly FilterValue[] | FilterTree;
/** Strapi's document-service `filters` object (attribute, `id`, or `$and`/`$or`/`$not` keys). */
export interface FilterTree {
  readonly [key: string]: FilterValue;
}

export interface Pagination {
  readonly page: number;
  readonly pageSize: number;
}

export function isFilterTree(value: FilterValue): value is FilterTree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `filters[...]`, `sort` and `pagination[...]` in qs bracket syntax, as a Strapi client sends
 * them. Brackets stay literal (as in Strapi's docs); `null` becomes a key without `=`, which
 * Strapi's `strictNullHandling` parses back to null.
 */
export function toQueryString(filters: FilterTree, sort: readonly string[], pagination: Pagination): string {
  const parts: string[] = [];
  flatten('filters', filters, parts);
  if (sort.length > 0) parts.push(`sort=${encode(sort.join(','))}`);
  parts.push(`pagination[page]=${pagination.page}`, `pagination[pageSize]=${pagination.pageSize}`);
  return parts.join('&');
}

function flatten(prefix: string, value: FilterValue, out: string[]): void {
  if (value === null) {
    out.push(prefix);
  } else if (Array.isArray(value)) {
    value.forEach((item: FilterValue, i) => flatten(`${prefix}[${i}]`, item, out));
  } else if (isFilterTree(value)) {
    for (const [key, child] of Object.entries(value)) flatten(`${prefix}[${encode(key)}]`, child, out);
  } else {
    out.push(`${prefix}=${encode(String(value))}`);
  }
}

/** Percent-encoding that leaves `$`, `:` and `,` readable (all legal in a query component). */
function encode(text: string): string {
  return encodeURIComponent(text).replace(/%24/g, '$').replace(/%3A/g, ':').replace(/%2C/g, ',');
}

/** The same tree as GraphQL's `filters` argument takes it: operators without their `$`. */
export function toGraphqlFilters(filters: FilterTree): Record<string, unknown> {
  return withoutDollars(filters) as Record<string, unknown>;
}

function withoutDollars(value: FilterValue): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(withoutDollars);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.startsWith('$') ? k.slice(1) : k, withoutDollars(v as FilterValue)]));
}
