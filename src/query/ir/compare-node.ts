import type { FieldRef, FilterNode, ScalarValue } from './node.js';

/** Operand cast to the field's type; compared in the field type's order. */
export const ORDER_OPERATORS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'] as const;
/** A list of cast operands. */
export const LIST_OPERATORS = ['in', 'notIn'] as const;
/**
 * Operand is text, never cast: the field's value is read as text (`values/compare.ts`) and
 * matched literally (`%`, `_` and `\` are plain characters). `…i` operators fold case on both sides.
 */
export const TEXT_OPERATORS = [
  'eqi', 'nei', 'contains', 'notContains', 'containsi', 'notContainsi',
  'startsWith', 'startsWithi', 'endsWith', 'endsWithi',
] as const;
/** No operand: test for NULL itself, the only tests that select NULL fields. */
export const NULL_OPERATORS = ['null', 'notNull'] as const;

export type OrderOperator = (typeof ORDER_OPERATORS)[number];
export type ListOperator = (typeof LIST_OPERATORS)[number];
export type TextOperator = (typeof TEXT_OPERATORS)[number];
export type NullOperator = (typeof NULL_OPERATORS)[number];
export type CompareOperator = OrderOperator | ListOperator | 'between' | TextOperator | NullOperator;

/** What a comparison tests, by operator family. */
export type CompareTest =
  | { readonly op: OrderOperator; readonly value: ScalarValue }
  | { readonly op: ListOperator; readonly value: readonly ScalarValue[] }
  /** Inclusive on both ends. */
  | { readonly op: 'between'; readonly value: readonly [ScalarValue, ScalarValue] }
  | { readonly op: TextOperator; readonly value: string }
  | { readonly op: NullOperator };

/** One field of the current row against an operand. */
export type CompareNode = { readonly kind: 'compare'; readonly field: FieldRef } & CompareTest;

export const CompareNode = Object.freeze({
  is: (node: FilterNode): node is CompareNode => node.kind === 'compare',
  create: (field: FieldRef, test: CompareTest): CompareNode => Object.freeze({ kind: 'compare', field, ...frozenTest(test) }),
});

function frozenTest(test: CompareTest): CompareTest {
  switch (test.op) {
    case 'in':
    case 'notIn':
      return { op: test.op, value: Object.freeze([...test.value]) };
    case 'between':
      return { op: test.op, value: Object.freeze([test.value[0], test.value[1]] as const) };
    default:
      return test;
  }
}
