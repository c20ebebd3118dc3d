/**
 * The Strapi-shaped loader against the dataset: the load bench sizes Strapi's file from it, so
 * its rows and link orders must be this content as the peer stores it (strapi-load.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { generateDataset } from '../../fixtures/dataset/generate.js';
import { idOf } from '../../fixtures/dataset/types.js';
import { documentIdOf, RESTAURANT } from '../load/identities.js';
import { openDatabase } from './driver.js';
import { loadStrapiShaped } from './strapi-load.js';

const data = generateDataset(1_000);
const restaurants = [...data.restaurants()];

describe('Strapi-shaped SQLite of a 1k dataset', () => {
  const db = openDatabase(':memory:');
  loadStrapiShaped(db, data);
  afterAll(() => db.close());

  const all = <Row>(sql: string, ...params: number[]) => db.prepare<Row>(sql).all(...params);

  it('has one row per entry, published at creation, with its documentId', () => {
    const rows = all<{ id: number; document_id: string; name: string; open: number; published_at: number; created_at: number; locale: null }>(
      'SELECT id, document_id, name, open, published_at, created_at, locale FROM restaurants ORDER BY id');
    expect(rows.map((r) => [r.id, r.document_id, r.name, r.open, r.locale]))
      .toEqual(restaurants.map((r, i) => [idOf(i), documentIdOf(data.seed, RESTAURANT, i), r.name, r.open ? 1 : 0, null]));
    expect(rows.every((r) => r.published_at === r.created_at)).toBe(true);
    expect(all('SELECT id FROM chefs')).toHaveLength(data.chefs.length);
  });

  it('orders each restaurant\'s categories by category_ord', () => {
    for (const i of [0, 1, 2, 500, 999]) {
      const ids = all<{ category_id: number }>('SELECT category_id FROM restaurants_categories_lnk WHERE restaurant_id = ? ORDER BY category_ord', idOf(i));
      expect(ids.map((r) => r.category_id)).toEqual(restaurants[i]!.categories.map(idOf));
    }
  });

  it('numbers each category\'s and each chef\'s restaurants 1, 2, ... in id order', () => {
    const inCategory = all<{ restaurant_id: number; restaurant_ord: number }>(
      'SELECT restaurant_id, restaurant_ord FROM restaurants_categories_lnk WHERE category_id = 1 ORDER BY restaurant_ord');
    const expected = restaurants.flatMap((r, i) => (r.categories.includes(0) ? [idOf(i)] : []));
    expect(inCategory.map((r) => r.restaurant_id)).toEqual(expected);
    expect(inCategory.map((r) => r.restaurant_ord)).toEqual(expected.map((_, k) => k + 1));
    const ofChef = all<{ restaurant_id: number; restaurant_ord: number }>(
      'SELECT restaurant_id, restaurant_ord FROM restaurants_chef_lnk WHERE chef_id = 4 ORDER BY restaurant_ord');
    const chefs = restaurants.flatMap((r, i) => (r.chef === 3 ? [idOf(i)] : []));
    expect(ofChef.map((r) => r.restaurant_id)).toEqual(chefs);
    expect(ofChef.map((r) => r.restaurant_ord)).toEqual(chefs.map((_, k) => k + 1));
  });
});
