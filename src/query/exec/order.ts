import type { SchemaRegistry } from '../../schema/registry.js';
import type { ContentType } from '../../schema/types.js';
import type { RowScope } from '../../store/layout.js';
import type { Store } from '../../store/store.js';
import type { FieldType, ScalarValue } from '../ir/index.js';
import type { SortSpec } from '../params/types.js';
import { compareValues } from '../values/index.js';
import { membership, sizeOf, slice, toArray, type IdSet } from './idset.js';
import type { RowEvaluator } from './row-eval.js';

/** Above this many matches, a single-field sort walks the field's index instead of reading every row. */
const INDEX_ORDER_MIN = 2_000;

const SYSTEM_TYPES: Readonly<Record<string, FieldType>> = {
  id: 'integer', documentId: 'string', createdAt: 'datetime', updatedAt: 'datetime', publishedAt: 'datetime', locale: 'string',
};

/**
 * The ids of one page of a result in the requested order. Ties, and the order when none is
 * requested, go by ascending id; NULLs sort last ascending and first descending (as PostgreSQL).
 */
export function orderPage(
  registry: SchemaRegistry, store: Store, rows: RowEvaluator,
  type: string, scopes: readonly RowScope[], ids: IdSet, sort: readonly SortSpec[], start: number, limit: number,
): number[] {
  const size = sizeOf(ids);
  const end = limit === Infinity ? size : Math.min(size, start + limit);
  if (start >= end) return [];
  const byRank = rankOrder(sort);
  if (byRank) return slice(ids, start, end, byRank === 'desc');
  sort = sort.filter((s) => !isStatus(s));
  const first = sort[0]!;
  const ct = registry.require(type);
  if (sort.length === 1 && first.path.length === 1 && size >= INDEX_ORDER_MIN && scopes.length === 1 && store.rows.isIndexed(type, first.path[0]!)) {
    return byIndex(store, rows, ct, scopes[0]!, ids, first, start, end);
  }
  return byRows(registry, store, rows, ct, ids, sort).slice(start, end);
}

/** The direction when a page is cut by rank from the ascending ids (no sort, or by id alone); else undefined. */
export function rankOrder(sort: readonly SortSpec[]): 'asc' | 'desc' | undefined {
  // One query reads one status, so Strapi's virtual `status` sort key orders nothing.
  const keys = sort.filter((s) => !isStatus(s));
  if (keys.length === 0) return 'asc';
  const only = keys[0]!;
  return keys.length === 1 && only.path.length === 1 && only.path[0] === 'id' ? only.direction : undefined;
}

const isStatus = (s: SortSpec) => s.path.length === 1 && s.path[0] === 'status';

function byRows(registry: SchemaRegistry, store: Store, rows: RowEvaluator, ct: ContentType, ids: IdSet, sort: readonly SortSpec[]): number[] {
  const keyed = Array.from(toArray(ids), (id) => ({ id, keys: sort.map((s) => valueAt(registry, store, rows, ct, id, s.path)) }));
  const types = sort.map((s) => typeAt(registry, ct, s.path));
  keyed.sort((a, b) => {
    for (let i = 0; i < sort.length; i++) {
      const c = compareNullable(types[i]!, a.keys[i]!, b.keys[i]!, sort[i]!.direction);
      if (c !== 0) return c;
    }
    return a.id - b.id;
  });
  return keyed.map((k) => k.id);
}

/** Walks the index in value order keeping matching ids; rows are read only for prefix-indexed text. */
function byIndex(store: Store, rows: RowEvaluator, ct: ContentType, scope: RowScope, ids: IdSet, spec: SortSpec, start: number, end: number): number[] {
  const field = spec.path[0]!;
  const member = membership(ids);
  const type = typeOf(ct, field);
  const groups: number[][] = [];
  for (const g of store.rows.indexGroups(ct.uid, field, scope, { kind: 'range' })) {
    const hit = Array.from(g.ids).filter((id) => member.has(id));
    if (hit.length === 0) continue;
    if (g.inexact) {
      const value = (id: number) => (rows.row(ct.uid, id)?.[field] ?? null) as ScalarValue | null;
      hit.sort((a, b) => compareNullable(type, value(a), value(b), 'asc') || a - b);
    }
    groups.push(hit);
    if (spec.direction === 'asc' && total(groups) >= end) break;
  }
  const nulls = Array.from(store.rows.indexGroups(ct.uid, field, scope, { kind: 'null' }), (g) => Array.from(g.ids).filter((id) => member.has(id))).flat();
  const ordered = spec.direction === 'asc'
    ? [...groups.flat(), ...nulls]
    // Ties keep ascending ids in both directions: only the groups' order flips.
    : [...nulls, ...groups.reverse().flat()];
  return ordered.slice(start, end);
}

const total = (groups: number[][]) => groups.reduce((n, g) => n + g.length, 0);

function compareNullable(type: FieldType, a: ScalarValue | null, b: ScalarValue | null, direction: 'asc' | 'desc'): number {
  if (a === null || b === null) {
    if (a === b) return 0;
    // NULLs last ascending, first descending.
    return (a === null ? 1 : -1) * (direction === 'asc' ? 1 : -1);
  }
  const c = compareValues(type, a, b);
  return direction === 'asc' ? c : -c;
}

function valueAt(registry: SchemaRegistry, store: Store, rows: RowEvaluator, ct: ContentType, id: number, path: readonly string[]): ScalarValue | null {
  let type = ct;
  let row = rows.row(ct.uid, id);
  for (let i = 0; i < path.length - 1 && row; i++) {
    const attr = type.attributes.get(path[i]!);
    if (attr?.kind !== 'relation') return null;
    const next = store.links.targets(attr.listName, row.id).next();
    type = registry.require(attr.target);
    row = next.done ? undefined : rows.row(type.uid, next.value);
  }
  return (row?.[path[path.length - 1]!] ?? null) as ScalarValue | null;
}

function typeAt(registry: SchemaRegistry, ct: ContentType, path: readonly string[]): FieldType {
  let type = ct;
  for (let i = 0; i < path.length - 1; i++) {
    const attr = type.attributes.get(path[i]!);
    if (attr?.kind === 'relation') type = registry.require(attr.target);
  }
  return typeOf(type, path[path.length - 1]!);
}

function typeOf(ct: ContentType, field: string): FieldType {
  const attr = ct.attributes.get(field);
  return attr?.kind === 'scalar' && attr.type !== 'password' ? attr.type : SYSTEM_TYPES[field] ?? 'string';
}
