import type { FilterNode } from './node.js';

/** Which relation a `relation` node follows, named by uids and attribute names only (plain data). */
export interface RelationLink {
  /** The relation attribute on the source type. */
  readonly attribute: string;
  readonly source: string;
  readonly target: string;
  readonly toMany: boolean;
  /**
   * A relation of a component (`source` is its uid): the path of that component in the row, or
   * in the item being tested, whose `id` the links go from (`seo`); undefined when that is the
   * row or item itself. A missing component links nothing.
   */
  readonly holder: string | undefined;
}

/**
 * Some target row linked through `attribute` satisfies `child` (exists). Each occurrence is its own
 * test: `child` holds all conditions that must meet on one linked row, and two `relation` nodes
 * over the same attribute may be satisfied by different rows.
 *
 * `unlinked`: a source with no linked row is selected too. Strapi joins relations with LEFT
 * JOINs, so such a source is tested as if linked to one row whose every field is NULL; the
 * builder sets the flag when `child` is TRUE on that row (`filters[chef][name][$null]=true`
 * selects restaurants without a chef). See docs/filters.md.
 *
 * `relation` with child `const true` and `unlinked` false means "has a linked row"; `not` of it,
 * "has none".
 */
export interface RelationNode extends RelationLink {
  readonly kind: 'relation';
  readonly child: FilterNode;
  readonly unlinked: boolean;
}

export const RelationNode = Object.freeze({
  is: (node: FilterNode): node is RelationNode => node.kind === 'relation',
  create: (link: RelationLink, child: FilterNode, unlinked: boolean): RelationNode =>
    Object.freeze({
      kind: 'relation',
      attribute: link.attribute,
      source: link.source,
      target: link.target,
      toMany: link.toMany,
      holder: link.holder,
      child,
      unlinked,
    }),
});
