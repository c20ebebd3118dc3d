import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPONENT_PROJECT, SHOP } from '../../fixtures/models/shops.js';
import { createQuarry, type Quarry } from '../../src/index.js';
import { call, startTestServer, type TestServer } from './support.js';

/**
 * Filters and sorts on component fields over REST and through the document service, on shops
 * written over REST. Each expectation follows what Strapi 5.54 answered for the same shapes on
 * LaunchPad's models (products' `perks`, plans' `CTA`, testimonials' `user`).
 */
let path: string;
let quarry: Quarry;
let server: TestServer;
const ids: Record<string, string> = {};

const post = async (plural: string, data: Record<string, unknown>) => {
  const answer = await call(server.base, 'POST', `/api/${plural}`, { json: { data } });
  expect(answer.status).toBe(201);
  return answer.body.data as { id: number; documentId: string };
};
const FILE = 'plugin::upload.file';
const file = async (name: string) =>
  (await quarry.documents(FILE).create({ data: { name, hash: name, ext: '.png', mime: 'image/png', size: 1, url: `/${name}`, provider: 'local' } })).id as number;

beforeAll(async () => {
  path = mkdtempSync(join(tmpdir(), 'quarry-component-filters-'));
  quarry = createQuarry({ schemas: COMPONENT_PROJECT, path, noSync: true });
  server = await startTestServer('node', {}, quarry);
  const a = await file('a.png');
  const b = await file('b.jpg');
  const olga = await post('owners', { name: 'Olga', seo: { metaTitle: 'Olga home' } });
  const oscar = await post('owners', { name: 'Oscar' });
  for (const [name, data] of Object.entries({
    Alpha: {
      seo: { metaTitle: 'Best Café', priority: 2, image: a },
      hero: { title: 'H1', cta: { label: 'Go', url: '/go' }, buttons: [{ label: 'One' }, { label: 'Two' }] },
      perks: [{ text: 'fast', rank: 1, tags: [{ name: 'x' }] }, { text: 'cheap', rank: 3 }],
      owner: olga.documentId,
    },
    Beta: { seo: { metaTitle: 'Quiet bar' }, perks: [{ text: 'fast', rank: 2 }], owner: oscar.documentId },
    Gamma: {},
    Delta: { seo: { priority: 5, image: b }, perks: [{ text: null, rank: 0 }, { text: 'slow', rank: 4, icon: a }] },
  })) ids[name] = (await post('shops', { name, ...data })).documentId;
});
afterAll(async () => {
  await server?.stop();
  await quarry?.close();
  rmSync(path, { recursive: true, force: true });
});

/** The names a list answers, in its order, and its total. */
async function names(query: string): Promise<{ names: string[]; total: number }> {
  const answer = await call(server.base, 'GET', `/api/shops?fields[0]=name&${query}`);
  expect(answer.status, answer.text).toBe(200);
  return { names: answer.body.data.map((e: { name: string }) => e.name), total: answer.body.meta.pagination.total };
}
const only = async (query: string) => (await names(query)).names;

describe('filters on component fields over REST', () => {
  it('reach a single component\'s fields, its absence reading as NULL (LEFT JOIN)', async () => {
    expect(await only('filters[seo][metaTitle][$containsi]=CAF%C3%89')).toEqual(['Alpha']);
    expect(await only('filters[seo][metaTitle][$null]=true')).toEqual(['Gamma', 'Delta']);
    expect(await only('filters[seo][priority][$gte]=2')).toEqual(['Alpha', 'Delta']);
    expect(await only('filters[seo][$null]=true')).toEqual(['Gamma']);
    expect(await only('filters[seo][$notNull]=true')).toEqual(['Alpha', 'Beta', 'Delta']);
    expect(await only('filters[seo][id][$null]=true')).toEqual(['Gamma']);
    expect(await only('filters[$not][seo][metaTitle]=Quiet%20bar')).toEqual(['Alpha']);
  });

  it('test a repeatable component item by item: some item passes, every condition under one key on the same item', async () => {
    expect(await only('filters[perks][text]=fast')).toEqual(['Alpha', 'Beta']);
    expect(await only('filters[perks][text][$ne]=fast')).toEqual(['Alpha', 'Delta']);
    expect(await only('filters[perks][text][$null]=true')).toEqual(['Gamma', 'Delta']);
    expect(await only('filters[perks][$null]=true')).toEqual(['Gamma']);
    expect(await only('filters[perks][$notNull]=true')).toEqual(['Alpha', 'Beta', 'Delta']);
    // Alpha's fast perk has rank 1, its rank-3 perk is cheap: no one item of Alpha passes both.
    expect(await only('filters[perks][text]=fast&filters[perks][rank][$gte]=2')).toEqual(['Beta']);
    expect(await only('filters[perks][$and][0][text]=fast&filters[perks][$and][1][text]=cheap')).toEqual([]);
    expect(await only('filters[$and][0][perks][text]=fast&filters[$and][1][perks][text]=cheap')).toEqual(['Alpha']);
    expect(await only('filters[$not][perks][text]=fast')).toEqual(['Alpha', 'Delta']);
    expect(await only('filters[perks][$or][0][rank]=0&filters[perks][$or][1][rank]=2')).toEqual(['Beta', 'Delta']);
  });

  it('go down nested components, repeatable or not, and through relations both ways', async () => {
    expect(await only('filters[hero][cta][url]=/go')).toEqual(['Alpha']);
    expect(await only('filters[hero][buttons][label]=Two')).toEqual(['Alpha']);
    expect(await only('filters[hero][buttons][label][$null]=true')).toEqual(['Beta', 'Gamma', 'Delta']);
    expect(await only('filters[perks][tags][name]=x')).toEqual(['Alpha']);
    expect(await only('filters[owner][seo][metaTitle][$startsWith]=Olga')).toEqual(['Alpha']);
    const owners = await call(server.base, 'GET', '/api/owners?fields[0]=name&filters[shops][perks][rank][$gte]=2');
    expect(owners.body.data.map((e: { name: string }) => e.name)).toEqual(['Olga', 'Oscar']);
  });

  it('follow a media field inside a component from the component', async () => {
    expect(await only('filters[seo][image][name]=b.jpg')).toEqual(['Delta']);
    expect(await only('filters[seo][image][$null]=true')).toEqual(['Beta', 'Gamma']);
    expect(await only('filters[perks][icon][name]=a.png')).toEqual(['Delta']);
    expect(await only('filters[perks][icon][name][$null]=true')).toEqual(['Alpha', 'Beta', 'Gamma', 'Delta']);
  });
});

