import { ValidationError } from '../../errors/index.js';
import { isPlainObject } from '../../objects.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import type { ContentType, RelationAttribute } from '../../schema/types.js';
import {
  allOf, anyOf, CompareNode, ConstNode, notOf, someLinked,
  type CompareTest, type FieldRef, type FilterNode, type ListOperator, type OrderOperator,
  type RelationLink, type ScalarValue, type TextOperator,
} from '../ir/index.js';
import { booleanLike, castOperand, operandText } from './cast.js';
import { ID_FIELD, resolveKey } from './fields.js';
import { DEFAULT_FILTER_LIMITS, type FilterLimits } from './limits.js';
import {
  BETWEEN_MESSAGE, conditionLimitMessage, depthLimitMessage, FILTER_OBJECT_MESSAGE, FILTERS_TYPE_MESSAGE,
  groupListMessage, invalidKeyMessage, JSON_OPERATOR_MESSAGE, listLimitMessage, misplacedOperatorMessage,
  nestedListMessage, nestedOperatorMessage, nullOperandMessage, objectOperandMessage, textOperandMessage,
} from './messages.js';
import { isTextOperator, OPERAND_OPERATORS, OPERATOR_KEYS } from './operators.js';
import { truthOnNullRow } from './null-row.js';
import { FilterPath } from './path.js';

export interface BuildFilterOptions {
  readonly limits?: Partial<FilterLimits>;
  /** Where the filters stand in the request, for error paths. Default `['filters']`. */
  readonly path?: readonly string[];
}

/**
 * Turns a `filters` value (the query-string reader's null-prototype objects with string leaves,
 * or the document service's plain objects with typed leaves) into a validated, cast, deeply
 * frozen filter tree for content-type `uid`. Any malformed input throws a 400 `ValidationError`
 * whose `details.path` names it (`filters.stars.$eq`). No filter, or one that sanitizes to
 * nothing, is `const true`.
 *
 * Runs in time linear in the input and recurses no deeper than `limits.maxDepth`.
 */
export function buildFilterTree(
  registry: SchemaRegistry, uid: string, raw: unknown, options: BuildFilterOptions = {},
): FilterNode {
  const limits = { ...DEFAULT_FILTER_LIMITS, ...options.limits };
  return new FilterBuilder(registry, limits, FilterPath.root(options.path ?? ['filters'])).build(registry.require(uid), raw);
}

/**
 * A condition, or `undefined` for nothing to test: Strapi sanitizes empty objects, empty groups
 * and `undefined` values out before querying, so they match everything and vanish from their
 * group rather than counting as `true` in it (`$or: [{}, A]` is `A`).
 */
type Built = FilterNode | undefined;

/**
 * Each method takes `negated`: whether an odd number of `$not` stand above. Negation is pushed
 * down as it is built (De Morgan over groups, `not` over comparisons), and through relations
 * into the linked row: Strapi evaluates `$not` per joined row, so `$not: { categories: { name:
 * x } }` means "has a category whose name is not x" (docs/filters.md, Filters through relations), not
 * "has no category named x". The tree comes out in negation normal form.
 */
class FilterBuilder {
  private conditions = 0;

  constructor(
    private readonly registry: SchemaRegistry,
    private readonly limits: FilterLimits,
    private readonly root: FilterPath,
  ) {}

  build(ct: ContentType, raw: unknown): FilterNode {
    if (raw === undefined || raw === null) return ConstNode.TRUE;
    if (!isPlainObject(raw) && !Array.isArray(raw)) throw this.error(this.root, FILTERS_TYPE_MESSAGE);
    return this.group(ct, raw, this.root, false) ?? ConstNode.TRUE;
  }

  /** A filter object, or a list of them, which is an AND group (as an item of `$and` / `$or`). */
  private group(ct: ContentType, raw: unknown, at: FilterPath, negated: boolean): Built {
    if (raw === undefined) return undefined;
    if (Array.isArray(raw)) return this.combine('and', negated, this.items(raw, at, (item, itemAt) => this.group(ct, item, itemAt, negated)));
    if (!isPlainObject(raw)) throw this.error(at, FILTER_OBJECT_MESSAGE);
    return this.combine('and', negated, this.entries(raw, at, (key, value, keyAt) => this.treeKey(ct, key, value, keyAt, negated)));
  }

  /** One key of a filter object: a group operator, a field or a relation of `ct`. */
  private treeKey(ct: ContentType, key: string, value: unknown, at: FilterPath, negated: boolean): Built {
    switch (key) {
      case '$and':
      case '$or':
        return this.groupList(key, value, at, negated, (item, itemAt) => this.group(ct, item, itemAt, negated));
      case '$not':
        return this.group(ct, value, at, !negated);
    }
    if (OPERATOR_KEYS.has(key)) throw this.error(at, misplacedOperatorMessage(key));
    const resolved = resolveKey(ct, key);
    if (resolved.kind === 'invalid') throw this.invalidKey(key, at);
    if (resolved.kind === 'relation') return this.relation(ct, resolved.attribute, value, at, negated);
    return this.field(resolved.ref, value, at, negated);
  }

