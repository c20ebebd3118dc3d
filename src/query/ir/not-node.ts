import type { FilterNode } from './node.js';

/** The child does not hold; UNKNOWN stays UNKNOWN, so `not` of a comparison never selects a NULL field. */
export interface NotNode {
  readonly kind: 'not';
  readonly child: FilterNode;
}

export const NotNode = Object.freeze({
  is: (node: FilterNode): node is NotNode => node.kind === 'not',
  create: (child: FilterNode): NotNode => Object.freeze({ kind: 'not', child }),
});
