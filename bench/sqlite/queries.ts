/**
 * Hand-tuned SQL for each benchmark query: the WHERE clause a fast Strapi-on-SQLite would need
 * to emit. Deep filters are IN / EXISTS subqueries, never a join of the roots with DISTINCT, so
 * a root is produced once however many related rows match. Names (chef, category) stay names
 * in the SQL: resolving them to ids in advance would do part of the query outside the timing.
 */
import type { QueryParams } from '../../fixtures/dataset/queries.js';
import type { SqlValue } from './driver.js';

export interface SqlQuery {
  /** Condition on `restaurants r`. */
  readonly where: string;
  readonly orderBy: string;
  readonly args: readonly SqlValue[];
  /**
   * Read the page by walking the table in id order (NOT INDEXED) and stop at the 25th match.
   * Right when a condition keeps more than a few percent of rows: the planner otherwise
   * collects every match through an index and sorts them (measured at 100k: flat query 3.5 ms
   * → 0.07 ms). The count keeps its index either way.
   */
  readonly pageScan?: boolean;
}

const BY_ID = 'r.id';

export function sqlFor(p: QueryParams): SqlQuery {
  switch (p.kind) {
    case 'flat-two-field':
      return { where: 'r.open = ? AND r.stars >= ?', orderBy: BY_ID, args: [p.open ? 1 : 0, p.minStars], pageScan: true };
    case 'exact-name':
      return { where: 'r.name = ?', orderBy: BY_ID, args: [p.name] };
    case 'name-containsi':
      // SQLite's LIKE folds ASCII case (as lower() would) and beat instr(lower(name), ?) by a
      // third; escaping keeps %, _ and \ literal. ASCII-only folding agrees with Quarry's
      // Unicode folding because queries.ts keeps this needle ASCII.
      return { where: "r.name LIKE ? ESCAPE '\\'", orderBy: BY_ID, args: [`%${escapeLike(p.needle)}%`] };
    case 'id-in':
    case 'deep-to-one-twin':
      return { where: `r.id IN (${placeholders(p.ids.length)})`, orderBy: BY_ID, args: [...p.ids] };
    case 'deep-to-one':
      return { where: 'r.chef_id IN (SELECT c.id FROM chefs c WHERE c.name = ?)', orderBy: BY_ID, args: [p.chefName] };
    case 'deep-to-one-in':
      return {
        where: `r.chef_id IN (SELECT c.id FROM chefs c WHERE c.country IN (${placeholders(p.countries.length)}))`,
        orderBy: BY_ID,
        args: [...p.countries],
        pageScan: true,
      };
    case 'deep-many-to-many':
      return {
        where: `r.id IN (SELECT rc.restaurant_id FROM categories c
                         JOIN restaurants_categories rc ON rc.category_id = c.id WHERE c.name = ?)`,
        orderBy: BY_ID,
        args: [p.categoryName],
      };
    case 'or-with-deep':
      return {
        where: 'r.stars = ? OR r.price < ? OR r.chef_id IN (SELECT c.id FROM chefs c WHERE c.country = ?)',
        orderBy: BY_ID,
        args: [p.stars, p.maxPrice, p.country],
      };
    case 'not-deep':
      // Strapi's semantics: some related category whose name is not the value (NOT (name = ?)
      // is what `<>` means in SQL, NULL names included); no category at all = no match.
      return {
        where: `EXISTS (SELECT 1 FROM restaurants_categories rc JOIN categories c ON c.id = rc.category_id
                        WHERE rc.restaurant_id = r.id AND c.name <> ?)`,
        orderBy: BY_ID,
        args: [p.categoryName],
      };
    case 'price-between-sorted':
      return { where: 'r.price BETWEEN ? AND ?', orderBy: 'r.price, r.id', args: [p.low, p.high] };
    case 'description-null':
      return { where: 'r.description IS NULL', orderBy: BY_ID, args: [] };
    case 'two-hop':
      // chef -> restaurants -> categories: the chefs owning a restaurant in the category, then
      // every restaurant of those chefs. A NULL chef_id never matches IN, as Strapi's join.
      return {
        where: `r.chef_id IN (SELECT r2.chef_id FROM categories c
                              JOIN restaurants_categories rc ON rc.category_id = c.id
                              JOIN restaurants r2 ON r2.id = rc.restaurant_id
                              WHERE c.name = ?)`,
        orderBy: BY_ID,
        args: [p.categoryName],
        pageScan: true,
      };
    case 'price-between-then-name':
      return { where: 'r.price BETWEEN ? AND ?', orderBy: 'r.price, r.name, r.id', args: [p.low, p.high] };
    case 'price-between-then-id':
      return { where: 'r.price BETWEEN ? AND ?', orderBy: 'r.price, r.id DESC', args: [p.low, p.high] };
    case 'all-by-stars':
      return { where: '1', orderBy: 'r.stars DESC, r.id', args: [] };
    case 'all-by-stars-then-name':
      return { where: '1', orderBy: 'r.stars DESC, r.name, r.id', args: [] };
    case 'all-by-stars-then-id':
      return { where: '1', orderBy: 'r.stars DESC, r.id DESC', args: [] };
    case 'or-wide-and-deep':
    case 'or-narrow-and-deep':
      return {
        where: '(r.stars = ? OR r.price < ?) AND r.chef_id IN (SELECT c.id FROM chefs c WHERE c.country = ?)',
        orderBy: BY_ID,
        args: [p.stars, p.maxPrice, p.country],
      };
    case 'two-hop-selective':
      return {
        where: 'r.chef_id IN (SELECT r2.chef_id FROM restaurants r2 WHERE r2.name = ?)',
        orderBy: BY_ID,
        args: [p.restaurantName],
      };
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}
