import { execute, parse, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphqlContext } from '../../src/graphql/context.js';
import { FALLBACK, planQuery, runQueryPlan } from '../../src/graphql/fast-path.js';
import { graphqlSchemaOf } from '../../src/graphql/index.js';
import { RawJson } from '../../src/graphql/raw-json.js';
import { realProject } from '../../fixtures/real-projects.js';
import { seed, type Seeded } from '../http/seed.js';
import { source } from '../query/filters/fixtures.js';
import { tempQuarry } from '../support/temp-quarry.js';

const quarry = tempQuarry();
const schema = graphqlSchemaOf(quarry);
let data: Seeded;
beforeAll(async () => {
  data = await seed(quarry);
});
afterAll(async () => {
  await quarry.dispose();
});

const operationOf = (query: string) => {
  const document = parse(query);
  return { document, operation: document.definitions.find((d) => d.kind === 'OperationDefinition') as OperationDefinitionNode };
};

async function both(query: string, variables?: Record<string, unknown>, on = schema) {
  const { document, operation } = operationOf(query);
  const plan = planQuery(on, document, operation);
  expect(plan, 'a plan').toBeDefined();
  const fast = await runQueryPlan(on, plan!, variables, new GraphqlContext({}));
  const full = await execute({ schema: on, document, variableValues: variables, contextValue: new GraphqlContext({}) });
  return { fast: fast === FALLBACK ? fast : Buffer.concat(fast.parts).toString(), full };
}

