/**
 * A normalized schema for the restaurant model, and the indexes a DBA would add for exactly the
 * benchmark's queries. Tables are created bare and indexed after the bulk load (building an
 * index once is cheaper than maintaining it row by row).
 */

export const TABLES = `
CREATE TABLE chefs (
  id      INTEGER PRIMARY KEY,
  name    TEXT NOT NULL,
  country TEXT
);
CREATE TABLE categories (
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);
-- manyToOne chef as a foreign key column: one row per restaurant, no link-table hop.
-- The inverse chef.restaurants is ordered by restaurant id, which the chef_id index keeps.
CREATE TABLE restaurants (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL,
  stars       INTEGER,
  open        INTEGER,
  price       REAL,
  description TEXT,
  chef_id     INTEGER REFERENCES chefs(id)
);
-- manyToMany link with both order columns, as Strapi keeps them: category_ord orders a
-- restaurant's categories, restaurant_ord a category's restaurants. WITHOUT ROWID makes the
-- primary key the table itself, so restaurant -> categories is a covering range read.
CREATE TABLE restaurants_categories (
  restaurant_id  INTEGER NOT NULL REFERENCES restaurants(id),
  category_id    INTEGER NOT NULL REFERENCES categories(id),
  category_ord   INTEGER NOT NULL,
  restaurant_ord INTEGER NOT NULL,
  PRIMARY KEY (restaurant_id, category_id)
) WITHOUT ROWID;
`;

export const INDEXES = `
-- Flat filter: open = ? AND stars >= ? is one range of this index, and the count never
-- touches the table (the rowid is part of every index entry).
CREATE INDEX restaurants_open_stars ON restaurants(open, stars);
-- Exact name lookups; with chef_id it also covers the inner side of the selective two-hop query.
CREATE INDEX restaurants_name ON restaurants(name, chef_id);
-- The other arms of the $or (SQLite unions per-arm index lookups for OR).
CREATE INDEX restaurants_stars ON restaurants(stars);
-- $between range, already in (price, id) order for the sorted page.
CREATE INDEX restaurants_price ON restaurants(price);
-- Sorts by two keys: the second key's order inside each run of the first.
CREATE INDEX restaurants_price_name ON restaurants(price, name);
CREATE INDEX restaurants_stars_name ON restaurants(stars, name);
-- Only the NULL descriptions: a tiny index instead of one over long text.
CREATE INDEX restaurants_description_null ON restaurants(id) WHERE description IS NULL;
-- chef -> restaurants (deep to-one filters, the two-hop queries).
CREATE INDEX restaurants_chef ON restaurants(chef_id);
-- Maps a restaurant id to its chef without reading the whole row (two-hop inner side).
CREATE INDEX restaurants_id_chef ON restaurants(id, chef_id);
-- category -> restaurants, covering (the primary key serves restaurant -> categories).
CREATE INDEX restaurants_categories_category ON restaurants_categories(category_id, restaurant_id);
-- Deep filters resolve chef/category names and countries to ids through these.
CREATE INDEX chefs_name ON chefs(name);
CREATE INDEX chefs_country ON chefs(country);
CREATE INDEX categories_name ON categories(name);
`;
