import type { SchemaRegistry } from '../../schema/registry.js';
import type { RelationAttribute } from '../../schema/types.js';
import type { RowScope } from '../../store/layout.js';
import type { IndexBound } from '../../store/index-bounds.js';
import type { Store } from '../../store/store.js';
import { trigramsOf } from '../../store/index-keys.js';
import {
  allOf, CompareNode, FilterVisitor, type AndNode, type ConstNode, type FilterNode, type ItemsNode, type NotNode, type OrNode, type RelationNode,
} from '../ir/index.js';
import { foldCase } from '../values/index.js';
import { CostWalker, NO_WORK } from '../exec/cost.js';
import type { IndexReads } from '../exec/index-reads.js';
import { sortKeys } from '../exec/order.js';
import type { SortSpec } from '../params/types.js';
import { boundOf, positiveOf } from './bounds.js';
import { ItemCandidates } from './item-candidates.js';
import type { AccessStrategy, ListPlan, Plan } from './plan.js';

interface Planned {
  readonly plan: Plan;
  /** Estimated number of ids the plan yields. */
  readonly estimate: number;
  readonly node: FilterNode;
}

interface PlanContext {
  readonly type: string;
  readonly scopes: readonly RowScope[];
  readonly universe: number;
}

/**
 * Turns a validated filter tree into a plan: per condition the cheapest access path by estimated
 * cardinality (index sets, trigram sets, reading rows, or a semi-join through a relation's
 * partner lists), conjunctions driven by their most selective member, the others read as sets
 * or checked row by row, whichever the cost model prices lower.
 */
export class Planner extends FilterVisitor<Planned, PlanContext> {
  private walker: CostWalker | undefined;

  constructor(
    private readonly registry: SchemaRegistry,
    private readonly store: Store,
    private readonly reads: IndexReads,
    private readonly strategy: AccessStrategy = 'auto',
  ) {
    super();
  }

  /** The plan of a list: its filter's plan, and whether the page can be read in index order. */
  listPlan(type: string, scopes: readonly RowScope[], filter: FilterNode, sort: readonly SortSpec[]): ListPlan {
    const where = this.planFor(type, scopes, filter);
    // Later keys only order the runs of equal values of the first, which the index walk reaches in
    // order. A folded twin (`$eqi`) is in folded order, not the field's: `CAFÉ` and `Café` tie there.
    const [spec] = sortKeys(sort);
    const inIndexOrder = spec !== undefined && spec.path.length === 1 && spec.path[0] !== 'id' && scopes.length === 1
      && where.op === 'index' && where.field === spec.path[0] && where.bound.kind !== 'null' && !where.bound.folded
      && this.store.rows.isIndexed(type, where.field);
    return { where, order: inIndexOrder ? 'index' : 'sort' };
  }

  planFor(type: string, scopes: readonly RowScope[], filter: FilterNode): Plan {
    if (this.strategy === 'scan') return filter.kind === 'const' ? constPlan(filter.value) : { op: 'filter', input: { op: 'all' }, predicate: filter };
    return this.visit(filter, { type, scopes, universe: this.universe(type, scopes) }).plan;
  }

  protected visitConst(node: ConstNode, ctx: PlanContext): Planned {
    return { plan: constPlan(node.value), estimate: node.value ? ctx.universe : 0, node };
  }

  protected visitOr(node: OrNode, ctx: PlanContext): Planned {
    const parts = node.children.map((c) => this.visit(c, ctx));
    return { plan: { op: 'or', inputs: parts.map((p) => p.plan) }, estimate: Math.min(ctx.universe, sum(parts)), node };
  }

  protected visitAnd(node: AndNode, ctx: PlanContext): Planned {
    const parts = node.children.map((c) => this.visit(c, ctx)).sort((a, b) => a.estimate - b.estimate);
    const driver = parts[0]!;
    // Each other condition is checked on the driver's candidates one by one where that costs less
    // than reading it as a set and intersecting (exec/cost.ts prices both as the executor runs them).
    const residual = this.strategy === 'auto'
      ? parts.filter((p, i) => i > 0 && this.costs.cheaperRowByRow(p.node, p.plan, p.estimate, ctx, driver.estimate))
      : [];
    const inputs = parts.filter((p) => !residual.includes(p)).map((p) => p.plan);
    const joined: Plan = inputs.length === 1 ? inputs[0]! : { op: 'and', inputs };
    const plan: Plan = residual.length === 0 ? joined : { op: 'filter', input: joined, predicate: allOf(residual.map((p) => p.node)) };
    return { plan, estimate: driver.estimate, node };
  }

