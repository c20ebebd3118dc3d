import { GraphQLError, GraphQLScalarType, Kind, print, type ValueNode } from 'graphql';
import {
  INVALID_DATE_MESSAGE, INVALID_DATETIME_MESSAGE, INVALID_TIME_MESSAGE, normalizeDate, normalizeDateTime, normalizeTime,
} from '../query/values/index.js';

/**
 * The scalars Strapi's schema has besides GraphQL's own. Values stay in the text form the
 * document service stores and takes. Dates, datetimes and times are read by the rules the
 * document service casts them with, so a text it would refuse fails here already: in a literal
 * the operation does not validate, in a variable the variables do not coerce (both a 400, as on
 * Strapi, whose scalars refuse them too).
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

/** What a text scalar refuses beyond non-strings: the reason, or undefined when the text is valid. */
type TextCheck = (text: string) => string | undefined;

function textScalar(name: string, description: string, check: TextCheck = () => undefined): GraphQLScalarType<string, string> {
  const read = (text: string): string => {
    const refused = check(text);
    if (refused !== undefined) throw new GraphQLError(`${name} cannot represent ${JSON.stringify(text)}: ${refused}`);
    return text;
  };
  return new GraphQLScalarType<string, string>({
    name,
    description,
    serialize: (value) => String(value),
    parseValue: (value) => {
      if (typeof value !== 'string') throw new GraphQLError(`${name} expects a string, got ${JSON.stringify(value)}`);
      return read(value);
    },
    parseLiteral: (node) => {
      if (node.kind !== Kind.STRING) throw new GraphQLError(`${name} expects a string, got ${print(node)}`);
      return read(node.value);
    },
  });
}

const readableBy = (normalize: (text: string) => string | undefined, message: string): TextCheck =>
  (text) => (normalize(text) === undefined ? message : undefined);

export const DateScalar = textScalar('Date', 'A calendar date, `YYYY-MM-DD`.', readableBy(normalizeDate, INVALID_DATE_MESSAGE));
export const DateTimeScalar = textScalar('DateTime', 'An ISO-8601 date and time, `2024-01-15T10:00:00.000Z`.',
  readableBy(normalizeDateTime, INVALID_DATETIME_MESSAGE));
export const TimeScalar = textScalar('Time', 'A time of day, `HH:mm:ss` or `HH:mm:ss.SSS`.', readableBy(normalizeTime, INVALID_TIME_MESSAGE));
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
