import type { FilterNode } from './node.js';

/** Which relation a `relation` node follows, named by uids and attribute names only (plain data). */
export interface RelationLink {
  /** The relation attribute on the source type. */
  readonly attribute: string;
  readonly source: string;
  readonly target: string;
  readonly toMany: boolean;
}

/**
 * Some target row linked through `attribute` satisfies `child` (exists). Each occurrence is its own
 * test: `child` holds all conditions that must meet on one linked row, and two `relation` nodes
 * over the same attribute may be satisfied by different rows.
 * `relation` with child `const true` means "has a linked row"; `not` of it, "has none".
 */
export interface RelationNode extends RelationLink {
  readonly kind: 'relation';
  readonly child: FilterNode;
}

export const RelationNode = Object.freeze({
  is: (node: FilterNode): node is RelationNode => node.kind === 'relation',
  create: (link: RelationLink, child: FilterNode): RelationNode =>
    Object.freeze({
      kind: 'relation',
      attribute: link.attribute,
      source: link.source,
      target: link.target,
      toMany: link.toMany,
      child,
    }),
});
