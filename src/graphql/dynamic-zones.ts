import {
  GraphQLNonNull, GraphQLObjectType, GraphQLScalarType, GraphQLString, GraphQLUnionType, Kind,
} from 'graphql';
import { isRecord } from '../objects.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { ComponentType, ContentType, DynamicZoneAttribute } from '../schema/types.js';
import { componentTypeName, dynamicZoneName } from './names.js';
import { literalValue } from './scalars.js';

/** The member every dynamic-zone union has besides its components, as in Strapi's schema. */
export const ErrorType = new GraphQLObjectType({
  name: 'Error',
  fields: { code: { type: new GraphQLNonNull(GraphQLString) }, message: { type: GraphQLString } },
});

/**
 * `<Type><Field>DynamicZone`: the union of the zone's allowed components, in the schema's order,
 * and `Error`. An item is told apart by its `__component` uid.
 */
export function dynamicZoneUnion(
  ct: ContentType, attr: DynamicZoneAttribute, components: readonly ComponentType[], objectOf: (c: ComponentType) => GraphQLObjectType,
): GraphQLUnionType {
  const names = new Map(components.map((c) => [c.uid, componentTypeName(c)]));
  return new GraphQLUnionType({
    name: dynamicZoneName(ct, attr.name),
    types: () => [...components.map(objectOf), ErrorType],
    resolveType: (item: { readonly __component?: unknown }) => names.get(item.__component as string) ?? ErrorType.name,
  });
}

/**
 * `<Type><Field>DynamicZoneInput`: a scalar, as in Strapi, whose value is one item written as an
 * object naming its component by type name (`{ __typename: "ComponentSharedSeo", ... }`); it
 * reaches the document service as `{ __component: "shared.seo", ... }`. Checked on Strapi 5.54:
 * only `__typename` is read (an item with `__component` alone is refused), any component's type
 * name passes here, and whether the zone allows it is the document service's to say.
 */
export function dynamicZoneInput(registry: SchemaRegistry, ct: ContentType, attr: DynamicZoneAttribute): GraphQLScalarType {
  const name = `${dynamicZoneName(ct, attr.name)}Input`;
  const expected = attr.components.map((uid) => componentTypeName(registry.component(uid))).join(', ');
  const byTypeName = componentsByTypeName(registry);
  const item = (value: unknown): Record<string, unknown> => {
    const component = isRecord(value) && typeof value.__typename === 'string' ? byTypeName.get(value.__typename) : undefined;
    // A plain error, not a GraphQLError: graphql-js then prefixes what it was reading, as Strapi's answers show.
    if (component === undefined) throw new Error(`Component not found. expected one of: ${expected}`);
    const { __typename: _, ...fields } = value as Record<string, unknown>;
    return { __component: component.uid, ...fields };
  };
  return new GraphQLScalarType({
    name,
    serialize: (value) => value,
    parseValue: item,
    // Undefined: graphql-js refuses the literal with its own message, as Strapi's scalar does.
    parseLiteral: (node, variables) => (node.kind === Kind.OBJECT ? item(literalValue(node, variables)) : undefined),
  });
}

const byRegistry = new WeakMap<SchemaRegistry, ReadonlyMap<string, ComponentType>>();

/** Components by their object type's name, which is how clients name them. */
export function componentsByTypeName(registry: SchemaRegistry): ReadonlyMap<string, ComponentType> {
  let known = byRegistry.get(registry);
  if (!known) {
    known = new Map(registry.components.map((c) => [componentTypeName(c), c]));
    byRegistry.set(registry, known);
  }
  return known;
}