  /** `$and` / `$or` take a list; each item goes through `item` (a filter, or a field's condition). */
  private groupList(
    key: '$and' | '$or', value: unknown, at: FilterPath, negated: boolean,
    item: (raw: unknown, at: FilterPath) => Built,
  ): Built {
    if (!Array.isArray(value)) {
      if (value === undefined || this.isBlank(value, at)) return undefined;
      throw this.error(at, groupListMessage(key));
    }
    return this.combine(key === '$and' ? 'and' : 'or', negated, this.items(value, at, item));
  }

  /** What stands under a scalar field: a value (implicit `$eq`), a list (implicit `$in`) or operators. */
  private field(ref: FieldRef, raw: unknown, at: FilterPath, negated: boolean): Built {
    if (raw === undefined) return undefined;
    if (Array.isArray(raw)) return this.list(ref, '$in', 'in', raw, at, negated);
    if (isPlainObject(raw)) {
      return this.combine('and', negated, this.entries(raw, at, (key, value, keyAt) => this.fieldOperator(ref, key, value, keyAt, negated)));
    }
    return this.single(ref, '$eq', 'eq', raw, at, negated);
  }

  private fieldOperator(ref: FieldRef, key: string, value: unknown, at: FilterPath, negated: boolean): Built {
    switch (key) {
      case '$not':
        // A list under `$not`, as under any operator but $in / $notIn / $between, is an OR over its items (docs/filters.md, Lists and groups).
        if (Array.isArray(value)) return this.combine('or', negated, this.items(value, at, (item, itemAt) => this.field(ref, item, itemAt, !negated)));
        return this.field(ref, value, at, !negated);
      case '$and':
      case '$or':
        // Field-level groups (`name: { $or: [{ $eq: 'a' }, { $startsWith: 'b' }] }`): GraphQL's field filters have them (docs/filters.md, Lists and groups).
        return this.groupList(key, value, at, negated, (item, itemAt) => this.field(ref, item, itemAt, negated));
      case '$null':
      case '$notNull':
        if (value === undefined) return undefined;
        return this.nullTest(ref, (key === '$null') === booleanLike(value), negated, at);
    }
    const op = OPERAND_OPERATORS.get(key);
    if (op === undefined) throw this.invalidKey(key, at);
    if (value === undefined) return undefined;
    if (op === 'in' || op === 'notIn') return this.list(ref, key, op, value, at, negated);
    if (op === 'between') return this.between(ref, value, at, negated);
    if (Array.isArray(value)) return this.combine('or', negated, this.items(value, at, (item, itemAt) => this.single(ref, key, op, item, itemAt, negated)));
    return this.single(ref, key, op, value, at, negated);
  }

  private single(ref: FieldRef, key: string, op: OrderOperator | TextOperator, raw: unknown, at: FilterPath, negated: boolean): Built {
    if (isPlainObject(raw)) {
      if (this.isBlank(raw, at)) return undefined;
      throw this.nestedObject(key, raw, at);
    }
    if (Array.isArray(raw)) throw this.error(at, nestedListMessage(key));
    // `$eq: null` is IS NULL, `$ne: null` IS NOT NULL, as Strapi emits them.
    if (raw === null && (op === 'eq' || op === 'eqi')) return this.nullTest(ref, true, negated, at);
    if (raw === null && (op === 'ne' || op === 'nei')) return this.nullTest(ref, false, negated, at);
    if (raw === null || raw === undefined) throw this.error(at, nullOperandMessage(key));
    if (ref.type === 'json') throw this.error(at, JSON_OPERATOR_MESSAGE);
    if (isTextOperator(op)) {
      const text = operandText(raw);
      if (text === undefined) throw this.error(at, textOperandMessage(key));
      return this.compare(ref, { op, value: text }, negated, at);
    }
    return this.compare(ref, { op, value: this.operand(ref, key, raw, at) }, negated, at);
  }

