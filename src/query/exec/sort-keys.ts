import type { SchemaRegistry } from '../../schema/registry.js';
import type { ContentType, Model, RelationAttribute } from '../../schema/types.js';
import { fieldReader, valuesAtPath } from '../../store/field-paths.js';
import type { Row, RowScope } from '../../store/layout.js';
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
  const byValue = valueOrder(source, ct, spec);
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

/**
 * Compares the values rows hold at `path` (through relations: the first linked row), each read
 * once. A field under a repeatable component holds one value per item: ascending compares the
 * smallest, descending the largest (NULL the smallest of all), as Strapi's join orders them.
 */
function valueOrder(source: SortSource, ct: ContentType, spec: SortSpec): IdOrder {
  const { path } = spec;
  const { type, multi } = fieldAt(source.registry, typeAt(source.registry, ct, path), path[path.length - 1]!);
  const pick = spec.direction === 'asc' ? -1 : 1;
  const seen = new Map<number, ScalarValue | null>();
  const value = (id: number): ScalarValue | null => {
    let v = seen.get(id);
    if (v === undefined) {
      const row = rowAt(source, ct, id, path);
      const last = path[path.length - 1]!;
      v = row === undefined ? null : multi ? extreme(type, valuesAtPath(row, last.split('.')), pick) : (fieldReader(last)(row) ?? null) as ScalarValue | null;
      seen.set(id, v);
    }
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

/** The smallest (`pick` -1) or largest (1) of a field's item values. */
function extreme(type: FieldType, values: readonly unknown[], pick: -1 | 1): ScalarValue | null {
  let best = values[0] as ScalarValue | null;
  for (let i = 1; i < values.length; i++) {
    const v = values[i] as ScalarValue | null;
    if (compareNullable(type, v, best) * pick > 0) best = v;
  }
  return best ?? null;
}

/** The row holding a key's field: the row itself, or the first linked row at the end of its relation hops. */
function rowAt(source: SortSource, ct: ContentType, id: number, path: readonly string[]): Row | undefined {
  let type = ct;
  let row = source.rows.row(ct.uid, id);
  for (let i = 0; i < path.length - 1 && row; i++) {
    const hop = relationAt(source.registry, type, path[i]!);
    // A relation of a single component goes from that component's id.
    const from = hop.holder === undefined ? row.id : fieldReader(`${hop.holder}.id`)(row);
    if (typeof from !== 'number') return undefined;
    const first = source.store.links.targets(hop.attribute.listName, from)[0];
    type = source.registry.require(hop.attribute.target);
    row = first === undefined ? undefined : source.rows.row(type.uid, first);
  }
  return row;
}

/** The content-type whose rows hold a key's field, past its relation hops. */
function typeAt(registry: SchemaRegistry, ct: ContentType, path: readonly string[]): ContentType {
  let type = ct;
  for (let i = 0; i < path.length - 1; i++) type = registry.require(relationAt(registry, type, path[i]!).attribute.target);
  return type;
}

/** The relation a hop of a sort key names (`chef`, or `seo.author` of a component), with the component it goes from. */
function relationAt(registry: SchemaRegistry, ct: ContentType, hop: string): { attribute: RelationAttribute; holder: string | undefined } {
  const dot = hop.lastIndexOf('.');
  const { model } = componentsOf(registry, ct, dot === -1 ? [] : hop.slice(0, dot).split('.'));
  const attribute = model.attributes.get(hop.slice(dot + 1));
  if (attribute?.kind !== 'relation') throw new Error(`${hop} is not a relation of ${ct.uid}`);
  return { attribute, holder: dot === -1 ? undefined : hop.slice(0, dot) };
}

/** The type of a field named by its path through components, and whether it crosses a repeatable one. */
function fieldAt(registry: SchemaRegistry, ct: ContentType, field: string): { type: FieldType; multi: boolean } {
  const names = field.split('.');
  const { model, multi } = componentsOf(registry, ct, names.slice(0, -1));
  return { type: typeOf(model, names[names.length - 1]!), multi };
}

function componentsOf(registry: SchemaRegistry, ct: ContentType, names: readonly string[]): { model: Model; multi: boolean } {
  let model: Model = ct;
  let multi = false;
  for (const name of names) {
    const attribute = model.attributes.get(name);
    if (attribute?.kind !== 'component') throw new Error(`${name} is not a component of ${model.uid}`);
    multi ||= attribute.repeatable;
    model = registry.component(attribute.component);
  }
  return { model, multi };
}

export function typeOf(model: Model, field: string): FieldType {
  const attr = model.attributes.get(field);
  return attr?.kind === 'scalar' && attr.type !== 'password' ? attr.type : SYSTEM_TYPES[field] ?? 'string';
}
