import type { AndNode } from './and-node.js';
import type { CompareNode } from './compare-node.js';
import type { ConstNode } from './const-node.js';
import type { ItemsNode } from './items-node.js';
import type { FieldRef, FilterNode, ScalarValue } from './node.js';
import type { NotNode } from './not-node.js';
import type { OrNode } from './or-node.js';
import type { RelationNode } from './relation-node.js';
import { FilterVisitor } from './visitor.js';

/**
 * One-line text of a filter for `?explain` and for tests, e.g.
 * `(stars >= 3 and exists categories(name containsi "thai"))`.
 */
export const printFilter = (node: FilterNode): string => new FilterPrinter().visit(node);

const SYMBOLS: Readonly<Record<string, string>> = { eq: '=', ne: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' };

class FilterPrinter extends FilterVisitor<string> {
  protected visitAnd(node: AndNode): string {
    return `(${node.children.map((c) => this.visit(c)).join(' and ')})`;
  }

  protected visitOr(node: OrNode): string {
    return `(${node.children.map((c) => this.visit(c)).join(' or ')})`;
  }

  protected visitNot(node: NotNode): string {
    return `not ${this.visit(node.child)}`;
  }

  protected visitConst(node: ConstNode): string {
    return String(node.value);
  }

  protected visitRelation(node: RelationNode): string {
    return this.exists(node.holder === undefined ? node.attribute : `${node.holder}.${node.attribute}`, node.child, node.unlinked);
  }

  protected visitItems(node: ItemsNode): string {
    return this.exists(`item of ${node.path}`, node.child, node.unlinked);
  }

  private exists(what: string, inner: FilterNode, unlinked: boolean): string {
    const child = inner.kind === 'const' && inner.value ? '' : `(${this.visit(inner)})`;
    return unlinked ? `(exists ${what}${child} or no ${what})` : `exists ${what}${child}`;
  }

  protected visitCompare(node: CompareNode): string {
    const { field } = node;
    switch (node.op) {
      case 'null':
        return `${field.name} is null`;
      case 'notNull':
        return `${field.name} is not null`;
      case 'in':
      case 'notIn':
        return `${field.name} ${node.op === 'in' ? 'in' : 'not in'} [${node.value.map((v) => literal(field, v)).join(', ')}]`;
      case 'between':
        return `${field.name} between ${literal(field, node.value[0])} and ${literal(field, node.value[1])}`;
      case 'eq':
      case 'ne':
      case 'lt':
      case 'lte':
      case 'gt':
      case 'gte':
        return `${field.name} ${SYMBOLS[node.op]} ${literal(field, node.value)}`;
      default:
        return `${field.name} ${node.op} ${JSON.stringify(node.value)}`;
    }
  }
}

/** Numbers, exact big integers and booleans bare; everything else quoted. */
const literal = (field: FieldRef, value: ScalarValue): string =>
  typeof value === 'string' && field.type !== 'biginteger' ? JSON.stringify(value) : String(value);
