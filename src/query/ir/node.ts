import type { ScalarType } from '../../schema/types.js';
import type { AndNode } from './and-node.js';
import type { CompareNode } from './compare-node.js';
import type { ConstNode } from './const-node.js';
import type { ItemsNode } from './items-node.js';
import type { NotNode } from './not-node.js';
import type { OrNode } from './or-node.js';
import type { RelationNode } from './relation-node.js';

/**
 * A validated filter: a tree of frozen plain-data nodes, built once per request and never mutated.
 * Being plain data, it can be structured-cloned to a worker, keyed by shape in a cache, and printed.
 *
 * Meaning (SQL three-valued logic, see `values/truth.ts`):
 * - `compare` is UNKNOWN when its field is NULL (except the `null` / `notNull` tests);
 * - `and` / `or` / `not` are Kleene's; a row is selected only when the root is TRUE;
 * - `relation` is TRUE when some linked target row makes `child` TRUE, or when no row is linked
 *   and `unlinked` is set, else FALSE (never UNKNOWN);
 * - `items` is the same over the items of a repeatable component, which the row holds.
 *
 * Fields of single components are read by path (`seo.metaTitle`, NULL where the component is
 * missing), so conditions on them are comparisons of the row; fields under an `items` node are
 * the item's.
 *
 * Shape the filter builder guarantees (passes may rely on it): `and` / `or` have two or more
 * children, none of their own kind and no `const`; `not` wraps only a `compare`, or a
 * `relation` or `items` whose child is `const true` ("no linked row", "no item"); a `const`
 * stands only at the root or as a `relation`'s or `items`' child (`true`, with `unlinked` unset:
 * "has a linked row", "has an item").
 */
export type FilterNode = AndNode | OrNode | NotNode | ConstNode | CompareNode | RelationNode | ItemsNode;
export type FilterNodeKind = FilterNode['kind'];

/** Every scalar type but password, which is never filterable. */
export type FieldType = Exclude<ScalarType, 'password'>;

/**
 * An operand after casting to its field's type, in the representation stored values use:
 * text kinds, date (`YYYY-MM-DD`), datetime (ISO UTC with milliseconds) and time (`HH:mm:ss.SSS`)
 * as strings; integer, float and decimal as numbers; biginteger as its canonical decimal
 * string (exact, compared as BigInt); boolean as boolean.
 */
export type ScalarValue = string | number | boolean;

/**
 * A field of the row a comparison reads: a schema attribute, a system field (`id`, `documentId`,
 * ...) or a field of single components by its dotted path (`seo.metaTitle`, `seo.id`).
 */
export interface FieldRef {
  readonly name: string;
  readonly type: FieldType;
}

export const FieldRef = Object.freeze({
  create: (name: string, type: FieldType): FieldRef => Object.freeze({ name, type }),
});
