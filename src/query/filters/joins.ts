import type { SchemaRegistry } from '../../schema/registry.js';
import type { ComponentAttribute, Model, RelationAttribute } from '../../schema/types.js';
import { ConstNode, FieldRef, notOf, someItem, someLinked, type FilterNode, type RelationLink } from '../ir/index.js';
import { ID_FIELD } from './fields.js';
import { truthOnNullRow } from './null-row.js';
import type { FilterPath } from './path.js';

/**
 * Where the keys of a filter object are looked up: a content-type's or component's attributes,
 * and the path from the row (or item) under test to the single component holding them, which
 * prefixes its fields' names (`seo.`).
 */
export interface Holder {
  readonly model: Model;
  readonly prefix: string;
}

/**
 * What a key that joins rows to the one under test means: a relation's linked rows, a repeatable
 * component's items, or a single component's one row (read in place, by path). Conditions under
 * the key are on one joined row (`exists`); `$null` / `$notNull` ask whether there is one.
 */
export interface Join {
  /** Where the keys under the join are looked up. */
  readonly inner: Holder;
  /** What a value or an operator directly under the key compares: the joined row's `id`. */
  readonly id: FieldRef;
  exists(row: FilterNode, at: FilterPath): FilterNode;
  emptiness(empty: boolean, negated: boolean, at: FilterPath): FilterNode;
}

/** The builder's steps a join takes: counting a condition against the limit, and a NULL test. */
export interface Counted {
  count(at: FilterPath): void;
  nullTest(ref: FieldRef, isNull: boolean, negated: boolean, at: FilterPath): FilterNode;
}

/** A relation's linked rows; a source without one is tested on the all-NULL row (LEFT JOIN). */
export function relationJoin(registry: SchemaRegistry, h: Holder, attribute: RelationAttribute, steps: Counted): Join {
  const link: RelationLink = {
    attribute: attribute.name, source: h.model.uid, target: attribute.target, toMany: attribute.toMany,
    holder: h.prefix === '' ? undefined : h.prefix.slice(0, -1),
  };
  return existence({ model: registry.require(link.target), prefix: '' }, (row, unlinked) => someLinked(link, row, unlinked), steps);
}

/**
 * A component, joined as Strapi joins it (a repeatable one like a to-many relation). The items
 * of a repeatable component are tested one by one, each on the all-NULL item when there is none;
 * a single component's fields are read in the row by path, NULL where it is missing, which is
 * what the LEFT JOIN of its one row gives, so its conditions are the row's own (and "has it" is
 * "its `id` is not NULL").
 */
export function componentJoin(registry: SchemaRegistry, h: Holder, attribute: ComponentAttribute, steps: Counted): Join {
  const model = registry.component(attribute.component);
  const path = h.prefix + attribute.name;
  if (!attribute.repeatable) {
    const id = FieldRef.create(`${path}.id`, 'integer');
    return {
      inner: { model, prefix: `${path}.` },
      id,
      exists: (row) => row,
      emptiness: (empty, negated, at) => steps.nullTest(id, empty, negated, at),
    };
  }
  const list = { path, component: attribute.component };
  return existence({ model, prefix: '' }, (row, unlinked) => someItem(list, row, unlinked), steps);
}

/** Rows joined by an existence test (`some`), each counted as a condition. */
function existence(inner: Holder, some: (row: FilterNode, unlinked: boolean) => FilterNode, steps: Counted): Join {
  return {
    inner,
    id: ID_FIELD,
    exists: (row, at) => {
      steps.count(at);
      return some(row, truthOnNullRow(row) === true);
    },
    emptiness: (empty, negated, at) => {
      steps.count(at);
      const has = some(ConstNode.TRUE, false);
      return empty !== negated ? notOf(has) : has;
    },
  };
}