/** The compiled path must print exactly what graphql-js's answer prints as, key order included. */
describe('the fast path', () => {
  it.each([
    ['a list with every scalar', '{ restaurants(sort: "name") { documentId name stars open price description createdAt updatedAt publishedAt } }'],
    ['aliases, __typename and repeated fields merged', '{ a: restaurants(sort: "name:desc", pagination: { limit: 2 }) { __typename n: name name chef { name } chef { country } } b: chefs { name } }'],
    ['fragments and inline fragments', '{ restaurants { ...R ... on Restaurant { stars } ... { open } } } fragment R on Restaurant { name categories { ...C } } fragment C on Category { name }'],
    ['relations with their own arguments, three levels', '{ chefs(sort: "name") { name restaurants(sort: "stars:desc", pagination: { pageSize: 1 }) { name categories(filters: { name: { ne: "Vegan" } }) { name restaurants { name } } } } }'],
    ['a connection', '{ restaurants_connection(pagination: { page: 2, pageSize: 2 }, sort: "name") { nodes { name } pageInfo { page pageSize pageCount total } } }'],
    ['nulls where the type allows them', '{ restaurants(filters: { name: { eq: "Burger Barn" } }) { description categories { name } } x: restaurant(documentId: "nosuchdocument0000000000") { name } }'],
  ])('%s', async (_name, query) => {
    const { fast, full } = await both(query);
    expect(full.errors).toBeUndefined();
    expect(fast).toBe(JSON.stringify({ data: full.data }));
  });

  it('takes variables, and reuses their coercion for the same values', async () => {
    const query = 'query ($f: RestaurantFiltersInput, $p: PaginationArg) { restaurants(filters: $f, pagination: $p, sort: "name") { name } }';
    const variables = { f: { or: [{ stars: { gte: 4 } }, { chef: { name: { startsWith: 'Ana' } } }] }, p: { pageSize: 3 } };
    const { fast, full } = await both(query, variables);
    expect(fast).toBe(JSON.stringify({ data: full.data }));
    const { document, operation } = operationOf(query);
    const plan = planQuery(schema, document, operation)!;
    await runQueryPlan(schema, plan, variables, new GraphqlContext({}));
    await runQueryPlan(schema, plan, { ...variables }, new GraphqlContext({}));
    expect(plan.argsByVariables.size).toBe(1);
  });

  it('gives up, for graphql-js to answer, on errors and bad variables', async () => {
    const bad = operationOf('{ restaurants(filters: { id: { eq: "x" } }) { name } }');
    expect(await runQueryPlan(schema, planQuery(schema, bad.document, bad.operation)!, undefined, new GraphqlContext({}))).toBe(FALLBACK);
    const variables = operationOf('query ($s: Int) { restaurants(filters: { stars: { eq: $s } }) { name } }');
    expect(runQueryPlan(schema, planQuery(schema, variables.document, variables.operation)!, { s: 'x' }, new GraphqlContext({}))).toBe(FALLBACK);
  });

  it('gives up on an object where an ID is an id, which graphql-js\'s coercion lets through, and keeps no arguments for it', () => {
    const { document, operation } = operationOf('query ($f: RestaurantFiltersInput, $id: ID) { restaurants(filters: $f) { name } restaurant(documentId: $id) { name } }');
    const plan = planQuery(schema, document, operation)!;
    for (const variables of [{ f: { documentId: { eq: { connect: 'x' } } } }, { id: { set: [] } }, { f: { chef: { documentId: { in: ['a', ['b']] } } } }]) {
      expect(runQueryPlan(schema, plan, variables, new GraphqlContext({})), JSON.stringify(variables)).toBe(FALLBACK);
    }
    expect(plan.argsByVariables.size).toBe(0);
    expect(runQueryPlan(schema, plan, { f: { documentId: { eq: 'x' } }, id: 12 }, new GraphqlContext({}))).toBeInstanceOf(RawJson);
  });

  it('answers at once, without a promise, when every list runs inline', () => {
    const { document, operation } = operationOf('{ restaurants_connection(sort: "name") { nodes { name } pageInfo { total } } }');
    const fast = runQueryPlan(schema, planQuery(schema, document, operation)!, undefined, new GraphqlContext({}));
    expect(fast).toBeInstanceOf(RawJson);
    expect(JSON.parse(Buffer.concat((fast as RawJson).parts).toString()).data.restaurants_connection.pageInfo.total).toBe(Object.keys(data.restaurants).length);
  });

  it('gives up on a field that throws at once, leaving no rejection of its started siblings unhandled', async () => {
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', note);
    try {
      // `a`'s categories are read after this turn and fail; `b` fails at once, while `a` is pending.
      const { document, operation } = operationOf('{ a: restaurants { categories(filters: { id: { eq: "x" } }) { name } } b: restaurants(filters: { id: { eq: "x" } }) { name } }');
      expect(runQueryPlan(schema, planQuery(schema, document, operation)!, undefined, new GraphqlContext({}))).toBe(FALLBACK);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', note);
    }
  });

  it('prints every kind of scalar as graphql-js\'s answer prints', async () => {
    const gadgets = tempQuarry([source('api::gadget.gadget', {
      info: { singularName: 'gadget', pluralName: 'gadgets', displayName: 'Gadget' },
      attributes: {
        title: { type: 'string' }, kind: { type: 'enumeration', enum: ['news', 'so-so'] }, big: { type: 'biginteger' },
        ratio: { type: 'float' }, price: { type: 'decimal' }, count: { type: 'integer' }, on: { type: 'boolean' },
        day: { type: 'date' }, at: { type: 'datetime' }, time: { type: 'time' }, meta: { type: 'json' },
      },
    })]);
    try {
      const service = gadgets.documents('api::gadget.gadget');
      await service.create({ data: {
        title: 'Quote " backslash \\ tab \t é 日本 \u2028', kind: 'so-so', big: '9007199254740993', ratio: -0, price: 1e21, count: -7,
        on: false, day: '2024-02-29', at: '2024-02-29T12:00:00.000Z', time: '12:30:00', meta: { a: [1, 'x', null, { b: true }], 'k"': 1.5 },
      } });
      await service.create({ data: { title: 'empty' } });
      const gadgetSchema = graphqlSchemaOf(gadgets);
      for (const query of [
        '{ gadgets(sort: "title") { title kind big ratio price count on day at time meta } }',
        '{ gadgets(sort: "title") { __typename documentId t: title meta } gadgets_connection { pageInfo { total } } }',
      ]) {
        const { document, operation } = operationOf(query);
        const fast = await runQueryPlan(gadgetSchema, planQuery(gadgetSchema, document, operation)!, undefined, new GraphqlContext({}));
        const full = await execute({ schema: gadgetSchema, document, contextValue: new GraphqlContext({}) });
        expect(full.errors).toBeUndefined();
        expect(fast).toBeInstanceOf(RawJson);
        expect(Buffer.concat((fast as RawJson).parts).toString()).toBe(JSON.stringify({ data: full.data }));
      }
    } finally {
      await gadgets.dispose();
    }
  });

  it('runs components and dynamic zones as graphql-js does, fragments on a zone and on its members included', async () => {
    const launchpad = tempQuarry(realProject('launchpad'));
    try {
      const article = await launchpad.documents('api::article.article').create({ data: { title: 'Read me', description: 'd' }, status: 'published' });
      await launchpad.documents('api::article.article').create({
        data: { title: 'Holder', description: 'd', seo: { metaTitle: 'Seo', metaDescription: 'A description long enough for the fifty characters it needs' }, dynamic_zone: [
          { __component: 'dynamic-zone.related-articles', heading: 'More', articles: [article.documentId] },
          { __component: 'dynamic-zone.cta', heading: 'Go', CTAs: [{ text: 'a' }, { text: 'b', target: '_blank' }] },
        ] },
        status: 'published',
      });
      const on = graphqlSchemaOf(launchpad);
      for (const [query, shows] of [
        ['{ articles(sort: "title") { title seo { id metaTitle } dynamic_zone { __typename ... on ComponentDynamicZoneCta { id heading CTAs(pagination: { limit: 1 }) { text target } } ...Related } } }'
          + ' fragment Related on ArticleDynamicZoneDynamicZone { ... on ComponentDynamicZoneRelatedArticles { heading articles { title } } }',
        '{"__typename":"ComponentDynamicZoneRelatedArticles","heading":"More","articles":[{"title":"Read me"}]}'],
        ['{ articles(filters: { title: { eq: "Holder" } }) { dynamic_zone { ...Cta } } } fragment Cta on ComponentDynamicZoneCta { CTAs { text } }',
          '"dynamic_zone":[{},{"CTAs":[{"text":"a"},{"text":"b"}]}]'],
      ] as const) {
        const { fast, full } = await both(query, undefined, on);
        expect(full.errors).toBeUndefined();
        expect(fast).toBe(JSON.stringify({ data: full.data }));
        expect(fast).toContain(shows);
      }
    } finally {
      await launchpad.dispose();
    }
  });

  it('is not used for mutations, directives or introspection', () => {
    for (const query of [
      `mutation { deleteRestaurant(documentId: "${data.restaurants['Sushi Zen']}") { documentId } }`,
      'query ($a: Boolean!) { restaurants { name @include(if: $a) } }',
      '{ __schema { queryType { name } } }',
    ]) {
      const { document, operation } = operationOf(query);
      expect(planQuery(schema, document, operation)).toBeUndefined();
    }
  });
});
