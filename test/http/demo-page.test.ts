import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from './support.js';

/**
 * The demo's page (data/schemas: an SEO component with a share image, a dynamic zone of a hero,
 * rich text and a list of restaurants) answers as Strapi 5.54 answered the same writes and reads
 * on the peer, with the demo's schemas: two pages created published, over REST.
 */
let server: TestServer;
let file: number;

const page = (slug: string) => ({
  title: `Welcome ${slug}`, slug,
  seo: { metaTitle: 'Quarry Eats', metaDescription: 'Where to eat', shareImage: file },
  sections: [
    { __component: 'page.hero', heading: 'Bon appétit', subheading: 'sub', image: file },
    { __component: 'page.rich-text', body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hi' }] }] },
    { __component: 'page.restaurant-list', heading: 'Picks', restaurants: [] as string[] },
  ],
});

beforeAll(async () => {
  server = await startTestServer('node');
  file = (await server.quarry.documents('plugin::upload.file').create({
    data: { name: 'photo.png', width: 64, height: 48, hash: 'photo_b887ea1d41', ext: '.png', mime: 'image/png', size: 0.12, url: '/uploads/photo_b887ea1d41.png', provider: 'local' },
  })).id as number;
  const restaurants: string[] = [];
  for (const [name, stars] of [['Le Petit Zinc', 5], ['Chez Zoé', 4]] as const) {
    restaurants.push((await call(server.base, 'POST', '/api/restaurants', { json: { data: { name, stars } } })).body.data.documentId);
  }
  for (const slug of ['home', 'other']) {
    const data = page(slug);
    data.sections[2]!.restaurants = restaurants;
    expect((await call(server.base, 'POST', '/api/pages?status=published', { json: { data } })).status).toBe(201);
  }
});
afterAll(async () => {
  await server?.stop();
});

const home = async (query: string) => (await call(server.base, 'GET', `/api/pages?filters[slug][$eq]=home&${query}`)).body.data[0];
const ids = (entry: Record<string, any>) => [entry.seo.id, ...entry.sections.map((s: { id: number }) => s.id)];

describe('the demo page, as the peer answered it', () => {
  it('component ids count per component: a page\'s SEO and each section are instance 1 of their own component, its published copy instance 2', async () => {
    const list = async (status: string) => (await call(server.base, 'GET', `/api/pages?status=${status}&sort=slug&fields[0]=slug&populate[seo][fields][0]=metaTitle&populate[sections]=true`)).body.data;
    expect((await list('draft')).map(ids)).toEqual([[1, 1, 1, 1], [3, 3, 3, 3]]);
    expect((await list('published')).map(ids)).toEqual([[2, 2, 2, 2], [4, 4, 4, 4]]);
    expect(server.quarry.check().problems).toEqual([]);
  });

  it('populate=* shows the SEO component and each section with its own fields, nothing they link', async () => {
    const entry = await home('populate=*');
    expect(entry.seo).toEqual({ id: 2, metaTitle: 'Quarry Eats', metaDescription: 'Where to eat' });
    expect(entry.sections).toEqual([
      { __component: 'page.hero', id: 2, heading: 'Bon appétit', subheading: 'sub' },
      { __component: 'page.rich-text', id: 2, body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hi' }] }] },
      { __component: 'page.restaurant-list', id: 2, heading: 'Picks' },
    ]);
  });

  it('populate[sections][populate]=* (what npm start prints) fills what each section links, the share image with populate[seo][populate]', async () => {
    const entry = await home('populate[seo][populate]=shareImage&populate[sections][populate]=*');
    const photo = { id: file, name: 'photo.png', mime: 'image/png', width: 64, height: 48, formats: null, url: '/uploads/photo_b887ea1d41.png', focalPoint: null };
    expect(entry.seo.shareImage).toMatchObject(photo);
    expect(entry.sections[0].image).toMatchObject(photo);
    expect(Object.keys(entry.sections[1]).sort()).toEqual(['__component', 'body', 'id']);
    expect(entry.sections[2].restaurants.map((r: { name: string }) => r.name)).toEqual(['Le Petit Zinc', 'Chez Zoé']);
    expect(Object.keys(entry.sections[2].restaurants[0])).toEqual(['id', 'documentId', 'name', 'stars', 'open', 'price', 'description', 'createdAt', 'updatedAt', 'publishedAt']);
  });

  it('on names components with their own populate and fields, each named one shown', async () => {
    const entry = await home('populate[sections][on][page.hero][fields][0]=heading&populate[sections][on][page.rich-text]=true'
      + '&populate[sections][on][page.restaurant-list][populate][restaurants][fields][0]=name');
    expect(entry.sections).toEqual([
      { __component: 'page.hero', id: 2, heading: 'Bon appétit' },
      { __component: 'page.rich-text', id: 2, body: expect.any(Array) },
      { __component: 'page.restaurant-list', id: 2, heading: 'Picks', restaurants: [expect.objectContaining({ name: 'Le Petit Zinc' }), expect.objectContaining({ name: 'Chez Zoé' })] },
    ]);
  });

  it('fields come in the order asked, after id and documentId, on the entry and in its components', async () => {
    const entry = await home('fields[0]=slug&fields[1]=title&populate[seo][fields][0]=metaDescription&populate[seo][fields][1]=metaTitle'
      + '&populate[sections][on][page.hero][fields][0]=subheading&populate[sections][on][page.hero][fields][1]=heading');
    expect(Object.keys(entry)).toEqual(['id', 'documentId', 'slug', 'title', 'seo', 'sections']);
    expect(Object.keys(entry.seo)).toEqual(['id', 'metaDescription', 'metaTitle']);
    expect(Object.keys(entry.sections[0])).toEqual(['id', 'subheading', 'heading', '__component']);
  });

  it('on that names some of a zone\'s components shows only their items', async () => {
    const entry = await home('populate[sections][on][page.hero]=true');
    expect(entry.sections).toEqual([{ __component: 'page.hero', id: 2, heading: 'Bon appétit', subheading: 'sub' }]);
  });
});