  protected visitNot(node: NotNode, ctx: PlanContext): Planned {
    const inner = this.visit(node.child, ctx);
    // Only comparisons and "has a linked row" are ever negated (the builder guarantees it): a
    // comparison's FALSE rows are those where the field is not NULL and the comparison fails.
    const from: Plan = node.child.kind === 'compare' && this.indexable(ctx, node.child.field.name)
      ? { op: 'index', field: node.child.field.name, bound: { kind: 'range' }, recheck: undefined }
      : node.child.kind === 'compare' ? { op: 'filter', input: { op: 'all' }, predicate: notNullOf(node.child) } : { op: 'all' };
    return { plan: { op: 'minus', from, remove: inner.plan }, estimate: Math.max(ctx.universe - inner.estimate, 0), node };
  }

  protected visitRelation(node: RelationNode, ctx: PlanContext): Planned {
    // A component's links go from its id, not the row's: rows are tested one by one.
    if (this.strategy === 'probe' || node.holder !== undefined) return this.rowByRow(node, ctx);
    const attr = this.attribute(node);
    if (node.child.kind === 'const' && node.child.value) {
      return { plan: { op: 'linked', list: attr.listName }, estimate: ctx.universe / 2, node };
    }
    const linked = this.semiJoin(node, attr, ctx);
    if (!node.unlinked) return linked;
    // The sources without links join the all-NULL row, which satisfies the child (the builder says so).
    const unlinked: Plan = { op: 'minus', from: { op: 'all' }, remove: { op: 'linked', list: attr.listName } };
    return { plan: { op: 'or', inputs: [linked.plan, unlinked] }, estimate: Math.min(ctx.universe, linked.estimate + ctx.universe / 2), node };
  }

  private semiJoin(node: RelationNode, attr: RelationAttribute, ctx: PlanContext): Planned {
    const targetScopes = this.store.rows.scopes(node.target);
    const inner = this.visit(node.child, { type: node.target, scopes: targetScopes, universe: this.universe(node.target, targetScopes) });
    const targets = Math.max(1, this.universe(node.target, targetScopes));
    const fanout = attr.targetHasMany ? Math.max(1, ctx.universe / targets) : 1;
    // A to-one source row links to one target row at most, except to several versions or locales
    // of one target document (relations/link-writer.ts keeps those). Decided by the schema, not by
    // the scopes rows are in now: a plan outlives writes (documents/read.ts), and must stay right.
    const target = this.registry.require(node.target);
    const oneRowPerDocument = !target.draftAndPublish && !target.localized;
    return {
      plan: {
        op: 'semiJoin',
        target: node.target,
        partnerList: attr.partnerListName,
        disjoint: !attr.toMany && oneRowPerDocument,
        partnerToOne: !attr.targetHasMany,
        inner: inner.plan,
      },
      estimate: Math.min(ctx.universe, inner.estimate * fanout),
      node,
    };
  }

  /** The rows the indexes of the items' fields give, tested one by one unless the index reads the condition exactly. */
  protected visitItems(node: ItemsNode, ctx: PlanContext): Planned {
    if (this.strategy === 'probe') return this.rowByRow(node, ctx);
    const found = new ItemCandidates(this.store, this.reads, ctx, node, this.strategy).find();
    if (!found) return this.rowByRow(node, ctx);
    const plan: Plan = found.exact ? found.plan : { op: 'filter', input: found.plan, predicate: node };
    return { plan, estimate: found.estimate, node };
  }

  protected visitCompare(node: CompareNode, ctx: PlanContext): Planned {
    const name = node.field.name;
    if (this.strategy === 'probe') return this.rowByRow(node, ctx);
    if (name === 'id' && (node.op === 'eq' || node.op === 'in')) {
      const ids = [...new Set(node.op === 'eq' ? [node.value as number] : (node.value as number[]))].sort((a, b) => a - b);
      return { plan: { op: 'ids', ids }, estimate: ids.length, node };
    }
    const idRange = name === 'id' ? idRangeOf(boundOf(node)) : undefined;
    if (idRange) return { plan: idRange, estimate: Math.min(ctx.universe, Math.max(0, idRange.high - idRange.low + 1)), node };
    if (!this.indexable(ctx, name)) return this.rowByRow(node, ctx);
    const positive = positiveOf(node);
    if (positive) return this.complement(node, positive, ctx);
    const bound = boundOf(node);
    if (bound) return this.indexed(node, ctx, bound);
    if (node.op === 'in') {
      const parts = node.value.map((value) => this.indexed(node, ctx, { kind: 'eq', value }));
      return { plan: parts.length === 0 ? { op: 'none' } : { op: 'or', inputs: parts.map((p) => p.plan) }, estimate: sum(parts), node };
    }
    if ((node.op === 'contains' || node.op === 'containsi' || node.op === 'endsWith' || node.op === 'endsWithi') && this.store.rows.hasGrams(ctx.type, name)) {
      const grams = [...trigramsOf(foldCase(node.value))];
      if (grams.length > 0) return { plan: { op: 'grams', field: name, grams, verify: node }, estimate: ctx.universe / 10, node };
    }
    return this.rowByRow(node, ctx);
  }

