/**
 * Fills Strapi's tables for the benchmark models (strapi-schema.ts) as Strapi 5.54 stores this
 * content, which the peer showed for entries created through its REST API: one row per entry
 * (no draft & publish, so published_at is set at creation), timestamps as integer ms, booleans
 * as 0/1, locale and the admin columns NULL; one link row per relation item, in the order the
 * entries were created, with 1-based orders: a restaurant's categories in its own order
 * (category_ord) and its place in each category's and in its chef's list (restaurant_ord).
 * Indexes are built after the rows, and foreign keys are not checked (better-sqlite3 checks them
 * by default; their targets here are the rows being loaded, and admin_users and articles, which
 * this file leaves out): the cheapest way to the same file.
 */
import type { Dataset } from '../../fixtures/dataset/types.js';
import { idOf } from '../../fixtures/dataset/types.js';
import { CATEGORY, CHEF, createdAtOf, documentIdOf, RESTAURANT } from '../load/identities.js';
import type { Database } from './driver.js';
import { STRAPI_INDEXES, STRAPI_TABLES } from './strapi-schema.js';

export function loadStrapiShaped(db: Database, data: Dataset): void {
  db.pragma('foreign_keys = OFF');
  db.exec(STRAPI_TABLES);
  const stamp = (i: number) => [createdAtOf(i), createdAtOf(i), createdAtOf(i)] as const;
  const chef = db.prepare('INSERT INTO chefs (id, document_id, name, country, created_at, updated_at, published_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const category = db.prepare('INSERT INTO categories (id, document_id, name, created_at, updated_at, published_at) VALUES (?, ?, ?, ?, ?, ?)');
  const restaurant = db.prepare('INSERT INTO restaurants (id, document_id, name, stars, open, price, description, created_at, updated_at, published_at) '
    + 'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const chefLink = db.prepare('INSERT INTO restaurants_chef_lnk (restaurant_id, chef_id, restaurant_ord) VALUES (?, ?, ?)');
  const categoryLink = db.prepare('INSERT INTO restaurants_categories_lnk (restaurant_id, category_id, category_ord, restaurant_ord) VALUES (?, ?, ?, ?)');

  db.transaction(() => {
    data.chefs.forEach((c, i) => chef.run(idOf(i), documentIdOf(data.seed, CHEF, i), c.name, c.country, ...stamp(i)));
    data.categories.forEach((c, i) => category.run(idOf(i), documentIdOf(data.seed, CATEGORY, i), c.name, ...stamp(i)));
    // Each chef's and category's list grows by one as each restaurant joins it.
    const ofChef = new Int32Array(data.chefs.length);
    const ofCategory = new Int32Array(data.categories.length);
    let index = 0;
    for (const r of data.restaurants()) {
      const id = idOf(index);
      restaurant.run(id, documentIdOf(data.seed, RESTAURANT, index), r.name, r.stars, r.open ? 1 : 0, r.price, r.description, ...stamp(index));
      if (r.chef !== null) chefLink.run(id, idOf(r.chef), ++ofChef[r.chef]!);
      r.categories.forEach((c, k) => categoryLink.run(id, idOf(c), k + 1, ++ofCategory[c]!));
      index++;
    }
  })();
  db.exec(STRAPI_INDEXES);
}
