import { describe, expect, it } from 'vitest';
import { graphqlSchemaOf } from '../../src/graphql/index.js';
import { call } from '../http/support.js';
import { HOMEPAGE, singleTypeServer } from '../support/single-types.js';
import { codes, gql } from './support.js';

/**
 * A single type in GraphQL, as Strapi 5.54's plugin serves it (checked on the peer): a
 * `<singular>(status, locale)` query that answers null while there is no document,
 * `update<Type>(data, status, locale)`, which creates the document when there is none, and
 * `delete<Type>(locale)`, a `STRAPI_NOT_FOUND_ERROR` when there is none; no list, connection or
 * `create<Type>`.
 */

const served = singleTypeServer();
const { dishes } = served;

const data = async (query: string, variables?: Record<string, unknown>) => {
  const r = await gql(served.base, query, variables);
  expect(r.body.errors).toBeUndefined();
  return r.body.data;
};

describe('the schema', () => {
  it('has a query and two mutations per single type, with Strapi\'s arguments', () => {
    const schema = graphqlSchemaOf(served.server.quarry);
    const query = schema.getQueryType()!.getFields();
    const mutation = schema.getMutationType()!.getFields();
    const args = (field: { args: readonly { name: string; type: unknown }[] } | undefined) => field?.args.map((a) => `${a.name}: ${String(a.type)}`);
    expect(args(query.homepage)).toEqual(['status: PublicationStatus']);
    expect(args(query.footer)).toEqual(['status: PublicationStatus', 'locale: I18NLocaleCode']);
    expect(String(query.footer!.type)).toBe('Footer');
    expect(args(mutation.updateHomepage)).toEqual(['data: HomepageInput!', 'status: PublicationStatus']);
    expect(args(mutation.updateFooter)).toEqual(['data: FooterInput!', 'status: PublicationStatus', 'locale: I18NLocaleCode']);
    expect(args(mutation.deleteHomepage)).toEqual([]);
    expect(args(mutation.deleteFooter)).toEqual(['locale: I18NLocaleCode']);
    expect(String(mutation.deleteFooter!.type)).toBe('DeleteMutationResponse');
    for (const name of ['homepages', 'homepages_connection']) expect(query[name]).toBeUndefined();
    expect(mutation.createHomepage).toBeUndefined();
    expect(Object.keys(query)).toEqual(expect.arrayContaining(['dishes', 'dishes_connection', 'dish']));
  });

  it('refuses a plural query as any unknown field', async () => {
    const r = await gql(served.base, '{ homepages { title } }');
    expect([r.status, codes(r)]).toEqual([400, ['GRAPHQL_VALIDATION_FAILED']]);
  });
});

describe('the query and the mutations', () => {
  it('the query is null while there is no document; update creates it, then updates it', async () => {
    expect(await data('{ homepage { title } }')).toEqual({ homepage: null });
    const created = (await data('mutation { updateHomepage(data: { title: "Home" }) { documentId title subtitle } }')).updateHomepage;
    expect(created).toEqual({ documentId: expect.any(String), title: 'Home', subtitle: null });
    const updated = (await data('mutation ($d: HomepageInput!) { updateHomepage(data: $d) { documentId title subtitle } }', { d: { subtitle: 'Welcome' } })).updateHomepage;
    expect(updated).toEqual({ documentId: created.documentId, title: 'Home', subtitle: 'Welcome' });
    expect(await data('{ homepage { documentId title subtitle } }')).toEqual({ homepage: updated });
    expect(await served.server.quarry.documents(HOMEPAGE).count()).toBe(1);
  });

  it('relations are written as REST writes them and read with their own arguments', async () => {
    await data('mutation ($f: [ID], $s: ID) { updateHomepage(data: { title: "Home", featured: $f, special: $s }) { title } }', {
      f: { connect: [dishes.Soup, { documentId: dishes.Stew, position: { start: true } }] }, s: dishes.Stew,
    });
    expect(await data('{ homepage { special { name } featured { name } cheap: featured(filters: { price: { lt: 10 } }) { name } } }')).toEqual({
      homepage: { special: { name: 'Stew' }, featured: [{ name: 'Stew' }, { name: 'Soup' }], cheap: [{ name: 'Soup' }] },
    });
  });

  it('delete answers the documentId, and STRAPI_NOT_FOUND_ERROR when there is no document', async () => {
    const missing = await gql(served.base, 'mutation { deleteHomepage { documentId } }');
    expect(missing.status).toBe(200);
    expect(missing.body).toEqual({
      data: { deleteHomepage: null },
      errors: [expect.objectContaining({
        message: 'Document not found', path: ['deleteHomepage'],
        extensions: { code: 'STRAPI_NOT_FOUND_ERROR', error: { name: 'NotFoundError', message: 'Document not found', details: {} } },
      })],
    });
    const { documentId } = (await data('mutation { updateHomepage(data: { title: "Home" }) { documentId } }')).updateHomepage;
    expect(await data('mutation { deleteHomepage { documentId } }')).toEqual({ deleteHomepage: { documentId } });
    expect(await data('{ homepage { title } }')).toEqual({ homepage: null });
  });

  it('data the document service refuses is BAD_USER_INPUT, and nothing is written', async () => {
    for (const input of ['{ subtitle: "hi" }', '{ title: "Home", subtitle: "far too long" }', '{ title: "Home", special: "nosuchdocumentidnosuchdo" }']) {
      const r = await gql(served.base, `mutation { updateHomepage(data: ${input}) { title } }`);
      expect([input, r.status, codes(r), r.body.data]).toEqual([input, 200, ['BAD_USER_INPUT'], { updateHomepage: null }]);
    }
    expect(served.server.quarry.singleType(HOMEPAGE).documentId()).toBeUndefined();
  });
});

