import {
  getNamedType, getNullableType, GraphQLError, GraphQLID, isInputObjectType, isListType, Kind, print,
  type ASTVisitor, type GraphQLInputType, type ValidationContext, type ValueNode,
} from 'graphql';
import type { RelationSide } from '../documents/data.js';
import { ValidationError } from '../errors/index.js';
import { IdScalar } from './id-scalar.js';
import { checkRelationValue, relationOf } from './relation-values.js';
import { literalValue } from './scalars.js';

/** Where a value stands in an operation: what graphql-js's TypeInfo and ValidationContext both tell. */
export interface InputPosition {
  getInputType(): GraphQLInputType | null | undefined;
  getParentInputType(): GraphQLInputType | null | undefined;
}

export interface IdValues {
  /** The whole value of a relation field of `<Type>Input`, a literal or a variable. */
  relation(field: RelationSide, value: ValueNode): void;
  /** A value where an id is meant: a variable, or a literal of any kind. */
  id(value: ValueNode): void;
}

/**
 * Visits the values the `ID` scalar takes (id-scalar.ts), told apart by where they stand. Nothing
 * inside a relation field's value is visited further: its parts belong to one relation value.
 * Variable definitions are left out: a default value counts where its variable is used.
 */
export function idValueVisitor(position: InputPosition, on: IdValues): ASTVisitor {
  const atId = (node: ValueNode): false | undefined => {
    // Entering a list, TypeInfo already stands on its items: the list's own place is the parent.
    const type = node.kind === Kind.LIST ? position.getParentInputType() : position.getInputType();
    if (getNamedType(type) !== IdScalar) return undefined;
    // A list where a list of ids is expected holds ids: its items are visited one by one.
    if (node.kind === Kind.LIST && isListType(getNullableType(type))) return undefined;
    on.id(node);
    return false;
  };
  return {
    VariableDefinition: () => false,
    ObjectField(node) {
      const parent = getNamedType(position.getParentInputType());
      const relation = isInputObjectType(parent) ? relationOf(parent.getFields()[node.name.value]) : undefined;
      if (relation === undefined) return undefined;
      on.relation(relation, node.value);
      return false;
    },
    Variable: atId,
    StringValue: atId,
    IntValue: atId,
    FloatValue: atId,
    BooleanValue: atId,
    EnumValue: atId,
    ObjectValue: atId,
    ListValue: atId,
  };
}

/**
 * Literals in their place, while the operation is validated: a relation value of a malformed
 * shape is refused with the document service's error (`BAD_USER_INPUT`); where an id is meant,
 * what GraphQL's own `ID` refuses fails validation with its message, as on Strapi. Literals that
 * hold variables are known only once the variables are: the document service reads them.
 */
export function idPositionsRule(context: ValidationContext): ASTVisitor {
  return idValueVisitor(context, {
    relation(field, node) {
      if (holdsVariable(node)) return;
      try {
        checkRelationValue(field, literalValue(node, undefined));
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        const message = `Expected value of type "${String(context.getInputType())}", found ${print(node)}; ${error.message}`;
        context.reportError(new GraphQLError(message, { nodes: node, originalError: error }));
      }
    },
    id(node) {
      if (node.kind === Kind.VARIABLE) return;
      try {
        GraphQLID.parseLiteral(node, undefined);
      } catch (error) {
        if (!(error instanceof GraphQLError)) throw error;
        context.reportError(error);
      }
    },
  });
}

function holdsVariable(node: ValueNode): boolean {
  switch (node.kind) {
    case Kind.VARIABLE:
      return true;
    case Kind.LIST:
      return node.values.some(holdsVariable);
    case Kind.OBJECT:
      return node.fields.some((f) => holdsVariable(f.value));
    default:
      return false;
  }
}
