import { GraphQLID, GraphQLScalarType, Kind } from 'graphql';
import { literalValue } from './scalars.js';

/**
 * The schema's `ID`, in place of GraphQL's own (docs/relations.md, GraphQL). Strapi types the relation
 * fields of `<Type>Input` as `ID` and `[ID]`, and clients declare their variables so
 * (`$chef: ID`, `$categories: [ID]`); Quarry's relation values are more than ids
 * (`{ connect, disconnect, set, options }`, longhand items with positions). The scalar itself
 * cannot know where it stands, so it takes any value, strings and integers read as GraphQL's own
 * `ID` reads them; id-positions.ts and id-variables.ts judge each value by its place: a relation
 * field's value as a whole relation value, any other as GraphQL's own `ID` would (a string or an
 * integer), with its errors.
 */
export const IdScalar = new GraphQLScalarType<unknown, string>({
  name: 'ID',
  description: 'A documentId or an id: a string, or an integer (read as its text). In a relation field of `<Type>Input`, '
    + 'also a relation value: `{ connect, disconnect, set, options: { strict } }` whose items are documentIds or '
    + '`{ documentId, locale, status, position: { before | after | start | end } }`; a to-many field takes a list of '
    + 'documentIds (it replaces the list, in that order) or one such object.',
  serialize: (value) => GraphQLID.serialize(value),
  parseValue: (value) => (typeof value === 'string' || Number.isInteger(value) ? GraphQLID.parseValue(value) : value),
  parseLiteral: (node, variables) => (node.kind === Kind.STRING || node.kind === Kind.INT
    ? GraphQLID.parseLiteral(node, variables)
    : literalValue(node, variables)),
});
