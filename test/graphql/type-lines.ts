import {
  getNamedType, isEnumType, isInputObjectType, isObjectType, isScalarType, isUnionType,
  type GraphQLField, type GraphQLInputField, type GraphQLInputObjectType, type GraphQLObjectType, type GraphQLSchema,
} from 'graphql';

/** Types wholly about components, dynamic zones and media, named as Strapi names them. */
const OWN_TYPE = /^(Component|ENUM_COMPONENT)|DynamicZone(Input)?$|^(Error|UploadFile|UploadFileRelationResponseCollection)$/;
/** Fields of other types that show a component, a dynamic zone or a file. */
const FIELD_TYPE = /^Component|DynamicZone(Input)?$|^UploadFile(RelationResponseCollection)?$/;

/**
 * A schema's component, dynamic-zone and media parts as lines, one per field (`Type.field(args): T`),
 * union (`U = A | B`), enum (`E = a | b`) or scalar (`scalar S`), sorted: what the tests compare
 * with the lines printed from Strapi's introspection of the same models (strapi-types/). Root
 * fields are left out: queries and mutations are not about these types.
 */
export function typeLines(schema: GraphQLSchema): string[] {
  const lines: string[] = [];
  const roots = new Set([schema.getQueryType(), schema.getMutationType()]);
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || roots.has(type as never)) continue;
    const own = OWN_TYPE.test(type.name);
    if (isUnionType(type) && own) lines.push(`${type.name} = ${type.getTypes().map(String).join(' | ')}`);
    else if (isEnumType(type) && own) lines.push(`${type.name} = ${type.getValues().map((v) => v.name).join(' | ')}`);
    else if (isScalarType(type) && own) lines.push(`scalar ${type.name}`);
    else if (isObjectType(type) || isInputObjectType(type)) lines.push(...fieldLines(type, own));
  }
  return lines.sort();
}

function fieldLines(type: GraphQLObjectType | GraphQLInputObjectType, own: boolean): string[] {
  const out: string[] = [];
  for (const field of Object.values<GraphQLField<unknown, unknown> | GraphQLInputField>(type.getFields())) {
    if (!own && !FIELD_TYPE.test(getNamedType(field.type).name)) continue;
    const args = 'args' in field && field.args.length > 0 ? `(${field.args.map((a) => `${a.name}: ${String(a.type)}`).join(', ')})` : '';
    out.push(`${type.name}.${field.name}${args}: ${String(field.type)}`);
  }
  return out;
}
