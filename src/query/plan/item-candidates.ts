import type { RowScope } from '../../store/layout.js';
import type { IndexBound } from '../../store/index-bounds.js';
import type { Store } from '../../store/store.js';
import { itemCountField } from '../../store/field-paths.js';
import { trigramsOf } from '../../store/index-keys.js';
import {
  FilterVisitor,
  type AndNode, type CompareNode, type ConstNode, type FilterNode, type ItemsNode, type NotNode, type OrNode, type RelationNode,
} from '../ir/index.js';
import { foldCase } from '../values/index.js';
import type { IndexReads } from '../exec/index-reads.js';
import { boundOf } from './bounds.js';
import type { AccessStrategy, Plan } from './plan.js';

const TEXT_TYPES: ReadonlySet<string> = new Set(['string', 'text', 'richtext', 'email', 'uid', 'enumeration']);

/** Rows an `items` node may hold on, read from the indexes of its items' fields. */
export interface Candidates {
  readonly plan: Plan;
  /** Estimated number of ids the plan yields. */
  readonly estimate: number;
  /** The plan yields exactly the rows the node holds on (rows of cut text rechecked by it), so no filter is needed. */
  readonly exact: boolean;
}

export interface CandidateScope {
  readonly type: string;
  readonly scopes: readonly RowScope[];
  readonly universe: number;
}

/**
 * The rows an `items` node (the `node` given) may select, from the multi-valued indexes of its
 * items' fields (`FieldLayout.multi`): a value's set holds the rows with some item of that value,
 * and, under NULL, the rows without items (the LEFT JOIN's row of NULLs). A comparison alone
 * reads its bound exactly; a conjunction intersects its parts' sets, which holds the rows whose
 * items pass each part, not always the same item, so the rows with several items are then
 * tested; a disjunction of exact parts is exact. A condition no index serves (a relation of the component, a negation of
 * a nested list) gives no candidates (undefined): every row is tested.
 */
export class ItemCandidates extends FilterVisitor<Candidates | undefined, string> {
  constructor(
    private readonly store: Store,
    private readonly reads: IndexReads,
    private readonly ctx: CandidateScope,
    private readonly node: ItemsNode,
    /** `index` scans an index's values wherever it can (the differential tests). */
    private readonly strategy: AccessStrategy,
  ) {
    super();
  }

  /** The candidates of the node this was made for. */
  find(): Candidates | undefined {
    return this.visit(this.node, '');
  }

  protected visitItems(node: ItemsNode, prefix: string): Candidates | undefined {
    return this.visit(node.child, `${prefix}${node.path}.`);
  }

  /** Only "has an item" stands under a list as `const true`: its items' ids are never NULL. */
  protected visitConst(node: ConstNode, prefix: string): Candidates | undefined {
    if (!node.value) return { plan: { op: 'none' }, estimate: 0, exact: true };
    return this.indexed(`${prefix}id`, { kind: 'range' }, true);
  }

  protected visitCompare(node: CompareNode, prefix: string): Candidates | undefined {
    const field = prefix + node.field.name;
    if (!this.store.rows.isItemIndexed(this.ctx.type, field)) return undefined;
    const bound = boundOf(node);
    if (bound) return this.indexed(field, bound, true);
    if (node.op === 'in') return this.union(node.value.map((value) => this.indexed(field, { kind: 'eq', value }, true)));
    const scan = this.scan(field, node);
    if (scan) return scan;
    if ((node.op === 'contains' || node.op === 'containsi' || node.op === 'endsWith' || node.op === 'endsWithi') && this.store.rows.hasGrams(this.ctx.type, field)) {
      const grams = [...trigramsOf(foldCase(node.value))];
      // An item holds each trigram, maybe not one item all of them: the rows are tested.
      if (grams.length > 0) return { plan: { op: 'grams', field, grams, verify: undefined }, estimate: this.ctx.universe / 10, exact: false };
    }
    return this.valued(field);
  }

