import type { SchemaRegistry } from '../../schema/registry.js';
import type { Row } from '../../store/layout.js';
import type { Store } from '../../store/store.js';
import { FilterVisitor, type AndNode, type CompareNode, type ConstNode, type NotNode, type OrNode, type RelationNode } from '../ir/index.js';
import { and3, matcherFor, not3, or3, type Truth } from '../values/index.js';

/**
 * Decides a filter on one stored row (three-valued, as SQL): the path for conditions no index
 * serves and for residual checks on small candidate sets. Relations are followed through the
 * row's own link set.
 */
export class RowEvaluator extends FilterVisitor<Truth, Row> {
  /** The link list each relation node walks, resolved once rather than for every row tested. */
  private readonly lists = new WeakMap<RelationNode, string>();

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
    // matcherFor prepares each node's test once and keeps it.
    return matcherFor(node)(row[node.field.name] ?? null);
  }

  protected visitRelation(node: RelationNode, row: Row): Truth {
    let list = this.lists.get(node);
    if (list === undefined) {
      const attr = this.registry.require(node.source).attributes.get(node.attribute);
      if (attr?.kind !== 'relation') throw new Error(`${node.source}.${node.attribute} is not a relation`);
      this.lists.set(node, (list = attr.listName));
    }
    const targets = this.store.links.targetSet(list, row.id);
    if (targets.length === 0) return node.unlinked;
    for (const t of targets) {
      const target = this.row(node.target, t);
      if (target && this.visit(node.child, target) === true) return true;
    }
    return false;
  }
}

function* lazy<T, R>(items: readonly T[], f: (t: T) => R): IterableIterator<R> {
  for (const item of items) yield f(item);
}
