import type { SchemaRegistry } from '../../schema/registry.js';
import type { Row, RowScope } from '../../store/layout.js';
import type { Store } from '../../store/store.js';
import { FilterVisitor, type AndNode, type CompareNode, type ConstNode, type FilterNode, type NotNode, type OrNode, type RelationNode } from '../ir/index.js';
import { matcherFor, type Truth } from '../values/index.js';
import { rankTest } from './rank-test.js';

/** A filter decided for one row of a type, by its id (three-valued, as SQL). */
export type RowTest = (id: number) => Truth;

/** The rows a test is compiled for: one scope lets comparisons on indexed fields read the index instead of the row. */
interface Rows {
  readonly type: string;
  readonly scope: RowScope | undefined;
}

/**
 * Decides filters row by row: the path for conditions no index serves, for residual checks on
 * small candidate sets and for populate's filters. A filter is compiled once into closures (per
 * evaluator, which lives for one read); comparisons on indexed fields of a one-scope read are
 * decided from the index's ranks (`rank-test.ts`), others from the decoded row, and relations
 * through the row's own link set.
 */
export class RowEvaluator extends FilterVisitor<RowTest, Rows> {
  private readonly compiled = new WeakMap<FilterNode, Map<string, RowTest>>();

  constructor(
    private readonly registry: SchemaRegistry,
    private readonly store: Store,
  ) {
    super();
  }

  /** A row by id; the store keeps decoded rows, so reading one again costs a map lookup. */
  row(type: string, id: number): Row | undefined {
    return this.store.rows.get(type, id);
  }

  /** `filter` as a test of rows of `type`, all in `scope` when one is given. */
  test(filter: FilterNode, type: string, scope?: RowScope): RowTest {
    const key = scope === undefined ? type : `${type}|${scope.status}|${scope.locale ?? ''}`;
    let byRows = this.compiled.get(filter);
    if (!byRows) this.compiled.set(filter, (byRows = new Map()));
    let test = byRows.get(key);
    if (!test) byRows.set(key, (test = this.visit(filter, { type, scope })));
    return test;
  }

  protected visitConst(node: ConstNode): RowTest {
    const { value } = node;
    return () => value;
  }

  protected visitAnd(node: AndNode, rows: Rows): RowTest {
    return kleene(node.children.map((c) => this.visit(c, rows)), false);
  }

  protected visitOr(node: OrNode, rows: Rows): RowTest {
    return kleene(node.children.map((c) => this.visit(c, rows)), true);
  }

  protected visitNot(node: NotNode, rows: Rows): RowTest {
    const inner = this.visit(node.child, rows);
    return (id) => {
      const t = inner(id);
      return t === null ? null : !t;
    };
  }

  protected visitCompare(node: CompareNode, rows: Rows): RowTest {
    const match = matcherFor(node);
    const field = node.field.name;
    const { type } = rows;
    const byRow: RowTest = (id) => match(this.row(type, id)?.[field] ?? null);
    const byRank = rows.scope && rankTest(this.store, type, rows.scope, node);
    if (!byRank) return byRow;
    return (id) => {
      const t = byRank(id);
      return t === undefined ? byRow(id) : t;
    };
  }

  protected visitRelation(node: RelationNode, rows: Rows): RowTest {
    const attr = this.registry.require(node.source).attributes.get(node.attribute);
    if (attr?.kind !== 'relation') throw new Error(`${node.source}.${node.attribute} is not a relation`);
    const list = attr.listName;
    const { target, unlinked } = node;
    // Links reach every version and locale of their targets: no one scope to read an index of.
    const child = this.visit(node.child, { type: target, scope: undefined });
    return (id) => {
      const targets = this.store.links.targetSet(list, id);
      if (targets.length === 0) return unlinked;
      for (let i = 0; i < targets.length; i++) {
        const t = targets[i]!;
        if (this.row(target, t) && child(t) === true) return true;
      }
      return false;
    };
  }
}

/**
 * Kleene AND (`decisive` false) or OR (`decisive` true): one child with the decisive value decides;
 * otherwise one unknown makes the whole unknown.
 */
function kleene(tests: readonly RowTest[], decisive: boolean): RowTest {
  return (id) => {
    let result: Truth = !decisive;
    for (const test of tests) {
      const t = test(id);
      if (t === decisive) return decisive;
      if (t === null) result = null;
    }
    return result;
  };
}
