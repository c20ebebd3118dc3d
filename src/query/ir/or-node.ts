import type { FilterNode } from './node.js';

/** Some child holds. */
export interface OrNode {
  readonly kind: 'or';
  readonly children: readonly FilterNode[];
}

export const OrNode = Object.freeze({
  is: (node: FilterNode): node is OrNode => node.kind === 'or',
  create: (children: readonly FilterNode[]): OrNode => Object.freeze({ kind: 'or', children: Object.freeze([...children]) }),
});
