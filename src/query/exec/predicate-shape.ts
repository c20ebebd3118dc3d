import {
  FilterVisitor, type AndNode, type CompareNode, type ConstNode, type FilterNode, type ItemsNode, type NotNode, type OrNode, type RelationNode,
} from '../ir/index.js';

/** What a row predicate does for each row it checks, as the cost model (cost.ts) prices it. */
export interface PredicateShape {
  /** Relation nodes: each reads links for every row checked. */
  readonly relations: number;
  /** Text searches, which fold and scan a whole value. */
  readonly searches: number;
  /** Comparisons of the row itself that read it, and those its index's ranks decide. */
  readonly rowTests: number;
  readonly rankTests: number;
}

const NO_WORK: PredicateShape = { relations: 0, searches: 0, rowTests: 0, rankTests: 0 };

/** The work a row predicate does per row checked; `byRank`: whether a comparison of the row itself is decided by rank. */
export function predicateShape(node: FilterNode, byRank: (c: CompareNode) => boolean): PredicateShape {
  return new ShapeOf().visit(node, byRank);
}

type ByRank = (c: CompareNode) => boolean;

class ShapeOf extends FilterVisitor<PredicateShape, ByRank> {
  protected visitAnd(node: AndNode, byRank: ByRank): PredicateShape {
    return node.children.map((c) => this.visit(c, byRank)).reduce(addShapes, NO_WORK);
  }

  protected visitOr(node: OrNode, byRank: ByRank): PredicateShape {
    return node.children.map((c) => this.visit(c, byRank)).reduce(addShapes, NO_WORK);
  }

  protected visitNot(node: NotNode, byRank: ByRank): PredicateShape {
    return this.visit(node.child, byRank);
  }

  protected visitConst(_node: ConstNode): PredicateShape {
    return NO_WORK;
  }

  protected visitRelation(node: RelationNode): PredicateShape {
    // Linked rows span every scope: their comparisons read them, counted with the relation.
    const inner = this.visit(node.child, () => false);
    return { ...NO_WORK, relations: 1 + inner.relations, searches: inner.searches };
  }

  protected visitItems(node: ItemsNode): PredicateShape {
    // The items are read from the row, their fields compared in memory: one row read, as a comparison of the row.
    const inner = this.visit(node.child, () => false);
    return { ...NO_WORK, rowTests: 1, relations: inner.relations, searches: inner.searches };
  }

  protected visitCompare(node: CompareNode, byRank: ByRank): PredicateShape {
    if (byRank(node)) return { ...NO_WORK, rankTests: 1 };
    return { ...NO_WORK, searches: TEXT_SEARCHES.has(node.op) ? 1 : 0, rowTests: 1 };
  }
}

const addShapes = (a: PredicateShape, b: PredicateShape): PredicateShape => ({
  relations: a.relations + b.relations, searches: a.searches + b.searches, rowTests: a.rowTests + b.rowTests, rankTests: a.rankTests + b.rankTests,
});

/** Operators that scan a text value rather than compare it. */
const TEXT_SEARCHES: ReadonlySet<string> = new Set(['contains', 'containsi', 'notContains', 'notContainsi', 'endsWith', 'endsWithi']);
