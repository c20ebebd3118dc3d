import {
  getNamedType, GraphQLEnumType, GraphQLID, GraphQLInputObjectType, GraphQLNonNull, GraphQLObjectType, GraphQLScalarType, isListType, isNonNullType,
  type GraphQLSchema,
} from 'graphql';
import { afterAll, describe, expect, it } from 'vitest';
import { buildGraphqlSchema, graphqlSchemaOf } from '../../src/graphql/index.js';
import { tempQuarry } from '../support/temp-quarry.js';
import { source } from '../query/filters/fixtures.js';

const demo = tempQuarry();
const things = tempQuarry([
  source('api::thing.thing', {
    info: { singularName: 'blog-post', pluralName: 'blog-posts', displayName: 'Blog post' },
    options: { draftAndPublish: true },
    pluginOptions: { i18n: { localized: true } },
    attributes: {
      title: { type: 'string' },
      kind: { type: 'enumeration', enum: ['news', 'opinion'] },
      mood: { type: 'enumeration', enum: ['so-so', 'good'] },
      big: { type: 'biginteger' },
      day: { type: 'date' },
      at: { type: 'datetime' },
      time: { type: 'time' },
      meta: { type: 'json' },
      secret: { type: 'string', private: true },
      pw: { type: 'password' },
      hidden: { type: 'relation', relation: 'oneWay', target: 'api::thing.thing', private: true },
    },
  }),
]);
afterAll(async () => {
  await demo.dispose();
  await things.dispose();
});

const objectType = (schema: GraphQLSchema, name: string) => schema.getType(name) as GraphQLObjectType;
const inputType = (schema: GraphQLSchema, name: string) => schema.getType(name) as GraphQLInputObjectType;
const typeName = (t: { type: unknown }) => String(t.type);

