/**
 * The independent oracle: a plain in-memory interpreter of Strapi filter trees over the
 * generated data. It reads `query.filters` and `query.sort` (never `query.params`), so an
 * engine that agrees with it agrees with Strapi's semantics, not with another hand-written
 * translation.
 *
 * Semantics reproduced (docs/filters.md: Operators, Filters through relations, Sort):
 * - SQL three-valued logic: NULL never satisfies a comparison nor its negation.
 * - A relation key is a LEFT JOIN: the root matches when some combination of joined rows makes
 *   the tree true; a root without related rows is joined to one all-NULL row. Because every
 *   occurrence of a relation is its own join, this equals: push `$not` down to the leaves
 *   (De Morgan holds in three-valued logic), then read every relation, at any polarity, as
 *   "exists a related row". Hence `$not` over a deep condition = "has a related row for which
 *   the inner condition is false".
 * - `$containsi` folds case with toLowerCase() on both sides; the needle is literal.
 * - Strings compare in code-point order.
 */
import { type FilterScalar, type FilterTree, type FilterValue, isFilterTree } from './filters.js';
import type { BenchQuery } from './queries.js';
import { type Dataset, idOf, type Restaurant } from './types.js';

export interface Answer {
  total: number;
  ids: number[];
}

type Kind = 'restaurant' | 'chef' | 'category';

/** Kleene truth values ordered so that AND = min, OR = max, NOT = 2 - x. */
const F = 0;
const U = 1;
const T = 2;
type Truth = typeof F | typeof U | typeof T;
const not = (t: Truth): Truth => (2 - t) as Truth;

interface RelationDef {
  readonly target: Kind;
  related(index: number): readonly number[];
}

export class Oracle {
  private readonly restaurants: readonly Restaurant[];
  private readonly relations: Record<Kind, Record<string, RelationDef>>;
  private readonly counts: Record<Kind, number>;
  /** Per relation sub-tree and polarity: truth for each target entity (-1 = not computed). */
  private readonly memo = new Map<FilterTree, [Int8Array | undefined, Int8Array | undefined]>();

  constructor(private readonly data: Dataset) {
    this.restaurants = [...data.restaurants()];
    const byChef: number[][] = data.chefs.map(() => []);
    const byCategory: number[][] = data.categories.map(() => []);
    this.restaurants.forEach((r, i) => {
      if (r.chef !== null) byChef[r.chef]?.push(i);
      for (const c of r.categories) byCategory[c]?.push(i);
    });
    const none: readonly number[] = [];
    this.relations = {
      restaurant: {
        chef: { target: 'chef', related: (i) => { const c = this.restaurantAt(i).chef; return c === null ? none : [c]; } },
        categories: { target: 'category', related: (i) => this.restaurantAt(i).categories },
      },
      chef: { restaurants: { target: 'restaurant', related: (i) => byChef[i] ?? none } },
      category: { restaurants: { target: 'restaurant', related: (i) => byCategory[i] ?? none } },
    };
    this.counts = { restaurant: data.size, chef: data.chefs.length, category: data.categories.length };
  }

  answer(query: BenchQuery): Answer {
    const matches: number[] = [];
    for (let i = 0; i < this.restaurants.length; i++) {
      if (this.evalTree('restaurant', i, query.filters, false) === T) matches.push(i);
    }
    const comparators = query.sort.map((term) => this.sortComparator(term));
    matches.sort((a, b) => {
      for (const compare of comparators) {
        const c = compare(a, b);
        if (c !== 0) return c;
      }
      return a - b;
    });
    const { page, pageSize } = query.pagination;
    return { total: matches.length, ids: matches.slice((page - 1) * pageSize, page * pageSize).map(idOf) };
  }

  private restaurantAt(index: number): Restaurant {
    const r = this.restaurants[index];
    if (r === undefined) throw new RangeError(`no restaurant at index ${index}`);
    return r;
  }

  /** `index` null is the all-NULL row a LEFT JOIN yields when nothing is related. */
  private evalTree(kind: Kind, index: number | null, tree: FilterTree, negated: boolean): Truth {
    // Siblings are ANDed; under a negation De Morgan turns that into OR.
    let acc: Truth = negated ? F : T;
    for (const [key, value] of Object.entries(tree)) {
      const t = this.evalKey(kind, index, key, value, negated);
      acc = negated ? (Math.max(acc, t) as Truth) : (Math.min(acc, t) as Truth);
    }
    return acc;
  }

