import type { SchemaRegistry } from '../../schema/registry.js';
import type { RowScope } from '../../store/layout.js';
import type { Store } from '../../store/store.js';
import { fieldReader } from '../../store/field-paths.js';
import type { CompareNode, FilterNode, NotNode } from '../ir/index.js';
import { mayBeCut } from '../../store/index-keys.js';
import { indexedTextTest, matcherFor, not3, type Truth } from '../values/index.js';
import type { Plan } from '../plan/plan.js';
import { contains, disjointUnion, EMPTY, fromUnsorted, intersect, isEmpty, minus, sizeOf, toArray, union, type IdSet } from './idset.js';
import type { IndexReads } from './index-reads.js';
import { RowEvaluator } from './row-eval.js';

interface Scope {
  readonly type: string;
  readonly scopes: readonly RowScope[];
}

/**
 * Runs a plan to the ascending ids of the matching rows. Only ids move between steps; rows are
 * decoded only where a plan reads rows (filters, rechecks, trigram verification).
 */
export class Executor {
  private readonly rows: RowEvaluator;
  private readonly universes = new Map<string, IdSet>();

  constructor(
    registry: SchemaRegistry,
    private readonly store: Store,
    private readonly reads: IndexReads,
  ) {
    this.rows = new RowEvaluator(registry, store);
  }

  /**
   * The matching ids. The set may live in words the next list reuses (intersect's `scratch`):
   * count and page it before running another plan, and keep only what was copied out of it.
   */
  run(plan: Plan, type: string, scopes: readonly RowScope[]): IdSet {
    return this.exec(plan, { type, scopes }, true);
  }

  get rowEvaluator(): RowEvaluator {
    return this.rows;
  }

  private exec(plan: Plan, s: Scope, last = false): IdSet {
    switch (plan.op) {
      case 'all':
        return this.universe(s);
      case 'none':
        return EMPTY;
      case 'ids':
        return this.existing(plan.ids, s);
      case 'idRange':
        return idSlice(toArray(this.universe(s)), plan.low, plan.high);
      case 'index':
        return this.index(plan.field, plan, s);
      case 'grams':
        return this.grams(plan.field, plan.grams, plan.verify, s);
      case 'values':
        return this.values(plan, s);
      case 'filter': {
        const input = toArray(this.exec(plan.input, s));
        // Compiling the test costs more than no row does.
        if (input.length === 0) return EMPTY;
        const test = this.rows.test(plan.predicate, s.type, s.scopes.length === 1 ? s.scopes[0] : undefined);
        const out = new Uint32Array(input.length);
        let n = 0;
        for (let i = 0; i < input.length; i++) if (test(input[i]!) === true) out[n++] = input[i]!;
        return out.subarray(0, n);
      }
      case 'and': {
        let acc = this.exec(plan.inputs[0]!, s);
        const n = plan.inputs.length;
        for (let i = 1; i < n && !isEmpty(acc); i++) acc = intersect(acc, this.exec(plan.inputs[i]!, s), last && i === n - 1);
        return acc;
      }
      case 'or':
        return union(plan.inputs.map((p) => this.exec(p, s)));
      case 'minus':
        return minus(this.exec(plan.from, s), this.exec(plan.remove, s));
      case 'semiJoin': {
        const inner = toArray(this.exec(plan.inner, { type: plan.target, scopes: this.store.rows.scopes(plan.target) }));
        if (plan.partnerToOne) return this.withinScope(fromUnsorted(this.store.links.targetsOfEach(plan.partnerList, inner)), s);
        const lists = this.store.links.targetSets(plan.partnerList, inner);
        return this.withinScope(plan.disjoint ? disjointUnion(lists) : union(lists), s);
      }
      case 'linked':
        return this.withinScope(this.store.links.sourcesWithLinks(plan.list), s);
    }
  }

  private index(field: string, plan: Extract<Plan, { op: 'index' }>, s: Scope): IdSet {
    const sets: IdSet[] = [];
    for (const scope of s.scopes) {
      const read = this.reads.read(s.type, field, scope, plan.bound);
      sets.push(read.exact);
      if (sizeOf(read.inexact) > 0) sets.push(plan.recheck ? Uint32Array.from(this.verified(read.inexact, plan.recheck, s.type)) : read.inexact);
    }
    return union(sets);
  }

