import { GraphQLError, GraphQLScalarType, Kind, print, type ValueNode } from 'graphql';

/**
 * The scalars Strapi's schema has besides GraphQL's own. Values stay in the text form the
 * document service stores and takes; whether a text is a valid date, time or big integer is the
 * document service's to say (a `BAD_USER_INPUT` naming the field), as it is for REST.
 */

/** A literal as a plain JSON value, variables inside it substituted. */
export function literalValue(node: ValueNode, variables: Readonly<Record<string, unknown>> | null | undefined): unknown {
  switch (node.kind) {
    case Kind.NULL:
      return null;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.STRING:
    case Kind.ENUM:
    case Kind.BOOLEAN:
      return node.value;
    case Kind.LIST:
      return node.values.map((item) => literalValue(item, variables));
    case Kind.OBJECT: {
      const out: Record<string, unknown> = {};
      for (const field of node.fields) out[field.name.value] = literalValue(field.value, variables);
      return out;
    }
    case Kind.VARIABLE:
      return variables?.[node.name.value];
  }
}

function textScalar(name: string, description: string): GraphQLScalarType<string, string> {
  const read = (value: unknown): string => {
    if (typeof value !== 'string') throw new GraphQLError(`${name} expects a string, got ${JSON.stringify(value)}`);
    return value;
  };
  return new GraphQLScalarType<string, string>({
    name,
    description,
    serialize: (value) => String(value),
    parseValue: read,
    parseLiteral: (node) => {
      if (node.kind !== Kind.STRING) throw new GraphQLError(`${name} expects a string, got ${print(node)}`);
      return node.value;
    },
  });
}

export const DateScalar = textScalar('Date', 'A calendar date, `YYYY-MM-DD`.');
export const DateTimeScalar = textScalar('DateTime', 'An ISO-8601 date and time, `2024-01-15T10:00:00.000Z`.');
export const TimeScalar = textScalar('Time', 'A time of day, `HH:mm:ss` or `HH:mm:ss.SSS`.');
export const LocaleScalar = textScalar('I18NLocaleCode', 'A locale code such as `en` or `fr`; `*` for every locale where a list allows it.');

const INTEGER_TEXT = /^-?\d+$/;

/** Integers past 2^53 (biginteger attributes): written as text, read as text or as an integer. */
export const LongScalar = new GraphQLScalarType<string, string>({
  name: 'Long',
  description: 'An integer of any size, as text (`"9007199254740993"`); integer literals are accepted.',
  serialize: (value) => String(value),
  parseValue: (value) => {
    if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
    if (typeof value === 'string' && INTEGER_TEXT.test(value)) return value;
    throw new GraphQLError(`Long expects an integer or a string of digits, got ${JSON.stringify(value)}`);
  },
  parseLiteral: (node) => {
    if ((node.kind === Kind.INT || node.kind === Kind.STRING) && INTEGER_TEXT.test(node.value)) return node.value;
    throw new GraphQLError(`Long expects an integer or a string of digits, got ${print(node)}`);
  },
});

export const JsonScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node, variables) => literalValue(node, variables),
});