describe('the generated schema', () => {
  const schema = graphqlSchemaOf(demo);

  it('is built once per Quarry', () => {
    expect(graphqlSchemaOf(demo)).toBe(schema);
    expect(buildGraphqlSchema(demo)).not.toBe(schema);
  });

  it("names queries and mutations as Strapi v5 does", () => {
    const query = schema.getQueryType()!.getFields();
    expect(Object.keys(query)).toEqual(expect.arrayContaining([
      'restaurants', 'restaurants_connection', 'restaurant', 'categories', 'category', 'chefs', 'articles', 'tags',
      'usersPermissionsUsers', 'usersPermissionsUsers_connection', 'usersPermissionsUser',
    ]));
    expect(query.restaurants!.args.map((a) => a.name)).toEqual(['filters', 'pagination', 'sort', 'status']);
    expect(query.tags!.args.map((a) => a.name)).toEqual(['filters', 'pagination', 'sort', 'status', 'locale']);
    expect(query.restaurant!.args.map((a) => `${a.name}: ${String(a.type)}`)).toEqual(['documentId: ID!', 'status: PublicationStatus']);
    expect(query.restaurants!.args.find((a) => a.name === 'status')!.defaultValue).toBe('published');
    expect(typeName(query.restaurants_connection!)).toBe('RestaurantEntityResponseCollection');
    expect(Object.keys(objectType(schema, 'RestaurantEntityResponseCollection').getFields())).toEqual(['nodes', 'pageInfo']);
    expect(Object.keys(objectType(schema, 'Pagination').getFields())).toEqual(['total', 'page', 'pageSize', 'pageCount']);

    const mutation = schema.getMutationType()!.getFields();
    expect(Object.keys(mutation)).toContain('createRestaurant');
    expect(mutation.updateRestaurant!.args.map((a) => `${a.name}: ${String(a.type)}`))
      .toEqual(['documentId: ID!', 'data: RestaurantInput!', 'status: PublicationStatus']);
    expect(mutation.deleteTag!.args.map((a) => a.name)).toEqual(['documentId', 'locale']);
    expect(typeName(mutation.deleteRestaurant!)).toBe('DeleteMutationResponse');
    // users-permissions users are read-only here, as over REST.
    expect(Object.keys(mutation).filter((m) => m.includes('UsersPermissions'))).toEqual([]);
  });

  it("has the upload plugin's file queries and its two mutations, typed as Strapi 5.54's introspection types them", () => {
    const signature = (f: { name: string; args: readonly { name: string; type: unknown }[]; type: unknown }) =>
      `${f.name}(${f.args.map((a) => `${a.name}: ${String(a.type)}`).join(', ')}): ${String(f.type)}`;
    const query = schema.getQueryType()!.getFields();
    expect(['uploadFile', 'uploadFiles', 'uploadFiles_connection'].map((name) => signature(query[name]!))).toEqual([
      'uploadFile(documentId: ID!, status: PublicationStatus): UploadFile',
      'uploadFiles(filters: UploadFileFiltersInput, pagination: PaginationArg, sort: [String], status: PublicationStatus): [UploadFile]!',
      'uploadFiles_connection(filters: UploadFileFiltersInput, pagination: PaginationArg, sort: [String], status: PublicationStatus): UploadFileEntityResponseCollection',
    ]);
    const mutation = schema.getMutationType()!.getFields();
    expect(Object.keys(mutation).filter((m) => /upload|file/i.test(m)).map((m) => signature(mutation[m]!))).toEqual([
      'updateUploadFile(id: ID!, info: FileInfoInput): UploadFile!',
      'deleteUploadFile(id: ID!): UploadFile',
    ]);
    expect(Object.entries(inputType(schema, 'FileInfoInput').getFields()).map(([name, f]) => `${name}: ${String(f.type)}`))
      .toEqual(['name: String', 'alternativeText: String', 'caption: String']);
  });

  it('gives entry types their fields, required ones non-null, relations with their own list arguments and a _connection twin', () => {
    const restaurant = objectType(schema, 'Restaurant').getFields();
    expect(Object.keys(restaurant)).toEqual([
      'documentId', 'name', 'stars', 'open', 'price', 'description', 'chef', 'categories_connection', 'categories', 'articles_connection', 'articles',
      'createdAt', 'updatedAt', 'publishedAt',
    ]);
    expect(typeName(restaurant.name!)).toBe('String!');
    expect(typeName(restaurant.stars!)).toBe('Int');
    expect(typeName(restaurant.categories!)).toBe('[Category]!');
    expect(restaurant.categories!.args.map((a) => `${a.name}: ${String(a.type)}`)).toEqual(['filters: CategoryFiltersInput', 'pagination: PaginationArg', 'sort: [String]']);
    expect(typeName(restaurant.categories_connection!)).toBe('CategoryRelationResponseCollection');
    expect(restaurant.categories_connection!.args.map((a) => a.name)).toEqual(['filters', 'pagination', 'sort']);
    expect(typeName(objectType(schema, 'CategoryRelationResponseCollection').getFields().nodes!)).toBe('[Category!]!');
    expect(typeName(restaurant.chef!)).toBe('Chef');
    expect(restaurant.chef!.args).toEqual([]);
    expect(Object.keys(objectType(schema, 'Tag').getFields())).toContain('locale');
  });

  it('offers every REST operator in filter inputs, field-level groups and deep filters included', () => {
    const string = inputType(schema, 'StringFilterInput').getFields();
    expect(Object.keys(string).sort()).toEqual([
      'and', 'between', 'contains', 'containsi', 'endsWith', 'endsWithi', 'eq', 'eqi', 'gt', 'gte', 'in', 'lt', 'lte', 'ne', 'nei',
      'not', 'notContains', 'notContainsi', 'notIn', 'notNull', 'null', 'or', 'startsWith', 'startsWithi',
    ]);
    expect(typeName(string.in!)).toBe('[String]');
    expect(typeName(string.and!)).toBe('[StringFilterInput]');
    expect(typeName(string.null!)).toBe('Boolean');
    expect(typeName(inputType(schema, 'IntFilterInput').getFields().between!)).toBe('[Int]');
    const filters = inputType(schema, 'RestaurantFiltersInput').getFields();
    expect(Object.fromEntries(Object.values(filters).map((f) => [f.name, String(f.type)]))).toEqual({
      id: 'IDFilterInput', documentId: 'IDFilterInput', name: 'StringFilterInput', stars: 'IntFilterInput', open: 'BooleanFilterInput',
      price: 'FloatFilterInput', description: 'StringFilterInput', chef: 'ChefFiltersInput', categories: 'CategoryFiltersInput',
      articles: 'ArticleFiltersInput', createdAt: 'DateTimeFilterInput', updatedAt: 'DateTimeFilterInput', publishedAt: 'DateTimeFilterInput',
      and: '[RestaurantFiltersInput]', or: '[RestaurantFiltersInput]', not: 'RestaurantFiltersInput',
    });
  });

  it('types relations in <Type>Input as Strapi does, ID (to-one) and [ID] (to-many), with its own ID scalar', () => {
    const input = inputType(schema, 'RestaurantInput').getFields();
    expect(typeName(input.categories!)).toBe('[ID]');
    expect(typeName(input.chef!)).toBe('ID');
    expect(typeName(input.stars!)).toBe('Int');
    for (const field of Object.values(input)) expect(isNonNullType(field.type)).toBe(false);
    // One scalar named ID serves relation fields and ids alike, in place of GraphQL's own.
    const id = schema.getType('ID');
    expect(id).not.toBe(GraphQLID);
    expect(getNamedType(input.categories!.type)).toBe(id);
    expect(getNamedType(inputType(schema, 'IDFilterInput').getFields().eq!.type)).toBe(id);
    expect(getNamedType(objectType(schema, 'Restaurant').getFields().documentId!.type)).toBe(id);
    expect(schema.getQueryType()!.getFields().restaurant!.args[0]!.type).toEqual(new GraphQLNonNull(id as GraphQLScalarType));
  });
});

