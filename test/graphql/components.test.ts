import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { realProject } from '../../fixtures/real-projects.js';
import { startTestServer, type TestServer } from '../http/support.js';
import { codes, gql } from './support.js';

/** Components, dynamic zones and media over GraphQL, on LaunchPad's models (Strapi's own v5 demo), served over HTTP. */

let server: TestServer;
const files: { id: number; documentId: string }[] = [];

beforeAll(async () => {
  server = await startTestServer('node', {}, undefined, realProject('launchpad'));
  for (const name of ['a.png', 'b.png', 'c.png']) {
    files.push(await server.quarry.documents('plugin::upload.file').create({
      data: { name, hash: name, mime: 'image/png', size: 1.5, url: `/uploads/${name}`, provider: 'local' },
    }) as never);
  }
});
afterAll(async () => {
  await server?.stop();
});

const ask = async (query: string, variables?: Record<string, unknown>) => {
  const answer = await gql(server.base, query, variables);
  return { status: answer.status, data: answer.body.data, errors: answer.body.errors as { message: string; extensions: Record<string, any> }[] | undefined, codes: codes(answer) };
};
const data = async (query: string, variables?: Record<string, unknown>) => {
  const answer = await ask(query, variables);
  expect(answer.errors).toBeUndefined();
  return answer.data;
};

const SEO = { metaTitle: 'Home', metaDescription: 'A description long enough for the fifty characters it needs' };
const HERO = { __typename: 'ComponentDynamicZoneHero', heading: 'Launch', CTAs: [{ text: 'Start', target: '_blank' }, { text: 'Docs' }] };
const PAGE_FIELDS = `documentId slug
  seo { id metaTitle metaImage { name url } }
  dynamic_zone { __typename ... on ComponentDynamicZoneHero { id heading CTAs { id text target } } ... on ComponentDynamicZoneFaq { id heading } }`;

async function createPage(slug: string, fields = PAGE_FIELDS, extra: Record<string, unknown> = {}) {
  const created = await data(`mutation ($data: PageInput!) { createPage(data: $data) { ${fields} } }`, {
    data: { slug, seo: { ...SEO, metaImage: files[0]!.documentId }, dynamic_zone: [HERO, { __typename: 'ComponentDynamicZoneFaq', heading: 'FAQ' }], ...extra },
  });
  return created.createPage;
}

