import type { Row } from '../../store/layout.js';

/** A row a read answers, with what its populate read for it. */
export interface ReadRow {
  readonly row: Row;
  readonly related: Related;
}

/** Per populated relation (by attribute name): the related rows in the order shown, or how many there are. */
export interface Related {
  readonly [attribute: string]: RelatedValue;
}

export type RelatedValue =
  | { readonly kind: 'rows'; readonly rows: readonly ReadRow[] }
  | { readonly kind: 'count'; readonly count: number }
  /** A component field's or dynamic zone's items as its row holds them, each with what its populate read. */
  | { readonly kind: 'components'; readonly items: readonly ComponentRead[] };

/** A stored component (its `id`, its fields, in a dynamic zone its `__component`). */
export type ComponentValue = Readonly<Record<string, unknown>> & { readonly id: number };

export interface ComponentRead {
  /** uid of the item's component. */
  readonly component: string;
  readonly row: ComponentValue;
  readonly related: Related;
}

export const NOTHING_RELATED: Related = Object.freeze({});
