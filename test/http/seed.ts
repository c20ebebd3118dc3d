import type { Quarry } from '../../src/index.js';

export const CHEF = 'api::chef.chef';
export const CATEGORY = 'api::category.category';
export const RESTAURANT = 'api::restaurant.restaurant';
export const ARTICLE = 'api::article.article';
export const TAG = 'api::tag.tag';

export interface Seeded {
  readonly chefs: Record<string, string>;
  readonly categories: Record<string, string>;
  readonly restaurants: Record<string, string>;
}

/** The seed as plain data, for the reference evaluator's world (test/support/read-cases/world.ts) as much as for `seed`. */
export const SEED_CHEFS: readonly (readonly [name: string, country: string])[] = [['Ana Souza', 'Brazil'], ['Chloé Martin', 'France'], ['Eva Tanaka', 'Japan']];
export const SEED_CATEGORIES: readonly string[] = ['Italian', 'French', 'Japanese', 'Vegan'];

export interface SeedRestaurant {
  readonly name: string;
  readonly stars: number | null;
  readonly open: boolean | null;
  readonly price: number | null;
  /** A chef's name, or null for none. */
  readonly chef: string | null;
  /** Category names, in stored order. */
  readonly categories: readonly string[];
}

const restaurant = (name: string, stars: number, open: boolean | null, price: number | null, chef: string, categories: string[]): SeedRestaurant =>
  ({ name, stars, open, price, chef, categories });

export const SEED_RESTAURANTS: readonly SeedRestaurant[] = [
  restaurant('Le Petit Bistro', 4, true, 32.5, 'Chloé Martin', ['French']),
  restaurant('Sushi Zen', 5, true, 61, 'Eva Tanaka', ['Japanese', 'Vegan']),
  restaurant('Pizza Napoli', 3, null, 18, 'Ana Souza', ['Italian']),
  restaurant('Green Fork', 2, false, null, 'Ana Souza', ['Vegan', 'French']),
  restaurant('Burger Barn', 1, true, 12.25, 'Eva Tanaka', []),
];

/** A small demo dataset written through the document service (what HTTP reads back). */
export async function seed(quarry: Quarry): Promise<Seeded> {
  const chefs: Record<string, string> = {};
  for (const [name, country] of SEED_CHEFS) {
    chefs[name] = (await quarry.documents(CHEF).create({ data: { name, country } })).documentId as string;
  }
  const categories: Record<string, string> = {};
  for (const name of SEED_CATEGORIES) {
    categories[name] = (await quarry.documents(CATEGORY).create({ data: { name } })).documentId as string;
  }
  const restaurants: Record<string, string> = {};
  for (const { name, stars, open, price, chef, categories: cats } of SEED_RESTAURANTS) {
    const entry = await quarry.documents(RESTAURANT).create({
      data: { name, stars, open, price, chef: chef === null ? null : chefs[chef], categories: cats.map((c) => categories[c]) },
    });
    restaurants[name] = entry.documentId as string;
  }
  return { chefs, categories, restaurants };
}
