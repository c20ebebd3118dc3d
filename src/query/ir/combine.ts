import { AndNode } from './and-node.js';
import { ConstNode } from './const-node.js';
import { ItemsNode, type ItemsPath } from './items-node.js';
import type { FilterNode } from './node.js';
import { NotNode } from './not-node.js';
import { OrNode } from './or-node.js';
import { RelationNode, type RelationLink } from './relation-node.js';

/**
 * Constructors that keep the tree in the shape `node.ts` promises: flat `and` / `or`, constants
 * folded away. Every rewrite here is sound under three-valued logic (`false and x` is false,
 * `true or x` is true, `not not x` is x), so a pass may use them on any tree.
 */

export const allOf = (nodes: readonly FilterNode[]): FilterNode => junction(nodes, AndNode, true);

export const anyOf = (nodes: readonly FilterNode[]): FilterNode => junction(nodes, OrNode, false);

export function notOf(node: FilterNode): FilterNode {
  if (ConstNode.is(node)) return ConstNode.create(!node.value);
  if (NotNode.is(node)) return node.child;
  return NotNode.create(node);
}

/**
 * Some linked row satisfies `child`, or (`unlinked`) there is none. No row satisfies `false`,
 * which the all-NULL row does not satisfy either, so such a test is folded to `false`; a test that
 * any row satisfies and no row may skip is `true`.
 */
export function someLinked(link: RelationLink, child: FilterNode, unlinked: boolean): FilterNode {
  if (ConstNode.is(child) && (!child.value || unlinked)) return child;
  return RelationNode.create(link, child, unlinked);
}

/** `someLinked` for the items of a repeatable component. */
export function someItem(list: ItemsPath, child: FilterNode, unlinked: boolean): FilterNode {
  if (ConstNode.is(child) && (!child.value || unlinked)) return child;
  return ItemsNode.create(list, child, unlinked);
}

function junction(
  nodes: readonly FilterNode[],
  kind: typeof AndNode | typeof OrNode,
  identity: boolean,
): FilterNode {
  const kept: FilterNode[] = [];
  for (const node of nodes) {
    if (ConstNode.is(node)) {
      if (node.value !== identity) return node;
      continue;
    }
    if (kind.is(node)) kept.push(...node.children);
    else kept.push(node);
  }
  const [only] = kept;
  if (only === undefined) return ConstNode.create(identity);
  return kept.length === 1 ? only : kind.create(kept);
}
