/**
 * One scalar named `ID` (docs/relations.md, GraphQL): relation fields of `<Type>Input` take relation
 * values in it, as literals and in variables typed `ID` / `[ID]` as clients of Strapi declare
 * them; everywhere else an `ID` takes only what GraphQL's own `ID` takes, refused as Strapi
 * refuses it (a literal: 400 GRAPHQL_VALIDATION_FAILED; a variable: 400 BAD_USER_INPUT).
 */
import { buildClientSchema, getIntrospectionQuery, type GraphQLInputObjectType } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { RESTAURANT } from '../http/seed.js';
import { codes, gql, seededServer } from './support.js';

const served = seededServer();

const restaurants = () => served.server.quarry.documents(RESTAURANT);
const created = async (name: string) => (await restaurants().create({ data: { name, chef: served.data.chefs['Ana Souza'], categories: [served.data.categories.French] } })).documentId as string;
const linked = async (documentId: string) => {
  const entry = await restaurants().findOne({ documentId, populate: { chef: { fields: ['name'] }, categories: { fields: ['name'] } } });
  return { chef: (entry!.chef as { name: string } | null)?.name ?? null, categories: (entry!.categories as { name: string }[]).map((c) => c.name) };
};

describe('relation fields of <Type>Input', () => {
  it('show as ID and [ID] to introspection, which GraphiQL and codegen read', async () => {
    const r = await gql(served.server.base, '{ __type(name: "RestaurantInput") { inputFields { name type { kind name ofType { kind name } } } } }');
    const fields = Object.fromEntries(r.body.data.__type.inputFields.map((f: { name: string; type: unknown }) => [f.name, f.type]));
    expect(fields.chef).toEqual({ kind: 'SCALAR', name: 'ID', ofType: null });
    expect(fields.categories).toEqual({ kind: 'LIST', name: null, ofType: { kind: 'SCALAR', name: 'ID' } });
    const client = buildClientSchema((await gql(served.server.base, getIntrospectionQuery())).body.data);
    const input = client.getType('RestaurantInput') as GraphQLInputObjectType;
    expect(String(input.getFields().articles!.type)).toBe('[ID]');
  });

  it('take variables declared as Strapi clients declare them', async () => {
    const id = await created('Typed');
    const r = await gql(served.server.base, `mutation ($chef: ID, $categories: [ID]) {
      updateRestaurant(documentId: "${id}", data: { chef: $chef, categories: $categories }) { chef { name } categories { name } }
    }`, { chef: served.data.chefs['Eva Tanaka'], categories: served.data.categories.Vegan });
    expect(r.status, r.text).toBe(200);
    // A single id where a list is declared is a list of one, as graphql-js coerces it.
    expect(r.body.data.updateRestaurant).toEqual({ chef: { name: 'Eva Tanaka' }, categories: [{ name: 'Vegan' }] });
  });

  it('read a list of one relation object as that object', async () => {
    const id = await created('Wrapped');
    const c = served.data.categories;
    const r = await gql(served.server.base, `mutation ($categories: [ID]) {
      updateRestaurant(documentId: "${id}", data: { categories: $categories }) { categories { name } }
    }`, { categories: [{ connect: [{ documentId: c.Italian, position: { start: true } }] }] });
    expect(r.body.data.updateRestaurant.categories, r.text).toEqual([{ name: 'Italian' }, { name: 'French' }]);
    const literal = await gql(served.server.base, `mutation { updateRestaurant(documentId: "${id}", data: { categories: [{ disconnect: "${c.French}" }] }) { categories { name } } }`);
    expect(literal.body.data.updateRestaurant.categories, literal.text).toEqual([{ name: 'Italian' }]);
  });

  it('refuse a malformed shape in a variable before anything runs: 400 BAD_USER_INPUT with the error of the document service', async () => {
    const id = await created('Malformed variable');
    const before = await linked(id);
    const query = `mutation ($chef: ID, $categories: [ID], $d: RestaurantInput!) {
      a: updateRestaurant(documentId: "${id}", data: { chef: $chef, categories: $categories }) { name }
      b: updateRestaurant(documentId: "${id}", data: $d) { name }
    }`;
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ categories: { connect: [true] } }, 'categories', 'data.categories.connect.0', 'A relation must be a documentId, an id or an object with a documentId'],
      [{ categories: [null] }, 'categories', 'data.categories.0', 'A relation must be a documentId, an id or an object with a documentId'],
      [{ chef: { nope: 1 } }, 'chef', 'data.chef.nope', 'Invalid key nope in relation chef'],
      [{ chef: 1.5 }, 'chef', 'data.chef', 'Invalid relation id 1.5'],
      [{ d: { categories: [{ connect: [] }, served.data.categories.Vegan] } }, 'd', 'data.categories.0.connect', 'Invalid key connect in relation'],
    ];
    for (const [variables, name, path, message] of cases) {
      const r = await gql(served.server.base, query, variables);
      expect(r.status, r.text).toBe(400);
      expect(r.body.errors).toHaveLength(1);
      expect(r.body.errors[0].message).toMatch(new RegExp(`^Variable "\\$${name}" got invalid value .*; ${message}`));
      expect(r.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', error: { name: 'ValidationError', message, details: expect.objectContaining({ path }) } });
    }
    expect(await linked(id)).toEqual(before);
  });

  it('refuse a malformed literal with one error, before anything runs', async () => {
    const id = await created('Malformed literal');
    for (const [value, message] of [['true', 'Invalid relation value for chef'], ['[1.5]', 'Invalid relation id 1.5']] as const) {
      const field = value === 'true' ? 'chef' : 'categories';
      const r = await gql(served.server.base, `mutation { updateRestaurant(documentId: "${id}", data: { ${field}: ${value} }) { name } }`);
      expect(r.status, r.text).toBe(400);
      expect(codes(r)).toEqual(['BAD_USER_INPUT']);
      expect(r.body.errors[0].extensions.error.message).toBe(message);
    }
  });
});

