import { ValidationError } from '../../errors/index.js';
import { isPlainObject } from '../../objects.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import type { ContentType } from '../../schema/types.js';
import {
  allOf, anyOf, CompareNode, ConstNode, FieldRef, notOf,
  type CompareTest, type FilterNode, type ListOperator, type OrderOperator, type ScalarValue, type TextOperator,
} from '../ir/index.js';
import { booleanLike, castOperand, operandText } from './cast.js';
import { resolveKey } from './fields.js';
import { componentJoin, relationJoin, type Counted, type Holder, type Join } from './joins.js';
import { DEFAULT_FILTER_LIMITS, type FilterLimits } from './limits.js';
import {
  BETWEEN_MESSAGE, conditionLimitMessage, depthLimitMessage, FILTER_OBJECT_MESSAGE, FILTERS_TYPE_MESSAGE,
  groupListMessage, invalidKeyMessage, JSON_OPERATOR_MESSAGE, listLimitMessage, misplacedOperatorMessage,
  nestedListMessage, nestedOperatorMessage, nullOperandMessage, objectOperandMessage, textOperandMessage,
} from './messages.js';
import { isTextOperator, OPERAND_OPERATORS, OPERATOR_KEYS } from './operators.js';
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
  /** What joins build, counted against the limit as it is built. */
  private readonly counted: Counted = {
    count: (at) => this.count(at),
    nullTest: (ref, isNull, negated, at) => this.nullTest(ref, isNull, negated, at),
  };

  constructor(
    private readonly registry: SchemaRegistry,
    private readonly limits: FilterLimits,
    private readonly root: FilterPath,
  ) {}

  build(ct: ContentType, raw: unknown): FilterNode {
    if (raw === undefined || raw === null) return ConstNode.TRUE;
    if (!isPlainObject(raw) && !Array.isArray(raw)) throw this.error(this.root, FILTERS_TYPE_MESSAGE);
    return this.group({ model: ct, prefix: '' }, raw, this.root, false) ?? ConstNode.TRUE;
  }

  /** A filter object, or a list of them, which is an AND group (as an item of `$and` / `$or`). */
  private group(h: Holder, raw: unknown, at: FilterPath, negated: boolean): Built {
    if (raw === undefined) return undefined;
    if (Array.isArray(raw)) return this.combine('and', negated, this.items(raw, at, (item, itemAt) => this.group(h, item, itemAt, negated)));
    if (!isPlainObject(raw)) throw this.error(at, FILTER_OBJECT_MESSAGE);
    return this.combine('and', negated, this.entries(raw, at, (key, value, keyAt) => this.treeKey(h, key, value, keyAt, negated)));
  }

  /** One key of a filter object: a group operator, or a field, relation or component of the holder. */
  private treeKey(h: Holder, key: string, value: unknown, at: FilterPath, negated: boolean): Built {
    switch (key) {
      case '$and':
      case '$or':
        return this.groupList(key, value, at, negated, (item, itemAt) => this.group(h, item, itemAt, negated));
      case '$not':
        return this.group(h, value, at, !negated);
    }
    if (OPERATOR_KEYS.has(key)) throw this.error(at, misplacedOperatorMessage(key));
    const resolved = resolveKey(h.model, key);
    switch (resolved.kind) {
      case 'invalid':
        throw this.invalidKey(key, at);
      case 'relation':
        return this.joined(relationJoin(this.registry, h, resolved.attribute, this.counted), value, at, negated);
      case 'component':
        return this.joined(componentJoin(this.registry, h, resolved.attribute, this.counted), value, at, negated);
      case 'field':
        return this.field(h.prefix === '' ? resolved.ref : FieldRef.create(h.prefix + resolved.ref.name, resolved.ref.type), value, at, negated);
    }
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
   * What stands under a relation or component key. Conditions on one joined row (its fields and
   * groups, and operators or values, which compare its `id`) share one existence test; `$null` /
   * `$notNull` (and `$eq: null` / `$ne: null`, and a bare `null`) test whether there is one
   * (docs/filters.md, Filters through relations).
   */
  private joined(join: Join, raw: unknown, at: FilterPath, negated: boolean): Built {
    if (raw === undefined) return undefined;
    if (raw === null) return join.emptiness(true, negated, at);
    const rows: Built[] = [];
    const outer: FilterNode[] = [];
    if (isPlainObject(raw)) this.joinedContent(join, raw, at, negated, rows, outer);
    else rows.push(this.field(join.id, raw, at, negated));
    return this.linked(join, rows, outer, negated, at);
  }

  private joinedContent(join: Join, raw: Readonly<Record<string, unknown>>, at: FilterPath, negated: boolean, rows: Built[], outer: FilterNode[]): void {
    for (const key of Object.keys(raw)) {
      const value = raw[key];
      const keyAt = this.child(at, key);
      if (key === '$null' || key === '$notNull') {
        if (value !== undefined) outer.push(join.emptiness((key === '$null') === booleanLike(value), negated, keyAt));
      } else if ((key === '$eq' || key === '$ne') && value === null) {
        outer.push(join.emptiness(key === '$eq', negated, keyAt));
      } else if (key === '$not') {
        this.joinedNot(join, value, keyAt, negated, rows, outer);
      } else if (OPERAND_OPERATORS.has(key)) {
        rows.push(this.fieldOperator(join.id, key, value, keyAt, negated));
      } else {
        rows.push(this.treeKey(join.inner, key, value, keyAt, negated));
      }
    }
  }

  /** `$not` directly under a join negates the condition on the joined row, which stays the siblings' row. */
  private joinedNot(join: Join, value: unknown, at: FilterPath, negated: boolean, rows: Built[], outer: FilterNode[]): void {
    if (!isPlainObject(value)) {
      rows.push(this.fieldOperator(join.id, '$not', value, at, negated));
      return;
    }
    const innerRows: Built[] = [];
    const innerOuter: FilterNode[] = [];
    this.joinedContent(join, value, at, !negated, innerRows, innerOuter);
    if (innerOuter.length === 0) rows.push(this.combine('and', !negated, innerRows));
    else outer.push(...defined(this.linked(join, innerRows, innerOuter, !negated, at)));
  }

  private linked(join: Join, rows: readonly Built[], outer: readonly FilterNode[], negated: boolean, at: FilterPath): Built {
    const row = this.combine('and', negated, rows);
    return this.combine('and', negated, [row === undefined ? undefined : join.exists(row, at), ...outer]);
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