describe('names, scalars and private fields', () => {
  const schema = graphqlSchemaOf(things);

  it('camel- and pascal-cases kebab-case names', () => {
    expect(Object.keys(schema.getQueryType()!.getFields())).toEqual(expect.arrayContaining(['blogPosts', 'blogPosts_connection', 'blogPost']));
    expect(schema.getType('BlogPost')).toBeDefined();
    expect(Object.keys(schema.getMutationType()!.getFields())).toEqual(expect.arrayContaining(['createBlogPost', 'updateBlogPost', 'deleteBlogPost']));
  });

  it('maps attribute types to Strapi scalars and enum types', () => {
    const fields = objectType(schema, 'BlogPost').getFields();
    expect(Object.fromEntries(['kind', 'mood', 'big', 'day', 'at', 'time', 'meta', 'locale'].map((f) => [f, typeName(fields[f]!)]))).toEqual({
      kind: 'ENUM_BLOGPOST_KIND', mood: 'ENUM_BLOGPOST_MOOD', big: 'Long', day: 'Date', at: 'DateTime', time: 'Time', meta: 'JSON', locale: 'String',
    });
    // Values that are not GraphQL names are named as Strapi names them, and stand for the stored value.
    const mood = schema.getType('ENUM_BLOGPOST_MOOD') as GraphQLEnumType;
    expect(mood.getValues().map((v) => [v.name, v.value])).toEqual([['so_so', 'so-so'], ['good', 'good']]);
    const filters = inputType(schema, 'BlogPostFiltersInput').getFields();
    expect(typeName(filters.kind!)).toBe('StringFilterInput');
    expect(typeName(filters.big!)).toBe('LongFilterInput');
    expect(typeName(filters.day!)).toBe('DateFilterInput');
    expect(typeName(filters.time!)).toBe('TimeFilterInput');
    expect(typeName(filters.locale!)).toBe('StringFilterInput');
    expect(isListType(inputType(schema, 'LongFilterInput').getFields().in!.type)).toBe(true);
  });

  it('never shows private attributes or passwords', () => {
    const hidden = ['secret', 'pw', 'hidden'];
    for (const name of hidden) {
      expect(objectType(schema, 'BlogPost').getFields()).not.toHaveProperty(name);
      expect(inputType(schema, 'BlogPostFiltersInput').getFields()).not.toHaveProperty(name);
    }
    const input = inputType(schema, 'BlogPostInput').getFields();
    expect(input).not.toHaveProperty('secret');
    expect(input).not.toHaveProperty('hidden');
    const user = objectType(schema, 'UsersPermissionsUser').getFields();
    expect(Object.keys(user)).toEqual(['documentId', 'username', 'email', 'provider', 'confirmed', 'blocked', 'createdAt', 'updatedAt', 'publishedAt']);
  });
});
