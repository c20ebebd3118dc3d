import {
  LIST_OPERATORS, ORDER_OPERATORS, TEXT_OPERATORS,
  type CompareOperator, type NullOperator, type TextOperator,
} from '../ir/index.js';

/** Operators with an operand, by their filter key: `$eq` → `eq`, ..., `$endsWithi` → `endsWithi`. */
export const OPERAND_OPERATORS: ReadonlyMap<string, Exclude<CompareOperator, NullOperator>> = new Map(
  [...ORDER_OPERATORS, ...LIST_OPERATORS, 'between' as const, ...TEXT_OPERATORS].map((op) => [`$${op}`, op]),
);

/** Every operator key a filter may use (case-sensitive, as Strapi's). */
export const OPERATOR_KEYS: ReadonlySet<string> = new Set([
  ...OPERAND_OPERATORS.keys(), '$null', '$notNull', '$not', '$and', '$or',
]);

const TEXT: ReadonlySet<string> = new Set(TEXT_OPERATORS);
export const isTextOperator = (op: CompareOperator): op is TextOperator => TEXT.has(op);
