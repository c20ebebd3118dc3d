import type { FilterNode } from './node.js';

/** Matches every row or none: what `$in: []` or an empty filter leaves. */
export interface ConstNode {
  readonly kind: 'const';
  readonly value: boolean;
}

const TRUE: ConstNode = Object.freeze({ kind: 'const', value: true });
const FALSE: ConstNode = Object.freeze({ kind: 'const', value: false });

export const ConstNode = Object.freeze({
  is: (node: FilterNode): node is ConstNode => node.kind === 'const',
  create: (value: boolean): ConstNode => (value ? TRUE : FALSE),
  TRUE,
  FALSE,
});