  /** `$in` / `$notIn`: a list, or one value standing for a list of one. */
  private list(ref: FieldRef, key: string, op: ListOperator, raw: unknown, at: FilterPath, negated: boolean): Built {
    if (isPlainObject(raw)) {
      if (this.isBlank(raw, at)) return undefined;
      throw this.nestedObject(key, raw, at);
    }
    if (ref.type === 'json') throw this.error(at, JSON_OPERATOR_MESSAGE);
    const items = Array.isArray(raw) ? raw : [raw];
    if (items.length > this.limits.maxListValues) throw this.error(at, listLimitMessage(key, this.limits.maxListValues));
    // A null in the list (a bare `key[]` reads as `[null]`) compares as in SQL: `IN (…, NULL)`
    // matches only the other values, and `NOT IN (…, NULL)` is never true, nor is `NOT` of an IN.
    if (Array.isArray(raw) && raw.includes(null) && (op === 'notIn') !== negated) return ConstNode.create(false);
    const values: ScalarValue[] = [];
    if (!Array.isArray(raw)) values.push(this.operand(ref, key, raw, at));
    else for (let i = 0; i < raw.length; i++) if (raw[i] !== null) values.push(this.operand(ref, key, raw[i], this.child(at, i)));
    // What knex emits for empty lists: `IN ()` matches no row, `NOT IN ()` every row, NULLs included.
    if (values.length === 0) return ConstNode.create((op === 'notIn') !== negated);
    return this.compare(ref, { op, value: values }, negated, at);
  }

  private between(ref: FieldRef, raw: unknown, at: FilterPath, negated: boolean): Built {
    if (isPlainObject(raw) && this.isBlank(raw, at)) return undefined;
    if (ref.type === 'json') throw this.error(at, JSON_OPERATOR_MESSAGE);
    if (!Array.isArray(raw) || raw.length !== 2) throw this.error(at, BETWEEN_MESSAGE);
    const [low, high] = this.items(raw, at, (item, itemAt) => this.operand(ref, '$between', item, itemAt));
    if (low === undefined || high === undefined) throw this.error(at, BETWEEN_MESSAGE);
    return this.compare(ref, { op: 'between', value: [low, high] }, negated, at);
  }

  /** One operand of a cast operator, cast to the field's type. */
  private operand(ref: FieldRef, key: string, raw: unknown, at: FilterPath): ScalarValue {
    if (raw === null || raw === undefined) throw this.error(at, nullOperandMessage(key));
    if (isPlainObject(raw)) throw this.nestedObject(key, raw, at);
    if (Array.isArray(raw)) throw this.error(at, nestedListMessage(key));
    const cast = castOperand(ref.type, raw);
    if (!cast.ok) throw this.error(at, cast.message);
    return cast.value;
  }

  /**
   * What stands under a relation key. Conditions on one linked row (target fields and groups,
   * and operators or values, which compare the target's `id`) share one existence test; `$null` /
   * `$notNull` (and `$eq: null` / `$ne: null`, and a bare `null`) test the relation itself
   * (docs/filters.md, Filters through relations).
   */
  private relation(ct: ContentType, attribute: RelationAttribute, raw: unknown, at: FilterPath, negated: boolean): Built {
    if (raw === undefined) return undefined;
    const link: RelationLink = { attribute: attribute.name, source: ct.uid, target: attribute.target, toMany: attribute.toMany };
    if (raw === null) return this.emptiness(link, true, negated, at);
    const rows: Built[] = [];
    const outer: FilterNode[] = [];
    if (isPlainObject(raw)) this.relationContent(this.registry.require(link.target), link, raw, at, negated, rows, outer);
    else rows.push(this.field(ID_FIELD, raw, at, negated));
    return this.linked(link, rows, outer, negated, at);
  }

  private relationContent(
    target: ContentType, link: RelationLink, raw: Readonly<Record<string, unknown>>, at: FilterPath, negated: boolean,
    rows: Built[], outer: FilterNode[],
  ): void {
    for (const key of Object.keys(raw)) {
      const value = raw[key];
      const keyAt = this.child(at, key);
      if (key === '$null' || key === '$notNull') {
        if (value !== undefined) outer.push(this.emptiness(link, (key === '$null') === booleanLike(value), negated, keyAt));
      } else if ((key === '$eq' || key === '$ne') && value === null) {
        outer.push(this.emptiness(link, key === '$eq', negated, keyAt));
      } else if (key === '$not') {
        this.relationNot(target, link, value, keyAt, negated, rows, outer);
      } else if (OPERAND_OPERATORS.has(key)) {
        rows.push(this.fieldOperator(ID_FIELD, key, value, keyAt, negated));
      } else {
        rows.push(this.treeKey(target, key, value, keyAt, negated));
      }
    }
  }

  /** `$not` directly under a relation negates the condition on the linked row, which stays the siblings' row. */
  private relationNot(
    target: ContentType, link: RelationLink, value: unknown, at: FilterPath, negated: boolean,
    rows: Built[], outer: FilterNode[],
  ): void {
    if (!isPlainObject(value)) {
      rows.push(this.fieldOperator(ID_FIELD, '$not', value, at, negated));
      return;
    }
    const innerRows: Built[] = [];
    const innerOuter: FilterNode[] = [];
    this.relationContent(target, link, value, at, !negated, innerRows, innerOuter);
    if (innerOuter.length === 0) rows.push(this.combine('and', !negated, innerRows));
    else outer.push(...defined(this.linked(link, innerRows, innerOuter, !negated, at)));
  }

