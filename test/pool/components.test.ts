import { afterAll, beforeAll, expect, it } from 'vitest';
import { COMPONENTS_PROJECT } from '../../fixtures/models/components.js';
import { createQuarry, type Quarry } from '../../src/index.js';
import { readQueryString } from '../../src/query/querystring/index.js';
import { tempDir } from '../cli/support.js';

/**
 * A pool over a project with components: its workers open the store with the same layouts as
 * the main thread, which reach into components (indexed component fields), so they need the
 * components too; without them a worker failed at its start and pooled reads never answered.
 */
let quarry: Quarry;

beforeAll(async () => {
  quarry = createQuarry({ schemas: COMPONENTS_PROJECT, path: tempDir(), noSync: true, i18n: { defaultLocale: 'en', locales: ['en', 'fr'] }, pool: { threads: 1 } });
  for (const title of ['Home', 'About']) {
    await quarry.documents('api::page.page').create({ data: { title, seo: { metaTitle: title }, links: [{ url: `/${title}` }], sections: [{ __component: 'sections.hero', heading: title }] } });
  }
});
afterAll(async () => {
  await quarry?.close();
});

it('a worker answers a filter on a component field with its components populated, as the main thread does', async () => {
  const query = 'status=draft&filters[seo][metaTitle][$eq]=About&populate=*';
  const pooled = await quarry.reads.queryAsync('api::page.page', readQueryString(query), undefined, 'pool');
  const inline = await quarry.reads.queryAsync('api::page.page', readQueryString(query), undefined, 'inline');
  expect(pooled.results.map((p) => p.title)).toEqual(['About']);
  expect(pooled).toEqual(inline);
});
