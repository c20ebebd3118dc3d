import type { Dataset } from '../../fixtures/dataset/types.js';
import { idOf } from '../../fixtures/dataset/types.js';
import type { Database } from './driver.js';
import { INDEXES, TABLES } from './schema.js';

/** A bulk load's settings: no rollback journal, no fsync, temporary b-trees in memory. */
export function tuneForBulkLoad(db: Database): void {
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('temp_store = MEMORY');
}

/** Creates the schema, bulk-inserts `data` in one transaction, then indexes and ANALYZEs. */
export function loadDataset(db: Database, data: Dataset): void {
  db.exec(TABLES);
  const insertChef = db.prepare('INSERT INTO chefs (id, name, country) VALUES (?, ?, ?)');
  const insertCategory = db.prepare('INSERT INTO categories (id, name) VALUES (?, ?)');
  const insertRestaurant = db.prepare(
    'INSERT INTO restaurants (id, name, stars, open, price, description, chef_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertLink = db.prepare(
    'INSERT INTO restaurants_categories (restaurant_id, category_id, category_ord, restaurant_ord) VALUES (?, ?, ?, ?)',
  );

  db.transaction(() => {
    data.chefs.forEach((chef, i) => insertChef.run(idOf(i), chef.name, chef.country));
    data.categories.forEach((category, i) => insertCategory.run(idOf(i), category.name));
    // A category's restaurants are ordered by restaurant id: count per category as we go.
    const nextRestaurantOrd = new Int32Array(data.categories.length);
    let index = 0;
    for (const r of data.restaurants()) {
      const id = idOf(index++);
      insertRestaurant.run(id, r.name, r.stars, r.open ? 1 : 0, r.price, r.description, r.chef === null ? null : idOf(r.chef));
      r.categories.forEach((c, ord) => {
        const restaurantOrd = nextRestaurantOrd[c] ?? 0;
        nextRestaurantOrd[c] = restaurantOrd + 1;
        insertLink.run(id, idOf(c), ord, restaurantOrd);
      });
    }
  })();

  db.exec(INDEXES);
  db.exec('ANALYZE');
  // better-sqlite3 compiles SQLite with STAT4: a statement whose plan consulted the per-value
  // samples is re-prepared on every new binding (~6 µs each time here, more than most of these
  // queries cost). sqlite_stat1 alone gives the planner the selectivities these plans need;
  // `ANALYZE sqlite_schema` reloads the statistics without the samples.
  db.exec('DELETE FROM sqlite_stat4; ANALYZE sqlite_schema;');
}
