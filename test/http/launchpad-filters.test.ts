import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realProject } from '../../fixtures/real-projects.js';
import { createQuarry, type Quarry } from '../../src/index.js';
import { call, startTestServer, type TestServer } from './support.js';

/**
 * LaunchPad's models, unchanged, filtered and sorted on their components over REST: pages by
 * their `seo` (localized, draft & publish), products by their repeatable `perks`, plans by their
 * `CTA` and through their product, testimonials by their `user`. The answers are the ones Strapi
 * 5.54 gave on the same models and data (peer-strapi with PEER_SCHEMAS=launchpad).
 */
let path: string;
let quarry: Quarry;
let server: TestServer;
const DESCRIPTION = 'A description long enough for the fifty characters LaunchPad asks.';

const send = async (method: string, url: string, data: Record<string, unknown>) => {
  const answer = await call(server.base, method, url, { json: { data } });
  expect(answer.status, answer.text).toBeLessThan(300);
  return answer.body.data as { documentId: string };
};
const listed = async (url: string, field = 'name'): Promise<string[]> => {
  const answer = await call(server.base, 'GET', `${url}${url.includes('?') ? '&' : '?'}fields[0]=${field}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data.map((e: Record<string, string>) => e[field]);
};

beforeAll(async () => {
  path = mkdtempSync(join(tmpdir(), 'quarry-launchpad-filters-'));
  quarry = createQuarry({ schemas: realProject('launchpad'), path, noSync: true, i18n: { defaultLocale: 'en', locales: ['en', 'fr'] } });
  server = await startTestServer('node', {}, quarry);
  const home = await send('POST', '/api/pages', { slug: 'home', seo: { metaTitle: 'Home of the Launch', metaDescription: DESCRIPTION } });
  await send('POST', '/api/pages', { slug: 'pricing', seo: { metaTitle: 'Pricing plans', metaDescription: DESCRIPTION, metaRobots: 'noindex' } });
  await send('POST', '/api/pages', { slug: 'about' });
  await send('PUT', `/api/pages/${home.documentId}?locale=fr`, { slug: 'accueil', seo: { metaTitle: 'Accueil', metaDescription: DESCRIPTION } });
  // A draft change, not published: the published page keeps its title.
  await send('PUT', `/api/pages/${home.documentId}?status=draft`, { seo: { metaTitle: 'Home, redrafted', metaDescription: DESCRIPTION } });
  const products: Record<string, string> = {};
  for (const [name, perks] of Object.entries({ Alpha: ['fast', 'cheap'], Beta: ['fast'], Gamma: [], Delta: [null, 'slow'] })) {
    products[name] = (await send('POST', '/api/products', { name, perks: perks.map((text) => ({ text })) })).documentId;
  }
  await send('POST', '/api/plans', { name: 'P1', CTA: { text: 'Buy', URL: '/buy' }, perks: [{ text: 'x' }], product: products.Alpha });
  await send('POST', '/api/plans', { name: 'P2', CTA: { text: 'Try' }, product: products.Beta });
  await send('POST', '/api/plans', { name: 'P3' });
  for (const [text, user] of Object.entries({ t1: { firstname: 'Ann', lastname: 'Lee', job: 'dev' }, t2: { firstname: 'Bob', job: 'ops' }, t3: null, t4: { firstname: 'ann', job: 'dev' } })) {
    await send('POST', '/api/testimonials', { text, ...(user ? { user } : {}) });
  }
});
afterAll(async () => {
  await server?.stop();
  await quarry?.close();
  rmSync(path, { recursive: true, force: true });
});

describe('LaunchPad filtered and sorted by its components', () => {
  it('pages by their seo, in the version and locale asked for', async () => {
    expect(await listed('/api/pages?filters[seo][metaTitle][$containsi]=launch', 'slug')).toEqual(['home']);
    expect(await listed('/api/pages?filters[seo][metaTitle][$containsi]=redrafted', 'slug')).toEqual([]);
    expect(await listed('/api/pages?status=draft&filters[seo][metaTitle][$containsi]=redrafted', 'slug')).toEqual(['home']);
    expect(await listed('/api/pages?locale=fr&filters[seo][metaTitle]=Accueil', 'slug')).toEqual(['accueil']);
    expect(await listed('/api/pages?filters[seo][metaTitle]=Accueil', 'slug')).toEqual([]);
    expect(await listed('/api/pages?filters[seo][metaRobots][$null]=true', 'slug')).toEqual(['home', 'about']);
    expect(await listed('/api/pages?filters[seo][$null]=true', 'slug')).toEqual(['about']);
    expect(await listed('/api/pages?sort=seo.metaTitle:asc', 'slug')).toEqual(['about', 'home', 'pricing']);
    expect(await listed('/api/pages?sort[seo][metaTitle]=desc', 'slug')).toEqual(['pricing', 'home', 'about']);
  });

  it('products by their perks, item by item, and sorted by them as Strapi sorts', async () => {
    expect(await listed('/api/products?filters[perks][text][$eq]=fast')).toEqual(['Alpha', 'Beta']);
    expect(await listed('/api/products?filters[perks][text][$null]=true')).toEqual(['Gamma', 'Delta']);
    expect(await listed('/api/products?filters[perks][text][$ne]=fast')).toEqual(['Alpha', 'Delta']);
    expect(await listed('/api/products?filters[perks][$null]=true')).toEqual(['Gamma']);
    expect(await listed('/api/products?filters[perks][$and][0][text]=fast&filters[perks][$and][1][text]=cheap')).toEqual([]);
    expect(await listed('/api/products?filters[$and][0][perks][text]=fast&filters[$and][1][perks][text]=cheap')).toEqual(['Alpha']);
    expect(await listed('/api/products?filters[$not][perks][text]=fast')).toEqual(['Alpha', 'Delta']);
    expect(await listed('/api/products?sort=perks.text:asc')).toEqual(['Gamma', 'Delta', 'Alpha', 'Beta']);
    expect(await listed('/api/products?sort=perks.text:desc')).toEqual(['Delta', 'Alpha', 'Beta', 'Gamma']);
  });

  it('plans by their CTA and through their product, products through their plans', async () => {
    expect(await listed('/api/plans?filters[CTA][text][$containsi]=bu')).toEqual(['P1']);
    expect(await listed('/api/plans?filters[product][perks][text]=fast')).toEqual(['P1', 'P2']);
    expect(await listed('/api/products?filters[plans][CTA][text]=Try')).toEqual(['Beta']);
    expect(await listed('/api/plans?sort=CTA.text:desc')).toEqual(['P2', 'P1', 'P3']);
  });

  it('testimonials by their user, and a dynamic zone is no filter', async () => {
    expect(await listed('/api/testimonials?filters[user][firstname][$eqi]=ann', 'text')).toEqual(['t1', 't4']);
    expect(await listed('/api/testimonials?filters[user][lastname][$null]=true', 'text')).toEqual(['t2', 't3', 't4']);
    expect(await listed('/api/testimonials?filters[user][job][$ne]=dev', 'text')).toEqual(['t2']);
    expect(await listed('/api/testimonials?filters[user][$notNull]=true', 'text')).toEqual(['t1', 't2', 't4']);
    expect(await listed('/api/testimonials?filters[user][image][$null]=true', 'text')).toEqual(['t1', 't2', 't3', 't4']);
    expect(await listed('/api/testimonials?sort=user.firstname:asc', 'text')).toEqual(['t3', 't1', 't2', 't4']);
    const dz = await call(server.base, 'GET', '/api/products?filters[dynamic_zone][x]=1');
    expect(dz.status).toBe(400);
    expect(dz.body.error).toMatchObject({
      name: 'ValidationError', message: 'Invalid key dynamic_zone',
      details: { key: 'dynamic_zone', path: 'filters.dynamic_zone', source: 'query', param: 'filters' },
    });
  });
});