describe('sort by component fields over REST', () => {
  it('orders by a single component\'s field, NULL first ascending and last descending', async () => {
    expect(await only('sort=seo.metaTitle:asc')).toEqual(['Gamma', 'Delta', 'Alpha', 'Beta']);
    expect(await only('sort=seo.metaTitle:desc')).toEqual(['Beta', 'Alpha', 'Gamma', 'Delta']);
    expect(await only('sort[seo][priority]=desc')).toEqual(['Delta', 'Alpha', 'Beta', 'Gamma']);
    expect(await only('sort[0]=hero.cta.label:desc&sort[1]=name:asc')).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
    expect(await only('sort=seo.image.name:asc')).toEqual(['Beta', 'Gamma', 'Alpha', 'Delta']);
  });

  it('orders by a repeatable component\'s field as Strapi does: smallest item ascending, largest descending', async () => {
    expect(await only('sort=perks.rank:asc')).toEqual(['Gamma', 'Delta', 'Alpha', 'Beta']);
    expect(await only('sort=perks.rank:desc')).toEqual(['Delta', 'Alpha', 'Beta', 'Gamma']);
    expect(await names('sort=perks.rank:desc&pagination[page]=2&pagination[pageSize]=2')).toEqual({ names: ['Beta', 'Gamma'], total: 4 });
    // The order reads every item, not only those the filter matched.
    expect(await only('filters[perks][rank][$lte]=2&sort=perks.rank:desc')).toEqual(['Delta', 'Alpha', 'Beta']);
  });
});

describe('what cannot be filtered or sorted', () => {
  const refused = async (query: string) => {
    const answer = await call(server.base, 'GET', `/api/shops?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error.name).toBe('ValidationError');
    return { message: answer.body.error.message, details: answer.body.error.details };
  };

  it('a dynamic zone, unknown and private fields of a component: Invalid key, naming the path', async () => {
    expect(await refused('filters[sections][heading]=x')).toEqual({
      message: 'Invalid key sections', details: { key: 'sections', path: 'filters.sections', source: 'query', param: 'filters' },
    });
    expect(await refused('filters[sections][$null]=true')).toMatchObject({ message: 'Invalid key sections' });
    expect(await refused('filters[seo][secret]=x')).toMatchObject({ message: 'Invalid key secret at filters.seo.secret', details: { path: 'filters.seo.secret' } });
    expect(await refused('filters[perks][nope]=x')).toMatchObject({ details: { key: 'nope', path: 'filters.perks.nope' } });
    expect(await refused('filters[seo][documentId]=x')).toMatchObject({ details: { key: 'documentId', path: 'filters.seo.documentId' } });
  });

  it('a sort by a dynamic zone, by a component itself, or through a relation of a repeatable component', async () => {
    expect(await refused('sort=sections.id:asc')).toMatchObject({ message: 'Invalid key sections', details: { param: 'sort' } });
    expect(await refused('sort=seo:asc')).toMatchObject({ message: 'Invalid key seo' });
    expect(await refused('sort=seo.nope:asc')).toMatchObject({ details: { key: 'nope', path: 'sort.seo.nope' } });
    expect(await refused('sort=perks.icon.name:asc')).toMatchObject({ message: 'Invalid key icon at perks.icon: sorting by a to-many relation is not supported' });
  });
});

describe('component filters follow writes and reach every door', () => {
  it('find entries by their components as they are now, through REST and the document service', async () => {
    const put = await call(server.base, 'PUT', `/api/shops/${ids.Beta}`, { json: { data: { perks: [{ text: 'cheap', rank: 9 }], seo: null } } });
    expect(put.status).toBe(200);
    expect(await only('filters[perks][text]=fast')).toEqual(['Alpha']);
    expect(await only('filters[perks][text]=cheap')).toEqual(['Alpha', 'Beta']);
    expect(await only('filters[seo][$null]=true')).toEqual(['Beta', 'Gamma']);
    const found = await quarry.documents(SHOP).findMany({ filters: { perks: { rank: { $gt: 3 } } }, sort: ['perks.rank:desc'], fields: ['name'] });
    expect(found.map((e) => e.name)).toEqual(['Beta', 'Delta']);
    expect(await quarry.documents(SHOP).count({ filters: { seo: { metaTitle: { $containsi: 'café' } } } })).toBe(1);
    await call(server.base, 'DELETE', `/api/shops/${ids.Alpha}`);
    expect(await only('filters[perks][text]=cheap')).toEqual(['Beta']);
    expect(await only('filters[hero][buttons][label][$notNull]=true')).toEqual([]);
  });
});