  /** The sets of a text index whose values pass the plan's test; sets of cut text are checked on their rows. */
  private values(plan: Extract<Plan, { op: 'values' }>, s: Scope): IdSet {
    const pass = valueTest(plan.test);
    const sets: IdSet[] = [];
    for (const scope of s.scopes) {
      for (const g of this.store.rows.indexGroups(s.type, plan.field, scope, { kind: 'range' })) {
        if (g.inexact) sets.push(Uint32Array.from(this.verified(g.ids, plan.recheck, s.type)));
        else if (pass(g.value) === true) sets.push(g.ids);
      }
    }
    return union(sets);
  }

  /** The listed ids that are rows in scope. */
  private existing(ids: readonly number[], s: Scope): IdSet {
    const universe = this.universe(s);
    return Uint32Array.from(ids.filter((id) => contains(universe, id)));
  }

  private grams(field: string, grams: readonly string[], verify: CompareNode | undefined, s: Scope): IdSet {
    const sets: IdSet[] = [];
    for (const scope of s.scopes) {
      let candidates: IdSet | undefined;
      // Rarest trigram first: every later intersection only shrinks the candidates.
      const bySize = grams.map((g) => this.store.rows.gramIds(s.type, field, scope, g)).sort((a, b) => a.length - b.length);
      for (const ids of bySize) {
        candidates = candidates ? intersect(candidates, ids) : ids;
        if (sizeOf(candidates) === 0) break;
      }
      if (verify === undefined) sets.push(candidates ?? EMPTY);
      else sets.push(Uint32Array.from(this.substringMatches(candidates ?? EMPTY, verify, scope, s.type)));
    }
    return union(sets);
  }

  /**
   * Trigram candidates that really hold the substring: tested on the field's in-memory index
   * (the folded one for the `i` operators) when it holds the whole text, else on the row.
   */
  private substringMatches(ids: IdSet, node: CompareNode, scope: RowScope, type: string): number[] {
    const text = indexedTextTest(node);
    const indexed = text && this.store.rows.indexedValues(type, node.field.name, scope, text.folded);
    if (!text || !indexed) return this.verified(ids, node, type);
    const match = matcherFor(node);
    const read = fieldReader(node.field.name);
    const { positions, values } = indexed;
    const test = text.test;
    const out: number[] = [];
    for (const id of toArray(ids)) {
      const value = id < positions.length && positions[id]! >= 0 ? values[positions[id]!] : undefined;
      const whole = typeof value === 'string' && !mayBeCut(value);
      if (whole) {
        if (test(value)) out.push(id);
        continue;
      }
      const row = this.rows.row(type, id);
      if (row && match(read(row) ?? null) === true) out.push(id);
    }
    return out;
  }

  /** The ids for which `node` holds, decided row by row. */
  private verified(ids: IdSet, node: FilterNode, type: string): number[] {
    const test = this.rows.test(node, type);
    const out: number[] = [];
    for (const id of toArray(ids)) if (test(id) === true) out.push(id);
    return out;
  }

  private universe(s: Scope): IdSet {
    const key = `${s.type}|${s.scopes.map((x) => `${x.status}${x.locale ?? ''}`).join(',')}`;
    let ids = this.universes.get(key);
    if (!ids) {
      ids = union(s.scopes.map((scope) => this.store.rows.ids(s.type, scope)));
      this.universes.set(key, ids);
    }
    return ids;
  }

  /** Links reach rows of every version and locale; keep those in the query's scopes. */
  private withinScope(ids: IdSet, s: Scope): IdSet {
    return coversScopes(this.store, s.type, s.scopes) ? ids : intersect(ids, this.universe(s));
  }
}

/** Whether `scopes` hold every row of `type`, so that links from its rows need no scope check. */
export function coversScopes(store: Store, type: string, scopes: readonly RowScope[]): boolean {
  return store.rows.scopes(type).every((a) => scopes.some((b) => b.status === a.status && b.locale === a.locale));
}

/** A comparison, or its negation, decided on a value. */
function valueTest(node: CompareNode | NotNode): (value: unknown) => Truth {
  if (node.kind === 'compare') return matcherFor(node);
  if (node.child.kind !== 'compare') throw new Error('Only a comparison is negated in a value test');
  const match = matcherFor(node.child);
  return (value) => not3(match(value));
}

/** The ids of an ascending list from `low` to `high`, both included, found by two binary searches. */
function idSlice(ids: Uint32Array, low: number, high: number): Uint32Array {
  const from = firstAtLeast(ids, low);
  return ids.subarray(from, Math.max(from, firstAtLeast(ids, high + 1)));
}

function firstAtLeast(ids: Uint32Array, value: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