  private evalKey(kind: Kind, index: number | null, key: string, value: FilterValue, negated: boolean): Truth {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value)) throw new TypeError(`${key} must be an array`);
      const items: readonly FilterValue[] = value;
      const conjunction = (key === '$and') !== negated;
      let acc: Truth = conjunction ? T : F;
      for (const item of items) {
        const t = this.evalTree(kind, index, asGroup(item), negated);
        acc = conjunction ? (Math.min(acc, t) as Truth) : (Math.max(acc, t) as Truth);
      }
      return acc;
    }
    if (key === '$not') return this.evalTree(kind, index, asTree(value, key), !negated);
    const relation = this.relations[kind][key];
    if (relation !== undefined) return this.evalRelation(relation, index, asTree(value, key), negated);
    return evalField(this.field(kind, index, key), value, negated);
  }

  private evalRelation(relation: RelationDef, index: number | null, sub: FilterTree, negated: boolean): Truth {
    const related = index === null ? [] : relation.related(index);
    if (related.length === 0) return this.evalTree(relation.target, null, sub, negated);
    let best: Truth = F;
    for (const target of related) {
      best = Math.max(best, this.memoTree(relation.target, target, sub, negated)) as Truth;
      if (best === T) break;
    }
    return best;
  }

  /** Deep trees revisit the same targets (a chef for each of its restaurants): compute each once. */
  private memoTree(kind: Kind, index: number, tree: FilterTree, negated: boolean): Truth {
    let slots = this.memo.get(tree);
    if (slots === undefined) this.memo.set(tree, (slots = [undefined, undefined]));
    const slot = negated ? 1 : 0;
    let cache = slots[slot];
    if (cache === undefined) cache = slots[slot] = new Int8Array(this.counts[kind]).fill(-1);
    const cached = cache[index] ?? -1;
    if (cached >= 0) return cached as Truth;
    const t = this.evalTree(kind, index, tree, negated);
    cache[index] = t;
    return t;
  }

  private field(kind: Kind, index: number | null, key: string): FilterScalar {
    if (index === null) return null;
    if (key === 'id') return idOf(index);
    const row: object | undefined = kind === 'restaurant' ? this.restaurants[index] : kind === 'chef' ? this.data.chefs[index] : this.data.categories[index];
    if (row === undefined) throw new RangeError(`no ${kind} at index ${index}`);
    if (!(key in row) || key === 'chef' || key === 'categories') throw new TypeError(`${kind} has no scalar field ${key}`);
    return (row as Record<string, FilterScalar>)[key] ?? null;
  }

  private sortComparator(term: string): (a: number, b: number) => number {
    const [field = '', order = 'asc'] = term.split(':');
    const sign = order.toLowerCase() === 'desc' ? -1 : 1;
    return (a, b) => sign * compareNullsFirst(this.field('restaurant', a, field), this.field('restaurant', b, field));
  }
}

function asTree(value: FilterValue, key: string): FilterTree {
  if (!isFilterTree(value)) throw new TypeError(`${key} expects a filter object`);
  return value;
}

/** An array inside `$and`/`$or` is an AND group of its items (docs/filters.md, Lists and groups). */
function asGroup(item: FilterValue): FilterTree {
  return Array.isArray(item) ? { $and: item } : asTree(item, 'group item');
}

function evalField(actual: FilterScalar, condition: FilterValue, negated: boolean): Truth {
  if (!isFilterTree(condition)) {
    const implicit = Array.isArray(condition) ? '$in' : '$eq';
    return evalOperator(actual, implicit, condition, negated);
  }
  let acc: Truth = negated ? F : T;
  for (const [op, operand] of Object.entries(condition)) {
    const t = evalOperator(actual, op, operand, negated);
    acc = negated ? (Math.max(acc, t) as Truth) : (Math.min(acc, t) as Truth);
  }
  return acc;
}

