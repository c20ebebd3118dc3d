import type { SchemaRegistry } from '../../schema/registry.js';
import type { ContentType } from '../../schema/types.js';
import type { RowScope } from '../../store/layout.js';
import type { Store } from '../../store/store.js';
import { mayBeCut } from '../../store/index-keys.js';
import type { FieldType, ScalarValue } from '../ir/index.js';
import type { SortSpec } from '../params/types.js';
import { compareValues } from '../values/index.js';
import type { RowEvaluator } from './row-eval.js';

/** Orders two row ids: negative when `a` comes first. */
export type IdOrder = (a: number, b: number) => number;

/** Where sort keys read their values. */
export interface SortSource {
  readonly registry: SchemaRegistry;
  readonly store: Store;
  readonly rows: RowEvaluator;
  readonly type: string;
  readonly scopes: readonly RowScope[];
}

const SYSTEM_TYPES: Readonly<Record<string, FieldType>> = {
  id: 'integer', documentId: 'string', createdAt: 'datetime', updatedAt: 'datetime', publishedAt: 'datetime', locale: 'string',
};

/**
 * The order of `sort`'s keys, then ascending id. NULL is the smallest value, so it comes first
 * ascending and last descending, as in Strapi on SQLite (docs/filters.md). A key on an indexed
 * field of a one-scope list compares the ranks of the rows' values in the field's in-memory index
 * (no row is read) and reads rows only to part values whose indexed text is cut; other keys read
 * each row's value once.
 */
export function idOrder(source: SortSource, sort: readonly SortSpec[]): IdOrder {
  const keys = sort.map((spec) => directed(keyOrder(source, spec), spec.direction));
  if (keys.length === 1) {
    const [only] = keys as [IdOrder];
    return (a, b) => only(a, b) || a - b;
  }
  return (a, b) => {
    for (const key of keys) {
      const c = key(a, b);
      if (c !== 0) return c;
    }
    return a - b;
  };
}

/** How a key's values compare, ascending. */
function keyOrder(source: SortSource, spec: SortSpec): IdOrder {
  const { store, type, scopes } = source;
  const [field] = spec.path;
  if (spec.path.length === 1 && field === 'id') return (a, b) => a - b;
  const ct = source.registry.require(type);
  const byValue = valueOrder(source, ct, spec.path);
  if (spec.path.length !== 1 || scopes.length !== 1 || !store.rows.isIndexed(type, field!)) return byValue;
  const indexed = store.rows.indexedValues(type, field!, scopes[0]!, false);
  if (!indexed) return byValue;
  const { positions, values } = indexed;
  const rank = (id: number) => (id < positions.length ? positions[id]! : -1);
  return (a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    if (ra !== rb || ra < 0) return ra < 0 || rb < 0 ? byValue(a, b) : ra - rb;
    const v = values[ra];
    // Text longer than the indexed prefix shares its key with other text of that prefix.
    return typeof v === 'string' && mayBeCut(v) ? byValue(a, b) : 0;
  };
}

/** Compares the values rows hold at `path` (through relations: the first linked row), each read once. */
function valueOrder(source: SortSource, ct: ContentType, path: readonly string[]): IdOrder {
  const type = typeAt(source.registry, ct, path);
  const seen = new Map<number, ScalarValue | null>();
  const value = (id: number): ScalarValue | null => {
    let v = seen.get(id);
    if (v === undefined) seen.set(id, (v = valueAt(source, ct, id, path)));
    return v;
  };
  return (a, b) => compareNullable(type, value(a), value(b));
}

const directed = (order: IdOrder, direction: 'asc' | 'desc'): IdOrder => (direction === 'asc' ? order : (a, b) => order(b, a));

/** NULL below every value. */
export function compareNullable(type: FieldType, a: ScalarValue | null, b: ScalarValue | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  return compareValues(type, a, b);
}

function valueAt(source: SortSource, ct: ContentType, id: number, path: readonly string[]): ScalarValue | null {
  let type = ct;
  let row = source.rows.row(ct.uid, id);
  for (let i = 0; i < path.length - 1 && row; i++) {
    const attr = type.attributes.get(path[i]!);
    if (attr?.kind !== 'relation') return null;
    const first = source.store.links.targets(attr.listName, row.id)[0];
    type = source.registry.require(attr.target);
    row = first === undefined ? undefined : source.rows.row(type.uid, first);
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

export function typeOf(ct: ContentType, field: string): FieldType {
  const attr = ct.attributes.get(field);
  return attr?.kind === 'scalar' && attr.type !== 'password' ? attr.type : SYSTEM_TYPES[field] ?? 'string';
}
