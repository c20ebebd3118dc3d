import { buildClientSchema, getIntrospectionQuery, printSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { graphqlSchemaOf } from '../../src/graphql/index.js';
import { call, startTestServer, type TestServer } from '../http/support.js';
import { ARTICLE, RESTAURANT, seed, type Seeded } from '../http/seed.js';
import { codes, gql } from './support.js';

let server: TestServer;
let data: Seeded;
let base: string;

beforeAll(async () => {
  server = await startTestServer('uws');
  base = server.base;
  data = await seed(server.quarry);
});
afterAll(async () => {
  await server?.stop();
});

describe('GraphQL over HTTP', () => {
  it('answers in the media type the client accepts', async () => {
    const query = '{ restaurants(sort: "name") { name } }';
    const preferred = await gql(base, query);
    expect(preferred.status).toBe(200);
    expect(preferred.headers.get('content-type')).toBe('application/graphql-response+json; charset=utf-8');
    expect(preferred.headers.get('access-control-allow-origin')).toBe('*');
    expect(preferred.body.data.restaurants[0]).toEqual({ name: 'Burger Barn' });
    const json = await gql(base, query, undefined, { accept: 'application/json' });
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const refused = await gql(base, query, undefined, { accept: 'application/graphql-response+json;q=0, application/json' });
    expect(refused.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(json.text).toBe(preferred.text);
  });

  it('runs queries from the query string of a GET, never mutations', async () => {
    const variables = encodeURIComponent(JSON.stringify({ n: 'Sushi Zen' }));
    const get = await call(base, 'GET', `/graphql?query=${encodeURIComponent('query ($n: String) { restaurants(filters: { name: { eq: $n } }) { stars } }')}&variables=${variables}`);
    expect(get.status).toBe(200);
    expect(get.body).toEqual({ data: { restaurants: [{ stars: 5 }] } });
    const mutation = await call(base, 'GET', `/graphql?query=${encodeURIComponent('mutation { deleteRestaurant(documentId: "x") { documentId } }')}`);
    expect(mutation.status).toBe(405);
    expect(mutation.headers.get('allow')).toBe('POST');
    expect(codes(mutation)).toEqual(['BAD_REQUEST']);
    const badVariables = await call(base, 'GET', '/graphql?query=%7B__typename%7D&variables=%7Bnope');
    expect(badVariables.status).toBe(400);
  });

  it('serves a self-contained explorer page on a GET without a query', async () => {
    const page = await fetch(`${base}/graphql`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<textarea id="query"');
    expect(html).toContain('__schema');
    expect(html).toMatch(/\w+\(pagination: \{ pageSize: 5 \}\)/);
    // Nothing fetched from elsewhere: no external scripts, styles or images.
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect((await fetch(`${base}/graphql/`)).status).toBe(200);
  });

  it('answers introspection, which GraphiQL and codegen read', async () => {
    const r = await gql(base, getIntrospectionQuery());
    expect(r.status).toBe(200);
    const schema = buildClientSchema(r.body.data);
    expect(printSchema(schema)).toBe(printSchema(graphqlSchemaOf(server.quarry)));
  });

  it('refuses requests that are not GraphQL requests', async () => {
    const noQuery = await call(base, 'POST', '/graphql', { json: { variables: {} } });
    expect(noQuery.status).toBe(400);
    expect(codes(noQuery)).toEqual(['BAD_REQUEST']);
    const notJson = await call(base, 'POST', '/graphql', { body: '{"query":', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect(codes(notJson)).toEqual(['BAD_REQUEST']);
    const form = await call(base, 'POST', '/graphql', { body: 'query={a}', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(400);
    const variables = await gql(base, '{ __typename }', [] as unknown as Record<string, unknown>);
    expect(variables.status).toBe(400);
    const put = await call(base, 'PUT', '/graphql', { json: { query: '{ __typename }' } });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    const preflight = await call(base, 'OPTIONS', '/graphql');
    expect(preflight.status).toBe(204);
    const unknownOperation = await call(base, 'POST', '/graphql', { json: { query: 'query A { __typename } query B { __typename }', operationName: 'C' } });
    expect(unknownOperation.status).toBe(400);
    const chosen = await call(base, 'POST', '/graphql', { json: { query: 'query A { a: __typename } query B { b: __typename }', operationName: 'B' } });
    expect(chosen.body).toEqual({ data: { b: 'Query' } });
  });
});

describe('errors in Strapi shapes', () => {
  it('a query that does not parse: 400 GRAPHQL_PARSE_FAILED', async () => {
    const r = await gql(base, '{ restaurants { name }');
    expect(r.status).toBe(400);
    expect(codes(r)).toEqual(['GRAPHQL_PARSE_FAILED']);
    expect(r.body.errors[0].locations).toEqual([{ line: 1, column: 23 }]);
  });

  it('a query that fails validation: 400 GRAPHQL_VALIDATION_FAILED, for every error found', async () => {
    const r = await gql(base, '{ restaurants { name nope } chefs(filters: { name: { eq: 3 } }) { secret } }');
    expect(r.status).toBe(400);
    expect(codes(r)).toEqual(['GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_VALIDATION_FAILED']);
    expect(r.body).not.toHaveProperty('data');
  });

  it('a variable of the wrong type: 400 BAD_USER_INPUT before anything runs', async () => {
    const r = await gql(base, 'query ($s: Int) { restaurants(filters: { stars: { eq: $s } }) { name } }', { s: 'five' });
    expect(r.status).toBe(400);
    expect(codes(r)).toEqual(['BAD_USER_INPUT']);
    expect(r.body.errors[0].message).toContain('Variable "$s" got invalid value "five"');
    const missing = await gql(base, 'query ($id: ID!) { restaurant(documentId: $id) { name } }', {});
    expect(missing.status).toBe(400);
    expect(codes(missing)).toEqual(['BAD_USER_INPUT']);
  });

  it('content the document service refuses: 200 BAD_USER_INPUT with extensions.error { name, message, details }', async () => {
    const r = await gql(base, '{ restaurants(filters: { id: { eq: "abc" } }) { name } }');
    expect(r.status).toBe(200);
    expect(r.body.data).toBeNull();
    expect(r.body.errors).toEqual([{
      message: expect.stringContaining('abc'),
      locations: [{ line: 1, column: 3 }],
      path: ['restaurants'],
      extensions: {
        code: 'BAD_USER_INPUT',
        error: { name: 'ValidationError', message: expect.any(String), details: expect.objectContaining({ path: 'filters.id.$eq' }) },
      },
    }]);
    const sort = await gql(base, '{ restaurants(sort: "nope:asc") { name } }');
    expect(codes(sort)).toEqual(['BAD_USER_INPUT']);
    const create = await gql(base, 'mutation { createRestaurant(data: { stars: 2 }) { name } }');
    expect(create.status).toBe(200);
    expect(create.body.data).toEqual({ createRestaurant: null });
    expect(create.body.errors[0].extensions).toEqual({
      code: 'BAD_USER_INPUT', error: { name: 'ValidationError', message: 'name must be defined.', details: { path: 'data.name', key: 'name' } },
    });
  });

  it('other application errors: STRAPI_<NAME>, and one error per cause, not per entry', async () => {
    const r = await gql(base, '{ restaurants(pagination: { page: 1, start: 0 }) { name } }');
    expect(r.status).toBe(200);
    expect(codes(r)).toEqual(['STRAPI_PAGINATION_ERROR']);
    expect(r.body.errors[0].extensions.error.name).toBe('PaginationError');
    const nested = await gql(base, '{ restaurants { name categories(filters: { id: { eq: "x" } }) { name } } }');
    expect(codes(nested)).toEqual(['BAD_USER_INPUT']);
  });

  it('a documentId that names nothing: null, as Strapi answers, for reads and updates', async () => {
    const read = await gql(base, '{ restaurant(documentId: "nosuchdocument0000000000") { name } }');
    expect(read.body).toEqual({ data: { restaurant: null } });
    const update = await gql(base, 'mutation { updateRestaurant(documentId: "nosuchdocument0000000000", data: { stars: 1 }) { name } }');
    expect(update.body).toEqual({ data: { updateRestaurant: null } });
  });
});

describe('depth and cost limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer('node', { graphql: { maxDepth: 3, maxCost: 60 } }, server.quarry);
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it('refuses an operation nested past maxDepth before it runs, naming the limit', async () => {
    const spy = vi.spyOn(server.quarry.reads, 'page');
    const r = await gql(limited.base, '{ restaurants { chef { restaurants { name } } } }');
    expect(r.status).toBe(400);
    expect(codes(r)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(r.body.errors[0].message).toBe('Query depth 4 exceeds the depth limit of 3 (setting graphql.maxDepth)');
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    const ok = await gql(limited.base, '{ restaurants(pagination: { pageSize: 2 }) { chef { name } } }');
    expect(ok.status).toBe(200);
  });

  it('refuses an operation costing more than maxCost, page sizes multiplying', async () => {
    // 1 + 19 × (name, chef, chef.name) = 58 field values: within 60.
    expect((await gql(limited.base, '{ restaurants(pagination: { pageSize: 19 }) { name chef { name } } }')).status).toBe(200);
    // 1 + 20 × 3 = 61.
    const over = await gql(limited.base, '{ restaurants(pagination: { pageSize: 20 }) { name chef { name } } }');
    expect(over.status).toBe(400);
    expect(over.body.errors[0].message).toMatch(/^Query cost 61 exceeds the cost limit of 60 \(setting graphql\.maxCost\)/);
    // A page size given by a variable counts as the largest one.
    const variable = await gql(limited.base, 'query ($p: PaginationArg) { restaurants(pagination: $p) { name } }', { p: { pageSize: 1 } });
    expect(variable.status).toBe(400);
    // Fragments count where they are spread.
    const spread = await gql(limited.base, '{ restaurants(pagination: { pageSize: 20 }) { ...R } } fragment R on Restaurant { name stars price }');
    expect(spread.body.errors[0].message).toMatch(/^Query cost 61 /);
  });

  it('does not count introspection', async () => {
    const r = await gql(limited.base, getIntrospectionQuery());
    expect(r.status).toBe(200);
  });
});

describe('relations in queries', () => {
  it('resolve each level with one batched read, in stored order', async () => {
    const spy = vi.spyOn(server.quarry.reads, 'related');
    const r = await gql(base, '{ restaurants(sort: "name") { name categories { name restaurants { name chef { name } } } } }');
    expect(r.body.errors).toBeUndefined();
    const green = r.body.data.restaurants.find((x: { name: string }) => x.name === 'Green Fork');
    expect(green.categories.map((c: { name: string }) => c.name)).toEqual(['Vegan', 'French']);
    expect(green.categories[0].restaurants.map((x: { name: string; chef: { name: string } }) => [x.name, x.chef.name]))
      .toEqual([['Sushi Zen', 'Eva Tanaka'], ['Green Fork', 'Ana Souza']]);
    // Three levels of relations, five restaurants, several categories each: three reads.
    const byType = (uid: string) => spy.mock.calls.filter((c) => c[0] === uid);
    expect(['api::restaurant.restaurant', 'api::category.category', 'api::chef.chef'].map((uid) => byType(uid).length)).toEqual([2, 1, 0]);
    expect(byType('api::restaurant.restaurant')[0]![2]).toHaveLength(5);
    spy.mockRestore();
  });

  it('take their own filters, sort and pagination', async () => {
    const r = await gql(base, `{ chefs(filters: { name: { eq: "Ana Souza" } }) {
      all: restaurants { name }
      sorted: restaurants(sort: "stars:desc") { name }
      filtered: restaurants(filters: { open: { eq: false } }) { name }
      paged: restaurants(pagination: { start: 1, limit: 1 }) { name }
    } }`);
    expect(r.body.data.chefs).toEqual([{
      all: [{ name: 'Pizza Napoli' }, { name: 'Green Fork' }],
      sorted: [{ name: 'Pizza Napoli' }, { name: 'Green Fork' }],
      filtered: [{ name: 'Green Fork' }],
      paged: [{ name: 'Green Fork' }],
    }]);
  });

  it('show the versions the root asked for (status), and connections page like REST', async () => {
    const articles = server.quarry.documents(ARTICLE);
    const article = await articles.create({ data: { title: 'Guide' }, status: 'published' });
    await articles.update({ documentId: article.documentId as string, data: { title: 'Guide (draft)' }, status: 'draft' });
    await server.quarry.documents(RESTAURANT).update({ documentId: data.restaurants['Sushi Zen']!, data: { articles: [article.documentId] } });
    const query = (status: string) => `{ restaurants(status: ${status}, filters: { name: { eq: "Sushi Zen" } }) { articles { title } } }`;
    expect((await gql(base, query('PUBLISHED'))).body.data.restaurants).toEqual([{ articles: [{ title: 'Guide' }] }]);
    expect((await gql(base, query('DRAFT'))).body.data.restaurants).toEqual([{ articles: [{ title: 'Guide (draft)' }] }]);
    const drafts = await gql(base, '{ articles(status: DRAFT) { title publishedAt } }');
    expect(drafts.body.data.articles).toEqual([{ title: 'Guide (draft)', publishedAt: null }]);

    const page = await gql(base, '{ restaurants_connection(sort: "name", pagination: { page: 2, pageSize: 2 }) { nodes { name } pageInfo { page pageSize pageCount total } } }');
    expect(page.body.data.restaurants_connection).toEqual({
      nodes: [{ name: 'Le Petit Bistro' }, { name: 'Pizza Napoli' }], pageInfo: { page: 2, pageSize: 2, pageCount: 3, total: 5 },
    });
    const offset = await gql(base, '{ restaurants_connection(pagination: { start: 4, limit: 2 }) { pageInfo { page pageSize pageCount total } } }');
    expect(offset.body.data.restaurants_connection.pageInfo).toEqual({ page: 3, pageSize: 2, pageCount: 3, total: 5 });
    const capped = await gql(base, '{ restaurants_connection(pagination: { pageSize: 500 }) { pageInfo { pageSize } } }');
    expect(capped.body.data.restaurants_connection.pageInfo.pageSize).toBe(100);
  });

  it('take a locale on localized types', async () => {
    const tags = server.quarry.documents('api::tag.tag');
    const tag = await tags.create({ data: { name: 'Terrace', code: 'terrace' } });
    await tags.update({ documentId: tag.documentId as string, locale: 'fr', data: { name: 'Terrasse' } });
    const fr = await gql(base, '{ tags(locale: "fr") { name code locale } }');
    expect(fr.body.data.tags).toEqual([{ name: 'Terrasse', code: 'terrace', locale: 'fr' }]);
    const one = await gql(base, `{ tag(documentId: "${String(tag.documentId)}") { name locale } }`);
    expect(one.body.data.tag).toEqual({ name: 'Terrace', locale: 'en' });
  });
});

describe('relation fields (ID / [ID])', () => {
  const read = async (documentId: string) =>
    ((await server.quarry.documents(RESTAURANT).findOne({ documentId, populate: { categories: { fields: ['name'] }, chef: { fields: ['name'] } } }))!);
  const categoryNames = async (documentId: string) => ((await read(documentId)).categories as { name: string }[]).map((c) => c.name);

  it('take literals: a single id for a to-one, lists, and connect with positions', async () => {
    const c = data.categories;
    const r = await gql(base, `mutation {
      createRestaurant(data: { name: "Literal", chef: "${data.chefs['Eva Tanaka']}", categories: ["${c.French}", "${c.Vegan}"] }) { documentId chef { name } categories { name } }
    }`);
    expect(r.body.errors).toBeUndefined();
    const created = r.body.data.createRestaurant;
    expect(created).toMatchObject({ chef: { name: 'Eva Tanaka' }, categories: [{ name: 'French' }, { name: 'Vegan' }] });
    const moved = await gql(base, `mutation {
      updateRestaurant(documentId: "${created.documentId}", data: {
        categories: { connect: ["${c.Italian}", { documentId: "${c.Japanese}", position: { before: "${c.French}" } }], disconnect: ["${c.Vegan}"] }
      }) { categories { name } }
    }`);
    expect(moved.body.data.updateRestaurant.categories.map((x: { name: string }) => x.name)).toEqual(['Japanese', 'French', 'Italian']);
  });

  it('take variables inside literals', async () => {
    const query = 'mutation ($a: ID, $b: ID) { createRestaurant(data: { name: "Mixed", categories: { connect: [$a, { documentId: $b, position: { start: true } }] } }) { categories { name } } }';
    const r = await gql(base, query, { a: data.categories.French, b: data.categories.Vegan });
    expect(r.body.data.createRestaurant.categories).toEqual([{ name: 'Vegan' }, { name: 'French' }]);
    // Their shape is known only once the variables are: the document service refuses it (200), writing nothing.
    const bad = await gql(base, query, { a: data.categories.French, b: '' });
    expect(bad.status).toBe(200);
    expect(codes(bad)).toEqual(['BAD_USER_INPUT']);
    expect(bad.body.data).toEqual({ createRestaurant: null });
  });

  it('refuse a malformed shape before anything runs, as a literal or a variable (400 BAD_USER_INPUT)', async () => {
    const id = data.restaurants['Burger Barn']!;
    const before = await read(id);
    const literal = await gql(base, `mutation {
      a: updateRestaurant(documentId: "${id}", data: { description: "first" }) { name }
      b: updateRestaurant(documentId: "${id}", data: { categories: { connect: [{ documentId: "x", position: { middle: true } }] } }) { name }
    }`);
    expect(literal.status).toBe(400);
    expect(codes(literal)).toEqual(['BAD_USER_INPUT']);
    expect(literal.body.errors[0].message).toContain('Expected value of type "[ID]"');
    expect(literal.body.errors[0].extensions.error).toMatchObject({ name: 'ValidationError', message: 'Invalid key middle in position' });
    // Neither mutation ran: the first one, valid, was not executed either.
    expect(await read(id)).toEqual(before);

    for (const bad of [{ connect: [42.5] }, { connect: 'a', nope: true }, true, { set: [{}] }, [{ documentId: 'a', id: 1 }]]) {
      const variable = await gql(base, 'mutation ($id: ID!, $d: RestaurantInput!) { updateRestaurant(documentId: $id, data: $d) { name } }', { id, d: { categories: bad } });
      expect(variable.status, JSON.stringify(bad)).toBe(400);
      expect(codes(variable)).toEqual(['BAD_USER_INPUT']);
      expect(variable.body.errors[0].message).toMatch(/^Variable "\$d" got invalid value/);
    }
    const toOne = await gql(base, `mutation { updateRestaurant(documentId: "${id}", data: { chef: { connect: [{ position: { start: true } }] } }) { name } }`);
    expect(toOne.status).toBe(400);
    expect(await read(id)).toEqual(before);
  });

  it('leave rules about the stored data to the document service (200 BAD_USER_INPUT), nothing written', async () => {
    const id = data.restaurants['Le Petit Bistro']!;
    const before = await categoryNames(id);
    const r = await gql(base, `mutation { updateRestaurant(documentId: "${id}", data: { name: "Renamed", categories: { set: [], connect: ["${data.categories.Vegan}"] } }) { name } }`);
    expect(r.status).toBe(200);
    expect(codes(r)).toEqual(['BAD_USER_INPUT']);
    expect(await categoryNames(id)).toEqual(before);
    expect((await read(id)).name).toBe('Le Petit Bistro');
  });

  it('delete returns the documentId', async () => {
    const created = await server.quarry.documents(RESTAURANT).create({ data: { name: 'Short-lived' } });
    const r = await gql(base, `mutation { deleteRestaurant(documentId: "${String(created.documentId)}") { documentId } }`);
    expect(r.body).toEqual({ data: { deleteRestaurant: { documentId: created.documentId } } });
    expect(await server.quarry.documents(RESTAURANT).findOne({ documentId: created.documentId as string })).toBeNull();
  });
});

describe.each(['uws', 'node'] as const)('the %s transport', (transport) => {
  it('serves /graphql from the same core', async () => {
    const other = await startTestServer(transport, {}, server.quarry);
    try {
      const r = await gql(other.base, '{ chefs(sort: "name") { name } }');
      expect(r.body.data.chefs.map((c: { name: string }) => c.name)).toEqual(['Ana Souza', 'Chloé Martin', 'Eva Tanaka']);
      const head = await fetch(`${other.base}/graphql`, { method: 'HEAD' });
      expect(head.status).toBe(200);
    } finally {
      await other.stop();
    }
  });
});
