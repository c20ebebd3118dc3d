import {
  GraphQLBoolean, GraphQLInputObjectType, GraphQLList, type GraphQLInputFieldConfigMap, type GraphQLInputType, type GraphQLScalarType,
} from 'graphql';
import { OPERAND_OPERATORS } from '../query/filters/operators.js';

/** Operators whose operand is a list of values rather than one. */
const LIST_OPERANDS: ReadonlySet<string> = new Set(['in', 'notIn', 'between']);

/**
 * `<Scalar>FilterInput`: every operator REST has, named without `$` (`eq`, `startsWithi`,
 * `between`, ...), `null` / `notNull`, and field-level `and` / `or` / `not` (docs/filters.md, Lists and groups).
 * Built from the filter module's own operator list, so the two cannot drift apart.
 */
export function scalarFilterInput(name: string, scalar: GraphQLScalarType): GraphQLInputObjectType {
  const self: GraphQLInputObjectType = new GraphQLInputObjectType({
    name,
    fields: () => {
      const fields: GraphQLInputFieldConfigMap = {
        and: { type: new GraphQLList(self) },
        or: { type: new GraphQLList(self) },
        not: { type: self },
      };
      for (const op of OPERAND_OPERATORS.values()) {
        const type: GraphQLInputType = LIST_OPERANDS.has(op) ? new GraphQLList(scalar) : scalar;
        fields[op] = { type };
      }
      fields.null = { type: GraphQLBoolean };
      fields.notNull = { type: GraphQLBoolean };
      return fields;
    },
  });
  return self;
}