  /** Only a comparison is negated under a list, and holds only on a value: some item has one. */
  protected visitNot(node: NotNode, prefix: string): Candidates | undefined {
    const { child } = node;
    if (child.kind !== 'compare') return undefined;
    const field = prefix + child.field.name;
    if (!this.store.rows.isItemIndexed(this.ctx.type, field)) return undefined;
    return this.scan(field, node) ?? this.valued(field);
  }

  protected visitAnd(node: AndNode, prefix: string): Candidates | undefined {
    const parts = this.each(node.children, prefix).filter((p): p is Candidates => p !== undefined).sort((a, b) => a.estimate - b.estimate);
    if (parts.length === 0) return undefined;
    const plan: Plan = parts.length === 1 ? parts[0]!.plan : { op: 'and', inputs: parts.map((p) => p.plan) };
    const estimate = parts[0]!.estimate;
    const count = itemCountField(this.node.path);
    if (parts.length < node.children.length || parts.some((p) => !p.exact) || this.parentNode !== this.node || !this.store.rows.isIndexed(this.ctx.type, count)) {
      return { plan, estimate, exact: false };
    }
    // Each part holds on some item: on the same one where a row has at most one (or none, tested
    // on its item of NULLs), so only the rows with several items are read.
    const several: Plan = { op: 'index', field: count, bound: { kind: 'range', lo: 2, loInclusive: true }, recheck: undefined };
    const read: Plan = { op: 'filter', input: { op: 'and', inputs: [several, plan] }, predicate: this.node };
    return { plan: { op: 'or', inputs: [{ op: 'minus', from: plan, remove: several }, read] }, estimate, exact: true };
  }

  protected visitOr(node: OrNode, prefix: string): Candidates | undefined {
    const parts = this.each(node.children, prefix);
    return parts.every((p) => p !== undefined) ? this.union(parts as Candidates[]) : undefined;
  }

  protected visitRelation(_node: RelationNode): Candidates | undefined {
    return undefined;
  }

  private each(children: readonly FilterNode[], prefix: string): (Candidates | undefined)[] {
    return children.map((c) => this.visit(c, prefix));
  }

  private union(parts: readonly Candidates[]): Candidates {
    if (parts.length === 1) return parts[0]!;
    const estimate = Math.min(this.ctx.universe, parts.reduce((n, p) => n + p.estimate, 0));
    return { plan: { op: 'or', inputs: parts.map((p) => p.plan) }, estimate, exact: parts.every((p) => p.exact) };
  }

  /**
   * A test no bound serves (a substring, a negation) on a text field with few values: each value
   * of the index tested once, instead of each row its trigrams or its having a value select.
   */
  private scan(field: string, test: CompareNode | NotNode): Candidates | undefined {
    const compare = test.kind === 'compare' ? test : test.child;
    if (compare.kind !== 'compare' || !TEXT_TYPES.has(compare.field.type)) return undefined;
    let values = 0;
    for (const scope of this.ctx.scopes) {
      const kept = this.store.rows.indexSets(this.ctx.type, field, scope);
      if (!kept) return undefined;
      values += kept.values.length;
    }
    const estimate = this.ctx.universe / 10;
    return values <= estimate || this.strategy === 'index' ? { plan: { op: 'values', field, test, recheck: this.node }, estimate, exact: true } : undefined;
  }

  /** The rows with some item that has a value: where any test but a NULL test can hold. */
  private valued(field: string): Candidates {
    return this.indexed(field, { kind: 'range' }, false);
  }

  private indexed(field: string, bound: IndexBound, exact: boolean): Candidates {
    const { type, scopes } = this.ctx;
    const estimate = scopes.reduce((n, scope) => n + this.reads.estimate(type, field, scope, bound), 0);
    return { plan: { op: 'index', field, bound, recheck: exact ? this.node : undefined }, estimate, exact };
  }
}