describe('components, dynamic zones and media', () => {
  it("writes and answers them as Strapi's GraphQL does: ids as ID, union members by __typename, enum values by their GraphQL names", async () => {
    const page = await createPage('home');
    expect(page).toEqual({
      documentId: expect.any(String),
      slug: 'home',
      seo: { id: expect.any(String), metaTitle: 'Home', metaImage: { name: 'a.png', url: '/uploads/a.png' } },
      dynamic_zone: [
        {
          __typename: 'ComponentDynamicZoneHero', id: expect.any(String), heading: 'Launch',
          CTAs: [{ id: expect.any(String), text: 'Start', target: 'blank' }, { id: expect.any(String), text: 'Docs', target: null }],
        },
        { __typename: 'ComponentDynamicZoneFaq', id: expect.any(String), heading: 'FAQ' },
      ],
    });
  });

  it('reads them back through lists, connections, documents and fragments, named or inline', async () => {
    const { documentId } = await createPage('fragments');
    const query = `query ($id: ID!) {
      page(documentId: $id) { ...Page }
      pages(filters: { slug: { eq: "fragments" } }) { ...Page }
      pages_connection(filters: { slug: { eq: "fragments" } }) { nodes { ...Page } }
    }
    fragment Page on Page { seo { ...Seo } dynamic_zone { ...Zone } }
    fragment Seo on ComponentSharedSeo { metaTitle metaImage { name } }
    fragment Zone on PageDynamicZoneDynamicZone { __typename ... on ComponentDynamicZoneHero { CTAs { text } } ...Faq }
    fragment Faq on ComponentDynamicZoneFaq { heading }`;
    const read = await data(query, { id: documentId });
    const expected = {
      seo: { metaTitle: 'Home', metaImage: { name: 'a.png' } },
      dynamic_zone: [{ __typename: 'ComponentDynamicZoneHero', CTAs: [{ text: 'Start' }, { text: 'Docs' }] }, { __typename: 'ComponentDynamicZoneFaq', heading: 'FAQ' }],
    };
    expect(read).toEqual({ page: expected, pages: [expected], pages_connection: { nodes: [expected] } });
  });

  it('keeps a component that comes back with its id and replaces one that does not', async () => {
    const page = await createPage('keep');
    // Writes go to the draft; publishing copies its components under new ids (docs/content-models.md),
    // so the id to send back is the draft's.
    const draft = async () => (await data('query ($id: ID!) { page(documentId: $id, status: DRAFT) { seo { id metaTitle } } }', { id: page.documentId })).page.seo;
    const update = (seo: Record<string, unknown>) =>
      data('mutation ($id: ID!, $seo: ComponentSharedSeoInput) { updatePage(documentId: $id, data: { seo: $seo }) { seo { metaTitle } } }', { id: page.documentId, seo });
    const before = await draft();
    expect((await update({ ...SEO, id: before.id, metaTitle: 'Kept' })).updatePage.seo.metaTitle).toBe('Kept');
    expect(await draft()).toEqual({ id: before.id, metaTitle: 'Kept' });
    await update({ ...SEO, metaTitle: 'New' });
    const replaced = await draft();
    expect(replaced.metaTitle).toBe('New');
    expect(replaced.id).not.toBe(before.id);
  });

  it('resolves relations inside dynamic-zone components from the component, in the versions the entry shows', async () => {
    const article = (title: string, status: string) =>
      data(`mutation { createArticle(status: ${status}, data: { title: "${title}", description: "d" }) { documentId } }`).then((d) => d.createArticle.documentId as string);
    const published = await article('Published', 'PUBLISHED');
    const draftOnly = await article('Draft only', 'DRAFT');
    const holder = await data(`mutation ($zone: [ArticleDynamicZoneDynamicZoneInput!]) { createArticle(data: { title: "Holder", description: "d", dynamic_zone: $zone }) { documentId } }`, {
      zone: [{ __typename: 'ComponentDynamicZoneRelatedArticles', heading: 'Read', articles: [published, draftOnly] }],
    });
    const read = (status: string) => data(`query ($id: ID!) { article(documentId: $id, status: ${status}) { dynamic_zone {
      ... on ComponentDynamicZoneRelatedArticles { heading articles { title } articles_connection(pagination: { limit: 1 }) { nodes { title } } } } } }`, { id: holder.createArticle.documentId });
    expect((await read('PUBLISHED')).article.dynamic_zone).toEqual([{ heading: 'Read', articles: [{ title: 'Published' }], articles_connection: { nodes: [{ title: 'Published' }] } }]);
    expect((await read('DRAFT')).article.dynamic_zone).toEqual([
      { heading: 'Read', articles: [{ title: 'Published' }, { title: 'Draft only' }], articles_connection: { nodes: [{ title: 'Published' }] } },
    ]);
  });

  it('pages the items of a repeatable component as Strapi does: 25 unless asked, at most 100', async () => {
    const CTAs = Array.from({ length: 30 }, (_, i) => ({ text: `t${String(i).padStart(2, '0')}` }));
    const page = await data(`mutation ($zone: [PageDynamicZoneDynamicZoneInput!]) { createPage(data: { slug: "many", dynamic_zone: $zone }) { documentId } }`, {
      zone: [{ __typename: 'ComponentDynamicZoneHero', CTAs }],
    });
    const texts = async (args: string) => {
      const read = await data(`query ($id: ID!) { page(documentId: $id) { dynamic_zone { ... on ComponentDynamicZoneHero { CTAs${args} { text } } } } }`, { id: page.createPage.documentId });
      return read.page.dynamic_zone[0].CTAs.map((c: { text: string }) => c.text);
    };
    expect(await texts('')).toEqual(CTAs.slice(0, 25).map((c) => c.text));
    expect(await texts('(pagination: { limit: 3 })')).toEqual(['t00', 't01', 't02']);
    expect(await texts('(pagination: { start: 28 })')).toEqual(['t28', 't29']);
    expect(await texts('(pagination: { page: 2, pageSize: 4 })')).toEqual(['t04', 't05', 't06', 't07']);
    expect(await texts('(pagination: { limit: 200 })')).toHaveLength(30);
  });

  it('refuses filters and sort on the items of a repeatable component, which Quarry cannot apply yet', async () => {
    const { documentId } = await createPage('unsorted');
    const answer = await ask(`query ($id: ID!) { page(documentId: $id) { dynamic_zone { ... on ComponentDynamicZoneHero { CTAs(sort: "text:desc") { text } } } } }`, { id: documentId });
    expect(answer.status).toBe(200);
    expect(answer.codes).toEqual(['BAD_USER_INPUT']);
    expect(answer.errors![0]!.extensions.error).toMatchObject({ name: 'ValidationError', details: { path: 'page.dynamic_zone.0.CTAs.sort' } });
  });

  it("filters and sorts on a component's fields as REST does, media inside components included", async () => {
    await createPage('filtered', 'documentId', { seo: { ...SEO, metaTitle: 'Filtered', metaImage: files[1]!.documentId } });
    for (const title of ['Apple', 'Cherry', 'Banana']) await createPage(`fruit-${title}`, 'documentId', { seo: { ...SEO, metaTitle: title } });
    const read = await data(`{ pages(filters: { seo: { metaTitle: { eq: "Filtered" } } }) { slug }
      fruits: pages(filters: { seo: { metaTitle: { ne: "Filtered" } }, slug: { startsWith: "fruit-" } }, sort: "seo.metaTitle:desc") { seo { metaTitle } }
      byImage: pages(filters: { seo: { metaImage: { name: { eq: "b.png" } } } }) { slug } }`);
    expect(read).toEqual({
      pages: [{ slug: 'filtered' }],
      fruits: [{ seo: { metaTitle: 'Cherry' } }, { seo: { metaTitle: 'Banana' } }, { seo: { metaTitle: 'Apple' } }],
      byImage: [{ slug: 'filtered' }],
    });
    await data('mutation { createProduct(data: { name: "Perky", perks: [{ text: "fast" }, { text: "cheap" }] }) { documentId } }');
    expect((await data('{ products(filters: { perks: { text: { eq: "cheap" } } }) { name } }')).products).toEqual([{ name: 'Perky' }]);
  });

  it('shows every file of a multiple media field in order, as a list and as a _connection', async () => {
    const created = await data(`mutation ($images: [ID]) { createProduct(data: { name: "Rocket", images: $images }) {
      images { name } first: images(pagination: { limit: 1 }) { name } images_connection { nodes { name } } } }`, { images: [files[2]!.documentId, files[0]!.documentId] });
    expect(created.createProduct).toEqual({ images: [{ name: 'c.png' }, { name: 'a.png' }], first: [{ name: 'c.png' }], images_connection: { nodes: [{ name: 'c.png' }, { name: 'a.png' }] } });
  });

  it("shows a single type's components, relations inside them included", async () => {
    const logo = await data(`mutation ($image: ID) { createLogo(data: { company: "Acme", image: $image }) { documentId } }`, { image: files[1]!.documentId });
    const global = await data(`mutation ($data: GlobalInput!) { updateGlobal(data: $data) { seo { metaTitle } navbar { logo { company image { name } } left_navbar_items { text URL } } } }`, {
      data: { seo: SEO, navbar: { logo: logo.createLogo.documentId, left_navbar_items: [{ text: 'Pricing', URL: '/pricing' }] } },
    });
    const expected = { seo: { metaTitle: 'Home' }, navbar: { logo: { company: 'Acme', image: { name: 'b.png' } }, left_navbar_items: [{ text: 'Pricing', URL: '/pricing' }] } };
    expect(global.updateGlobal).toEqual(expected);
    expect((await data('{ global { seo { metaTitle } navbar { logo { company image { name } } left_navbar_items { text URL } } } }')).global).toEqual(expected);
  });
});

