import {
  GraphQLBoolean, GraphQLEnumType, GraphQLFloat, GraphQLInputObjectType, GraphQLInt, GraphQLNonNull, GraphQLObjectType,
  GraphQLString, type GraphQLInputObjectType as InputType, type GraphQLScalarType,
} from 'graphql';
import type { ScalarType } from '../schema/types.js';
import { scalarFilterInput } from './filter-inputs.js';
import { IdScalar } from './id-scalar.js';
import { DateScalar, DateTimeScalar, JsonScalar, LongScalar, TimeScalar } from './scalars.js';

/** The types every generated schema shares, named as in Strapi's. */

export const PublicationStatus = new GraphQLEnumType({
  name: 'PublicationStatus',
  values: { DRAFT: { value: 'draft' }, PUBLISHED: { value: 'published' } },
});

export const PaginationArg = new GraphQLInputObjectType({
  name: 'PaginationArg',
  description: '`page` / `pageSize` or `start` / `limit`, not both.',
  fields: { page: { type: GraphQLInt }, pageSize: { type: GraphQLInt }, start: { type: GraphQLInt }, limit: { type: GraphQLInt } },
});

const int = { type: new GraphQLNonNull(GraphQLInt) };
export const Pagination = new GraphQLObjectType({
  name: 'Pagination',
  fields: { total: int, page: int, pageSize: int, pageCount: int },
});

export const DeleteMutationResponse = new GraphQLObjectType({
  name: 'DeleteMutationResponse',
  fields: { documentId: { type: new GraphQLNonNull(IdScalar) } },
});

export const IdFilterInput = scalarFilterInput('IDFilterInput', IdScalar);
export const StringFilterInput = scalarFilterInput('StringFilterInput', GraphQLString);
export const DateTimeFilterInput = scalarFilterInput('DateTimeFilterInput', DateTimeScalar);

/** How an attribute type shows in GraphQL: its scalar and its filter input. */
interface ScalarShape {
  readonly scalar: GraphQLScalarType;
  readonly filter: InputType;
}

const text: ScalarShape = { scalar: GraphQLString, filter: StringFilterInput };
const float: ScalarShape = { scalar: GraphQLFloat, filter: scalarFilterInput('FloatFilterInput', GraphQLFloat) };
/** Strapi shows block content as plain JSON, so `blocks` shares `json`'s scalar and filter. */
const json: ScalarShape = { scalar: JsonScalar, filter: scalarFilterInput('JSONFilterInput', JsonScalar) };

/** Passwords are never shown nor filtered; they have no shape. */
export const SCALAR_SHAPES: Readonly<Record<Exclude<ScalarType, 'password'>, ScalarShape>> = {
  string: text,
  text,
  richtext: text,
  email: text,
  uid: text,
  enumeration: text,
  integer: { scalar: GraphQLInt, filter: scalarFilterInput('IntFilterInput', GraphQLInt) },
  biginteger: { scalar: LongScalar, filter: scalarFilterInput('LongFilterInput', LongScalar) },
  decimal: float,
  float,
  boolean: { scalar: GraphQLBoolean, filter: scalarFilterInput('BooleanFilterInput', GraphQLBoolean) },
  date: { scalar: DateScalar, filter: scalarFilterInput('DateFilterInput', DateScalar) },
  datetime: { scalar: DateTimeScalar, filter: DateTimeFilterInput },
  time: { scalar: TimeScalar, filter: scalarFilterInput('TimeFilterInput', TimeScalar) },
  json,
  blocks: json,
};
