import type { FilterNode } from './node.js';

/** Which repeatable component an `items` node reads, by names only (plain data). */
export interface ItemsPath {
  /** The list's place in the row (or the enclosing item): attribute names joined by dots, through single components (`hero.buttons`). */
  readonly path: string;
  /** The component uid of the items. */
  readonly component: string;
}

/**
 * Some item of a repeatable component satisfies `child` (exists, as for a to-many relation):
 * all conditions in `child` must meet on one item, and the fields `child` names are the item's
 * (relative to it). Items live in the row (docs/content-models.md), so the test reads no link.
 *
 * `unlinked`: a row with no item is selected too, tested as if it had one item whose every field
 * is NULL (Strapi joins components with LEFT JOINs); set when `child` is TRUE on that item, as
 * for a relation node.
 *
 * `items` with child `const true` and `unlinked` false means "has an item"; `not` of it, "has none".
 */
export interface ItemsNode extends ItemsPath {
  readonly kind: 'items';
  readonly child: FilterNode;
  readonly unlinked: boolean;
}

export const ItemsNode = Object.freeze({
  is: (node: FilterNode): node is ItemsNode => node.kind === 'items',
  create: (list: ItemsPath, child: FilterNode, unlinked: boolean): ItemsNode =>
    Object.freeze({ kind: 'items', path: list.path, component: list.component, child, unlinked }),
});
