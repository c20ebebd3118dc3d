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
  | { readonly kind: 'count'; readonly count: number };

export const NOTHING_RELATED: Related = Object.freeze({});