describe('reads and limits', () => {
  it('reads a relation inside components with one batched read for all the entries of a level', async () => {
    for (const slug of ['batch-1', 'batch-2']) await createPage(slug, 'documentId');
    const spy = vi.spyOn(server.quarry.reads, 'related');
    const read = await data('{ pages(filters: { slug: { startsWith: "batch-" } }, sort: "slug") { seo { metaImage { name } } } }');
    expect(read.pages).toEqual([{ seo: { metaImage: { name: 'a.png' } } }, { seo: { metaImage: { name: 'a.png' } } }]);
    expect(spy.mock.calls.map((c) => [c[0], c[2].length])).toEqual([['shared.seo', 2]]);
    spy.mockRestore();
  });

  it('counts the selections inside a dynamic zone against the depth limit', async () => {
    const limited = await startTestServer('node', { graphql: { maxDepth: 3 } }, server.quarry);
    try {
      const deep = await gql(limited.base, '{ pages { dynamic_zone { ... on ComponentDynamicZoneHero { CTAs { text } } } } }');
      expect(deep.status).toBe(400);
      expect(deep.body.errors[0].message).toBe('Query depth 4 exceeds the depth limit of 3 (setting graphql.maxDepth)');
      expect((await gql(limited.base, '{ pages { dynamic_zone { __typename } } }')).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});

describe('dynamic-zone input', () => {
  const count = async () => (await data('{ pages_connection(status: DRAFT) { pageInfo { total } } }')).pages_connection.pageInfo.total as number;

  it("names an item's component by __typename, as Strapi 5.54's scalar does: __component alone is refused", async () => {
    const before = await count();
    const literal = await ask('mutation { createPage(data: { slug: "x", dynamic_zone: [{ __component: "dynamic-zone.hero", heading: "H" }] }) { documentId } }');
    expect(literal.status).toBe(400);
    expect(literal.codes).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(literal.errors![0]!.message).toBe('Expected value of type "PageDynamicZoneDynamicZoneInput!", found {__component: "dynamic-zone.hero", heading: "H"}; '
      + 'Component not found. expected one of: ComponentDynamicZoneHero, ComponentDynamicZoneFeatures, ComponentDynamicZoneTestimonials, '
      + 'ComponentDynamicZoneHowItWorks, ComponentDynamicZoneBrands, ComponentDynamicZonePricing, ComponentDynamicZoneLaunches, ComponentDynamicZoneCta, '
      + 'ComponentDynamicZoneFormNextToSection, ComponentDynamicZoneFaq');
    const variable = await ask('mutation ($zone: [PageDynamicZoneDynamicZoneInput!]) { createPage(data: { slug: "x", dynamic_zone: $zone }) { documentId } }', {
      zone: [{ __component: 'dynamic-zone.hero' }],
    });
    expect(variable.status).toBe(400);
    expect(variable.codes).toEqual(['BAD_USER_INPUT']);
    expect(variable.errors![0]!.message).toMatch(/^Variable "\$zone" got invalid value .* at "zone\[0\]"; Expected type "PageDynamicZoneDynamicZoneInput"\. Component not found\. expected one of: ComponentDynamicZoneHero, /);
    const text = await ask('mutation { createPage(data: { slug: "x", dynamic_zone: ["hero"] }) { documentId } }');
    expect(text.errors![0]!.message).toBe('Expected value of type "PageDynamicZoneDynamicZoneInput!", found "hero".');
    expect(await count()).toBe(before);
  });

  it('leaves whether the zone allows a component to the document service, which refuses it and writes nothing', async () => {
    const before = await count();
    const answer = await ask('mutation { createPage(data: { slug: "x", dynamic_zone: [{ __typename: "ComponentSharedSeo", metaTitle: "T" }] }) { documentId } }');
    expect(answer.status).toBe(200);
    expect(answer.codes).toEqual(['BAD_USER_INPUT']);
    expect(answer.errors![0]!.extensions.error).toMatchObject({ name: 'ValidationError', details: { path: expect.stringMatching(/^data\.dynamic_zone\.0/) } });
    expect(await count()).toBe(before);
  });
});
