import type { AndNode } from './and-node.js';
import type { CompareNode } from './compare-node.js';
import type { ConstNode } from './const-node.js';
import type { ItemsNode } from './items-node.js';
import type { FilterNode } from './node.js';
import type { NotNode } from './not-node.js';
import type { OrNode } from './or-node.js';
import type { RelationNode } from './relation-node.js';

/**
 * The one dispatcher over filter trees. Planning, explain output and the reference evaluator are
 * subclasses, so a new node kind is a compile error in every pass rather than a silent gap.
 * `C` is what a pass threads down (the evaluator's current row); `nodeStack` holds the path from
 * the root to the node being visited.
 */
export abstract class FilterVisitor<R, C = void> {
  protected readonly nodeStack: FilterNode[] = [];

  protected get parentNode(): FilterNode | undefined {
    return this.nodeStack[this.nodeStack.length - 2];
  }

  visit(node: FilterNode, context: C): R {
    this.nodeStack.push(node);
    try {
      switch (node.kind) {
        case 'and':
          return this.visitAnd(node, context);
        case 'or':
          return this.visitOr(node, context);
        case 'not':
          return this.visitNot(node, context);
        case 'const':
          return this.visitConst(node, context);
        case 'compare':
          return this.visitCompare(node, context);
        case 'relation':
          return this.visitRelation(node, context);
        case 'items':
          return this.visitItems(node, context);
      }
    } finally {
      this.nodeStack.pop();
    }
  }

  protected abstract visitAnd(node: AndNode, context: C): R;
  protected abstract visitOr(node: OrNode, context: C): R;
  protected abstract visitNot(node: NotNode, context: C): R;
  protected abstract visitConst(node: ConstNode, context: C): R;
  protected abstract visitCompare(node: CompareNode, context: C): R;
  protected abstract visitRelation(node: RelationNode, context: C): R;
  protected abstract visitItems(node: ItemsNode, context: C): R;
}
