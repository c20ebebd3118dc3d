import type { FilterNode } from './node.js';

/** Every child holds. */
export interface AndNode {
  readonly kind: 'and';
  readonly children: readonly FilterNode[];
}

export const AndNode = Object.freeze({
  is: (node: FilterNode): node is AndNode => node.kind === 'and',
  create: (children: readonly FilterNode[]): AndNode => Object.freeze({ kind: 'and', children: Object.freeze([...children]) }),
});
