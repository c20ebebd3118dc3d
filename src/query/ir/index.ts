export { AndNode } from './and-node.js';
export { allOf, anyOf, notOf, someItem, someLinked } from './combine.js';
export {
  CompareNode, LIST_OPERATORS, NULL_OPERATORS, ORDER_OPERATORS, TEXT_OPERATORS,
  type CompareOperator, type CompareTest, type ListOperator, type NullOperator, type OrderOperator, type TextOperator,
} from './compare-node.js';
export { ConstNode } from './const-node.js';
export { ItemsNode, type ItemsPath } from './items-node.js';
export { FieldRef, type FieldType, type FilterNode, type FilterNodeKind, type ScalarValue } from './node.js';
export { NotNode } from './not-node.js';
export { OrNode } from './or-node.js';
export { printFilter } from './print.js';
export { RelationNode, type RelationLink } from './relation-node.js';
export { FilterVisitor } from './visitor.js';
