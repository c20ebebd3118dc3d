import type { SchemaRegistry } from '../../schema/registry.js';
import type { Row } from '../../store/layout.js';
import type { Store } from '../../store/store.js';
import { FilterVisitor, type AndNode, type CompareNode, type ConstNode, type NotNode, type OrNode, type RelationNode } from '../ir/index.js';
import { and3, matcherFor, not3, or3, type Matcher, type Truth } from '../values/index.js';

/**
 * Decides a filter on one stored row (three-valued, as SQL): the path for conditions no index
 * serves and for residual checks on small candidate sets. Relations are followed through the
 * row's own link set.
 */
export class RowEvaluator extends FilterVisitor<Truth, Row> {
  private readonly matchers = new WeakMap<CompareNode, Matcher>();

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

  protected visitConst(node: ConstNode): Truth {
    return node.value;
  }

  protected visitAnd(node: AndNode, row: Row): Truth {
    return and3(lazy(node.children, (c) => this.visit(c, row)));
  }

  protected visitOr(node: OrNode, row: Row): Truth {
    return or3(lazy(node.children, (c) => this.visit(c, row)));
  }

  protected visitNot(node: NotNode, row: Row): Truth {
    return not3(this.visit(node.child, row));
  }

  protected visitCompare(node: CompareNode, row: Row): Truth {
    let m = this.matchers.get(node);
    if (!m) {
      m = matcherFor(node);
      this.matchers.set(node, m);
    }
    return m(row[node.field.name] ?? null);
  }

  protected visitRelation(node: RelationNode, row: Row): Truth {
    const attr = this.registry.require(node.source).attributes.get(node.attribute);
    if (attr?.kind !== 'relation') return false;
    for (const t of this.store.links.targetSet(attr.listName, row.id)) {
      const target = this.row(node.target, t);
      if (target && this.visit(node.child, target) === true) return true;
    }
    return false;
  }
}

function* lazy<T, R>(items: readonly T[], f: (t: T) => R): IterableIterator<R> {
  for (const item of items) yield f(item);
}