function evalOperator(actual: FilterScalar, op: string, operand: FilterValue, negated: boolean): Truth {
  if (op === '$not') return evalField(actual, operand, !negated);
  const t = leaf(actual, op, operand);
  return negated ? not(t) : t;
}

function leaf(actual: FilterScalar, op: string, operand: FilterValue): Truth {
  switch (op) {
    case '$null':
      return (actual === null) === truthy(operand) ? T : F;
    case '$notNull':
      return (actual !== null) === truthy(operand) ? T : F;
    case '$eq':
      if (operand === null) return actual === null ? T : F;
      return actual === null ? U : compare(actual, scalar(operand)) === 0 ? T : F;
    case '$ne':
      if (operand === null) return actual !== null ? T : F;
      return actual === null ? U : compare(actual, scalar(operand)) !== 0 ? T : F;
    case '$lt': return ordered(actual, operand, (c) => c < 0);
    case '$lte': return ordered(actual, operand, (c) => c <= 0);
    case '$gt': return ordered(actual, operand, (c) => c > 0);
    case '$gte': return ordered(actual, operand, (c) => c >= 0);
    case '$in':
    case '$notIn': {
      if (actual === null) return U;
      const list = Array.isArray(operand) ? operand.map(scalar) : [scalar(operand)];
      const found = list.some((v) => v !== null && compare(actual, v) === 0);
      // `x IN (…, NULL)` is unknown, not false, when x is not found.
      const missing: Truth = list.includes(null) ? U : F;
      return op === '$in' ? (found ? T : missing) : found ? F : not(missing);
    }
    case '$between': {
      if (!Array.isArray(operand) || operand.length !== 2) throw new TypeError('$between expects [low, high]');
      const [low, high] = operand.map(scalar);
      if (actual === null || low === null || low === undefined || high === null || high === undefined) return U;
      return compare(actual, low) >= 0 && compare(actual, high) <= 0 ? T : F;
    }
    case '$contains':
      return actual === null ? U : String(actual).includes(String(scalar(operand))) ? T : F;
    case '$containsi':
      return actual === null ? U : String(actual).toLowerCase().includes(String(scalar(operand)).toLowerCase()) ? T : F;
    default:
      throw new TypeError(`oracle does not implement ${op}`);
  }
}

function ordered(actual: FilterScalar, operand: FilterValue, accept: (c: number) => boolean): Truth {
  const bound = scalar(operand);
  if (actual === null || bound === null) return U;
  return accept(compare(actual, bound)) ? T : F;
}

function scalar(value: FilterValue): FilterScalar {
  if (typeof value === 'object' && value !== null) throw new TypeError('expected a scalar operand');
  return value;
}

function truthy(value: FilterValue): boolean {
  if (typeof value !== 'boolean') throw new TypeError('the oracle takes booleans for $null/$notNull');
  return value;
}

/** The generated data and the queries are typed alike, so a type mismatch is a bug, not a cast. */
function compare(a: Exclude<FilterScalar, null>, b: FilterScalar): number {
  if (b === null || typeof a !== typeof b) throw new TypeError(`cannot compare ${typeof a} with ${b === null ? 'null' : typeof b}`);
  if (typeof a === 'string') return compareCodePoints(a, b as string);
  return Number(a) - Number(b);
}

function compareNullsFirst(a: FilterScalar, b: FilterScalar): number {
  // SQLite's order (NULL first when ascending); none of the sorted queries keep a NULL.
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  return compare(a, b);
}

/** UTF-16 `<` misorders astral characters against U+E000–U+FFFF; compare code points. */
export function compareCodePoints(a: string, b: string): number {
  const x = a[Symbol.iterator]();
  const y = b[Symbol.iterator]();
  for (;;) {
    const p = x.next();
    const q = y.next();
    if (p.done === true || q.done === true) return (p.done === true ? 0 : 1) - (q.done === true ? 0 : 1);
    const d = (p.value.codePointAt(0) ?? 0) - (q.value.codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
}

/** Expected answers of all `queries` over `data`. */
export function expectedAnswers(data: Dataset, queries: readonly BenchQuery[]): Map<BenchQuery, Answer> {
  const oracle = new Oracle(data);
  return new Map(queries.map((q) => [q, oracle.answer(q)]));
}
