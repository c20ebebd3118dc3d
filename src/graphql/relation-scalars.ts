import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { parseRelationValue } from '../relations/payload.js';
import { literalValue } from './scalars.js';

/**
 * Relation fields of `<Type>Input` (DECISIONS.md rule 5). No input object type can take both
 * `["a", "b"]` and `{ connect: ["c", { documentId, position }] }`, so these are scalars that take
 * what REST takes: one id, a list of ids (= set), or `{ connect, disconnect, set, options }` with
 * shorthand and longhand items mixed, as literals and as variables. A malformed shape is refused
 * while the operation is checked, before anything runs (`BAD_USER_INPUT`); what needs the stored
 * data (unknown targets, positions, duplicates) and `set` beside `connect` (rule 1) are the
 * document service's to refuse, as for REST.
 */
function relationScalar(name: string, toMany: boolean, description: string): GraphQLScalarType {
  // The ValidationError thrown is left for graphql-js to wrap: it adds where the value stands.
  const check = (value: unknown): unknown => {
    if (!combinesSet(value)) parseRelationValue({ name, toMany }, value, name);
    return value;
  };
  return new GraphQLScalarType({
    name,
    description,
    serialize: (value) => value,
    parseValue: check,
    // Literals are checked while the operation is validated, when variable values are not known
    // yet: one holding variables is left to the document service, which refuses the same shapes
    // with the same error (then a 200 with BAD_USER_INPUT, nothing written).
    parseLiteral: (node, variables) => (holdsVariable(node) ? literalValue(node, variables) : check(literalValue(node, variables))),
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

/** `set` with `connect` or `disconnect`: left for the document service to refuse (rule 1), as REST does. */
function combinesSet(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return v.set !== undefined && (v.connect !== undefined || v.disconnect !== undefined);
}

export const ToOneRelationInput = relationScalar('ToOneRelationInput', false,
  'A to-one relation: a documentId (preferred), null to clear, or any form a to-many relation takes (the last item is used).');
export const ToManyRelationInput = relationScalar('ToManyRelationInput', true,
  'A to-many relation: a list of documentIds (replaces the list, in that order), or '
  + '`{ connect, disconnect, set, options: { strict } }` whose items are documentIds or '
  + '`{ documentId, locale, status, position: { before | after | start | end } }`.');
