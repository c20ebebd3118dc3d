import {
  FilterVisitor,
  type AndNode, type CompareNode, type ConstNode, type FilterNode, type ItemsNode, type NotNode, type OrNode, type RelationNode,
} from '../ir/index.js';
import { and3, not3, or3, testCompare, type Truth } from '../values/index.js';

/**
 * What a condition on a linked row says of the all-NULL row a LEFT JOIN pairs with a source that
 * has no linked row: `name is null` holds, `name = "x"` is UNKNOWN, and a relation of that row
 * links nothing (nor has it items), so it holds only where it would hold for a source without links.
 */
export const truthOnNullRow = (node: FilterNode): Truth => new NullRow().visit(node);

class NullRow extends FilterVisitor<Truth> {
  protected visitAnd(node: AndNode): Truth {
    return and3(node.children.map((c) => this.visit(c)));
  }

  protected visitOr(node: OrNode): Truth {
    return or3(node.children.map((c) => this.visit(c)));
  }

  protected visitNot(node: NotNode): Truth {
    return not3(this.visit(node.child));
  }

  protected visitConst(node: ConstNode): Truth {
    return node.value;
  }

  protected visitCompare(node: CompareNode): Truth {
    return testCompare(node, null);
  }

  protected visitRelation(node: RelationNode): Truth {
    return node.unlinked;
  }

  protected visitItems(node: ItemsNode): Truth {
    return node.unlinked;
  }
}