describe('draft & publish and locales', () => {
  it('update publishes unless status: DRAFT; the query reads the published version unless status: DRAFT', async () => {
    const draft = (await data('mutation { updateAbout(data: { title: "Draft" }, status: DRAFT) { title publishedAt } }')).updateAbout;
    expect(draft).toEqual({ title: 'Draft', publishedAt: null });
    expect(await data('{ about { title } draft: about(status: DRAFT) { title } }')).toEqual({ about: null, draft: { title: 'Draft' } });
    await data('mutation { updateAbout(data: { title: "Published" }) { title } }');
    await data('mutation { updateAbout(data: { title: "Newer draft" }, status: DRAFT) { title } }');
    expect(await data('{ about { title } draft: about(status: DRAFT) { title } }')).toEqual({ about: { title: 'Published' }, draft: { title: 'Newer draft' } });
  });

  it('locale picks the version read, written and deleted; a new locale joins the one document', async () => {
    const fr = (await data('mutation { updateFooter(locale: "fr", data: { text: "Bonjour", code: "F1" }) { documentId text locale } }')).updateFooter;
    expect(fr).toEqual({ documentId: expect.any(String), text: 'Bonjour', locale: 'fr' });
    expect(await data('{ footer { text } fr: footer(locale: "fr") { text } }')).toEqual({ footer: null, fr: { text: 'Bonjour' } });
    const en = (await data('mutation { updateFooter(data: { text: "Hello" }) { documentId code locale } }')).updateFooter;
    expect(en).toEqual({ documentId: fr.documentId, code: 'F1', locale: 'en' });
    expect(await data('mutation { deleteFooter(locale: "fr") { documentId } }')).toEqual({ deleteFooter: { documentId: fr.documentId } });
    expect(await data('{ footer { text } fr: footer(locale: "fr") { text } }')).toEqual({ footer: { text: 'Hello' }, fr: null });
  });

  it('a localized draft & publish type keeps versions per locale', async () => {
    await data('mutation { updateBanner(locale: "fr", status: DRAFT, data: { text: "brouillon" }) { text } }');
    expect(await data('{ banner(locale: "fr") { text } draft: banner(locale: "fr", status: DRAFT) { text } }'))
      .toEqual({ banner: null, draft: { text: 'brouillon' } });
    await data('mutation { updateBanner(locale: "fr", data: { text: "publié" }) { text } }');
    expect(await data('{ banner(locale: "fr") { text locale } }')).toEqual({ banner: { text: 'publié', locale: 'fr' } });
  });

  it('REST sees what GraphQL wrote', async () => {
    await data('mutation { updateFooter(data: { text: "Hello" }) { text } }');
    expect((await call(served.base, 'GET', '/api/footer')).body.data.text).toBe('Hello');
  });
});