  private linked(link: RelationLink, rows: readonly Built[], outer: readonly FilterNode[], negated: boolean, at: FilterPath): Built {
    const row = this.combine('and', negated, rows);
    return this.combine('and', negated, [row === undefined ? undefined : this.exists(link, row, at), ...outer]);
  }

  /** Conditions on one linked row; a source without one is tested on the all-NULL row (LEFT JOIN). */
  private exists(link: RelationLink, row: FilterNode, at: FilterPath): FilterNode {
    this.count(at);
    return someLinked(link, row, truthOnNullRow(row) === true);
  }

  /** Has no linked row (`empty`) or has one; `$not` turns one into the other. */
  private emptiness(link: RelationLink, empty: boolean, negated: boolean, at: FilterPath): FilterNode {
    this.count(at);
    const some = someLinked(link, ConstNode.TRUE, false);
    return empty !== negated ? notOf(some) : some;
  }

  /**
   * IS NULL / IS NOT NULL, negated by swapping the two: a `not` above a comparison keeps NULL
   * fields out (SQL's UNKNOWN), but `NOT (price IS NOT NULL)` is true exactly where price is NULL.
   */
  private nullTest(ref: FieldRef, isNull: boolean, negated: boolean, at: FilterPath): FilterNode {
    return this.compare(ref, { op: isNull !== negated ? 'null' : 'notNull' }, false, at);
  }

  private compare(ref: FieldRef, test: CompareTest, negated: boolean, at: FilterPath): FilterNode {
    this.count(at);
    const node = CompareNode.create(ref, test);
    return negated ? notOf(node) : node;
  }

  /** Joins parts by AND or OR, swapped under negation (De Morgan); nothing when no part tests anything. */
  private combine(kind: 'and' | 'or', negated: boolean, parts: readonly Built[]): Built {
    const nodes = parts.filter((p): p is FilterNode => p !== undefined);
    if (nodes.length === 0) return undefined;
    return (kind === 'and') !== negated ? allOf(nodes) : anyOf(nodes);
  }

  private items<T>(list: readonly unknown[], at: FilterPath, each: (item: unknown, at: FilterPath) => T): T[] {
    const out: T[] = [];
    for (let i = 0; i < list.length; i++) out.push(each(list[i], this.child(at, i)));
    return out;
  }

  private entries<T>(object: Readonly<Record<string, unknown>>, at: FilterPath, each: (key: string, value: unknown, at: FilterPath) => T): T[] {
    return Object.keys(object).map((key) => each(key, object[key], this.child(at, key)));
  }

  private child(at: FilterPath, segment: string | number): FilterPath {
    const next = at.child(segment);
    if (next.depth > this.limits.maxDepth) throw this.error(next, depthLimitMessage(this.limits.maxDepth));
    return next;
  }

  private count(at: FilterPath): void {
    if (++this.conditions > this.limits.maxConditions) throw this.error(at, conditionLimitMessage(this.limits.maxConditions));
  }

  /**
   * Whether an object holds nothing but empty objects, which Strapi sanitizes out before it would
   * reject their shape (`id: { $eq: {} }` matches all). Only asked where the shape is otherwise
   * an error, and the subtree is dropped either way, so the walk adds no more than linear work.
   */
  private isBlank(value: unknown, at: FilterPath): boolean {
    if (!isPlainObject(value)) return false;
    const pending = [{ object: value, depth: at.depth }];
    for (let next = pending.pop(); next; next = pending.pop()) {
      for (const inner of Object.values(next.object)) {
        if (inner === undefined) continue;
        if (!isPlainObject(inner)) return false;
        if (next.depth + 1 > this.limits.maxDepth) throw this.error(at, depthLimitMessage(this.limits.maxDepth));
        pending.push({ object: inner, depth: next.depth + 1 });
      }
    }
    return true;
  }

  /** An object where a value belongs: `stars[$eq][$gt]=3` names the inner operator. */
  private nestedObject(key: string, raw: Readonly<Record<string, unknown>>, at: FilterPath): ValidationError {
    const inner = Object.keys(raw).find((k) => raw[k] !== undefined) ?? '';
    return this.error(at.child(inner), OPERATOR_KEYS.has(inner) ? nestedOperatorMessage(inner, key) : objectOperandMessage(key));
  }

  private invalidKey(key: string, at: FilterPath): ValidationError {
    return this.error(at, invalidKeyMessage(key, at.depth > 1 ? at.segments().join('.') : undefined));
  }

  private error(at: FilterPath, message: string): ValidationError {
    return ValidationError.at(at.segments(), message, { key: at.key, source: 'query', param: at.param });
  }
}

const defined = (node: Built): FilterNode[] => (node === undefined ? [] : [node]);
