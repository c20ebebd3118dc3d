/**
 * The load bench's export file against the dataset it is written from: imported by `quarry
 * import` as a user runs it, the folder answers reads as the dataset says. The bench times that
 * import, so this pins that it loads the real content, relations and their order included.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { DEMO_SCHEMAS } from '../../src/cli/paths.js';
import { createQuarry, type Entry, type Quarry } from '../../src/index.js';
import { generateDataset } from '../../fixtures/dataset/generate.js';
import { idOf } from '../../fixtures/dataset/types.js';
import { testContext } from '../../test/cli/support.js';
import { exportHeaderFor, writeDatasetExport } from './dataset-export.js';
import { CATEGORY, CHEF, documentIdOf, RESTAURANT } from './identities.js';

const data = generateDataset(1_000);
/** The service's largest page. */
const PAGE = 100;

describe('the load bench export of a 1k dataset, imported', () => {
  let dir: string;
  let quarry: Quarry;
  let importCode: number;
  let records: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'quarry-load-export-'));
    const file = join(dir, 'dataset.msgpack');
    records = await writeDatasetExport(data, await exportHeaderFor(DEMO_SCHEMAS), file);
    const ctx = testContext();
    importCode = await main(['import', file, '--schemas', DEMO_SCHEMAS, '--data', join(dir, 'data')], ctx);
    if (importCode !== 0) throw new Error(ctx.stderr.text);
    quarry = createQuarry({ schemas: DEMO_SCHEMAS, path: join(dir, 'data'), readOnly: true });
  }, 120_000);
  afterAll(async () => {
    await quarry?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const restaurants = [...data.restaurants()];

  /** Every row a read selects, in id order, a page at a time (each page starts past the last id). */
  async function every(type: string, params: { filters?: object; populate?: unknown } = {}): Promise<Entry[]> {
    const out: Entry[] = [];
    for (;;) {
      const last = out.at(-1)?.id ?? 0;
      const page = await quarry.documents(type).findMany({
        ...params, filters: { $and: [params.filters ?? {}, { id: { $gt: last } }] }, sort: 'id:asc', pagination: { start: 0, limit: PAGE },
      });
      out.push(...page);
      if (page.length < PAGE) return out;
    }
  }

  it('imports every record, with the counts the dataset has', async () => {
    expect(importCode).toBe(0);
    // One lists record per relation side (restaurants' chef and categories, chefs' and categories' restaurants): a thousand rows' lists fit one.
    expect(records).toBe(data.chefs.length + data.categories.length + data.size + 4);
    expect(await quarry.documents(RESTAURANT).count({})).toBe(data.size);
    expect(await quarry.documents(CHEF).count({})).toBe(data.chefs.length);
    expect(await quarry.documents(CATEGORY).count({})).toBe(data.categories.length);
  });

  it('gives entity i the id i + 1, its documentId and its fields', async () => {
    const page = await every(RESTAURANT);
    expect(page.map((e) => e.id)).toEqual(restaurants.map((_, i) => idOf(i)));
    for (const [i, e] of page.entries()) {
      const r = restaurants[i]!;
      expect([e.documentId, e.name, e.stars, e.open, e.price, e.description])
        .toEqual([documentIdOf(data.seed, RESTAURANT, i), r.name, r.stars, r.open, r.price, r.description]);
    }
    expect(page[0]!.createdAt).toBe('2026-01-01T00:00:00.000Z');
  });

  it('answers a flat filter with the rows the dataset selects', async () => {
    const found = await every(RESTAURANT, { filters: { open: true, stars: { $gte: 4 } } });
    const expected = restaurants.flatMap((r, i) => (r.open && r.stars >= 4 ? [idOf(i)] : []));
    expect(found.map((e) => e.id)).toEqual(expected);
  });

  it('keeps each restaurant\'s chef and its categories in their order', async () => {
    const page = await every(RESTAURANT, { populate: { chef: true, categories: true } });
    for (const [i, e] of page.entries()) {
      const r = restaurants[i]!;
      expect((e.chef as Entry | null)?.id ?? null).toBe(r.chef === null ? null : idOf(r.chef));
      expect((e.categories as Entry[]).map((c) => c.name)).toEqual(r.categories.map((c) => data.categories[c]!.name));
    }
  });

  it('lists a chef\'s and a category\'s restaurants in id order', async () => {
    const chefs = await every(CHEF, { populate: { restaurants: { fields: ['name'] } } });
    for (const [j, chef] of chefs.entries()) {
      const expected = restaurants.flatMap((r, i) => (r.chef === j ? [idOf(i)] : []));
      expect((chef.restaurants as Entry[]).map((e) => e.id)).toEqual(expected);
    }
    const popular = await quarry.documents(CATEGORY).findMany({ filters: { id: 1 }, populate: { restaurants: { fields: ['name'] } } });
    const expected = restaurants.flatMap((r, i) => (r.categories.includes(0) ? [idOf(i)] : []));
    expect(expected.length).toBeGreaterThan(100);
    expect((popular[0]!.restaurants as Entry[]).map((e) => e.id)).toEqual(expected);
  });

  it('answers a deep filter through the chef', async () => {
    const name = data.chefs[3]!.name;
    const found = await every(RESTAURANT, { filters: { chef: { name: { $eq: name } } } });
    expect(found.map((e) => e.id)).toEqual(restaurants.flatMap((r, i) => (r.chef === 3 ? [idOf(i)] : [])));
  });
});