describe('an ID that is an id takes what GraphQL\'s own ID takes', () => {
  const ID_REFUSED = 'ID cannot represent a non-string and non-integer value';

  it.each([
    ['documentId argument, object', '{ restaurant(documentId: { connect: "x" }) { name } }'],
    ['documentId argument, list', '{ restaurant(documentId: ["x"]) { name } }'],
    ['documentId argument, boolean', '{ restaurant(documentId: true) { name } }'],
    ['documentId argument, float', '{ restaurant(documentId: 1.5) { name } }'],
    ['documentId filter', '{ restaurants(filters: { documentId: { eq: { set: [] } } }) { name } }'],
    ['id filter list', '{ restaurants(filters: { id: { in: [1, [2]] } }) { name } }'],
    ['deep documentId filter', '{ chefs(filters: { restaurants: { documentId: { ne: { a: 1 } } } }) { name } }'],
    ['delete', 'mutation { deleteRestaurant(documentId: { documentId: "x" }) { documentId } }'],
  ])('a literal, %s: 400 GRAPHQL_VALIDATION_FAILED', async (_name, query) => {
    const r = await gql(served.server.base, query);
    expect(r.status, r.text).toBe(400);
    expect(codes(r)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(r.body.errors[0].message).toContain(ID_REFUSED);
  });

  it('a string or an integer literal is an id', async () => {
    const r = await gql(served.server.base, `{ a: restaurant(documentId: 12) { name } b: restaurants(filters: { documentId: { in: ["${served.data.restaurants['Sushi Zen']}", 7] } }) { name } }`);
    expect(r.body).toEqual({ data: { a: null, b: [{ name: 'Sushi Zen' }] } });
  });

  it('a variable not given has no value, whatever its name', async () => {
    const r = await gql(served.server.base, 'query ($constructor: ID, $toString: [ID]) { restaurants(filters: { documentId: { eq: $constructor, in: $toString } }) { name } }', {});
    expect(r.status, r.text).toBe(200);
    expect(r.body.errors).toBeUndefined();
  });

  it.each([
    ['an ID argument', 'query ($id: ID!) { restaurant(documentId: $id) { name } }', { id: { connect: 'x' } }, 'id', ''],
    ['a list of ids', 'query ($ids: [ID]) { restaurants(filters: { documentId: { in: $ids } }) { name } }', { ids: ['a', { b: 1 }] }, 'ids', ' at "ids[1]"'],
    ['a filter', 'query ($f: RestaurantFiltersInput) { restaurants(filters: $f) { name } }', { f: { documentId: { eq: { a: 1 } } } }, 'f', ' at "f.documentId.eq"'],
    ['a deep filter', 'query ($f: RestaurantFiltersInput) { restaurants(filters: $f) { name } }', { f: { or: [{ chef: { id: { in: [1, true] } } }] } }, 'f', ' at "f.or[0].chef.id.in[1]"'],
    ['a fragment', 'query ($id: ID!) { ...One } fragment One on Query { restaurant(documentId: $id) { name } }', { id: [] }, 'id', ''],
    ['a default value', 'query ($id: ID = { a: 1 }) { restaurant(documentId: $id) { name } }', {}, 'id', ''],
    ['a relation field and an id at once', 'mutation ($c: ID!) { updateRestaurant(documentId: $c, data: { chef: $c }) { name } }', { c: { connect: 'x' } }, 'c', ''],
  ])('a variable, %s: 400 BAD_USER_INPUT', async (_name, query, variables, name, at) => {
    const spies = [vi.spyOn(served.server.quarry.reads, 'page'), vi.spyOn(served.server.quarry.reads, 'one'), vi.spyOn(restaurants(), 'update')];
    const r = await gql(served.server.base, query, variables);
    for (const spy of spies) {
      expect(spy, 'nothing runs').not.toHaveBeenCalled();
      spy.mockRestore();
    }
    expect(r.status, r.text).toBe(400);
    expect(codes(r)).toEqual(['BAD_USER_INPUT']);
    expect(r.body.errors[0].message).toMatch(new RegExp(`^Variable "\\$${name}" got invalid value .*${at.replace(/[[\]$.]/g, '\\$&')}; ID cannot represent value`));
    expect(r.body.errors[0].locations).toHaveLength(1);
  });

  it('a refused delete deletes nothing', async () => {
    const id = await created('Kept');
    const r = await gql(served.server.base, 'mutation ($id: ID!) { deleteRestaurant(documentId: $id) { documentId } }', { id: { documentId: id } });
    expect(r.status).toBe(400);
    expect(await restaurants().findOne({ documentId: id })).not.toBeNull();
  });
});