  /**
   * `$ne`, `$nei`, `$notIn` on an indexed field: the rows with a value (SQL: a NULL field
   * satisfies neither a test nor its negation) minus those the positive test selects, both
   * read from the index.
   */
  private complement(node: CompareNode, positive: CompareNode, ctx: PlanContext): Planned {
    const match = this.visitCompare(positive, ctx);
    if (match.plan.op === 'filter') return this.rowByRow(node, ctx);
    const from: Plan = { op: 'index', field: node.field.name, bound: { kind: 'range' }, recheck: undefined };
    return { plan: { op: 'minus', from, remove: match.plan }, estimate: Math.max(ctx.universe - match.estimate, 0), node };
  }

  private indexed(node: CompareNode, ctx: PlanContext, bound: IndexBound): Planned {
    const estimate = ctx.scopes.reduce((n, scope) => n + this.reads.estimate(ctx.type, node.field.name, scope, bound), 0);
    return { plan: { op: 'index', field: node.field.name, bound, recheck: node }, estimate, node };
  }

  private rowByRow(node: FilterNode, ctx: PlanContext): Planned {
    return { plan: { op: 'filter', input: { op: 'all' }, predicate: node }, estimate: ctx.universe / 2, node };
  }

  /** `id` is the row id itself and has no index; every other filterable field does. */
  private indexable(ctx: PlanContext, field: string): boolean {
    return field !== 'id' && this.store.rows.isIndexed(ctx.type, field);
  }

  /** The cost model, made when a conjunction first needs it. */
  private get costs(): CostWalker {
    return (this.walker ??= new CostWalker(this.registry, this.store, this.reads, { ...NO_WORK }));
  }

  private universe(type: string, scopes: readonly RowScope[]): number {
    return scopes.reduce((n, s) => n + this.store.rows.count(type, s), 0);
  }

  private attribute(node: RelationNode): RelationAttribute {
    const attr = this.registry.model(node.source).attributes.get(node.attribute);
    if (attr?.kind !== 'relation') throw new Error(`${node.source}.${node.attribute} is not a relation`);
    return attr;
  }
}

const constPlan = (value: boolean): Plan => (value ? { op: 'all' } : { op: 'none' });

const sum = (parts: readonly Planned[]) => parts.reduce((n, p) => n + p.estimate, 0);

const notNullOf = (node: CompareNode): FilterNode => CompareNode.create(node.field, { op: 'notNull' });

/**
 * An `id` range (`$gt`, `$lte`, `$between`, ...) as the whole ids it holds: rows are kept in id
 * order, so it is a slice of the rows in scope rather than a test of each (keyset pages, `id > last`).
 */
function idRangeOf(bound: IndexBound | undefined): Extract<Plan, { op: 'idRange' }> | undefined {
  if (bound?.kind !== 'range' || (bound.lo === undefined && bound.hi === undefined)) return undefined;
  const low = bound.lo === undefined ? 1 : firstWhole(Number(bound.lo), bound.loInclusive === true);
  const high = bound.hi === undefined ? MAX_ROW_ID : -firstWhole(-Number(bound.hi), bound.hiInclusive === true);
  if (!Number.isFinite(low) || !Number.isFinite(high)) return undefined;
  return { op: 'idRange', low: Math.max(1, low), high: Math.min(MAX_ROW_ID, high) };
}

/** The least whole number above `value`, or at it when `inclusive`. */
function firstWhole(value: number, inclusive: boolean): number {
  return Number.isInteger(value) && !inclusive ? value + 1 : Math.ceil(value);
}

/** Row ids are unsigned 32-bit (the rows' keys). */
const MAX_ROW_ID = 0xffffffff;
