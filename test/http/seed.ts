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

/** A small demo dataset written through the document service (what HTTP reads back). */
export async function seed(quarry: Quarry): Promise<Seeded> {
  const chefs: Record<string, string> = {};
  for (const [name, country] of [['Ana Souza', 'Brazil'], ['Chloé Martin', 'France'], ['Eva Tanaka', 'Japan']] as const) {
    chefs[name] = (await quarry.documents(CHEF).create({ data: { name, country } })).documentId as string;
  }
  const categories: Record<string, string> = {};
  for (const name of ['Italian', 'French', 'Japanese', 'Vegan']) {
    categories[name] = (await quarry.documents(CATEGORY).create({ data: { name } })).documentId as string;
  }
  const restaurants: Record<string, string> = {};
  const rows: [string, number, boolean | null, number | null, string, string[]][] = [
    ['Le Petit Bistro', 4, true, 32.5, 'Chloé Martin', ['French']],
    ['Sushi Zen', 5, true, 61, 'Eva Tanaka', ['Japanese', 'Vegan']],
    ['Pizza Napoli', 3, null, 18, 'Ana Souza', ['Italian']],
    ['Green Fork', 2, false, null, 'Ana Souza', ['Vegan', 'French']],
    ['Burger Barn', 1, true, 12.25, 'Eva Tanaka', []],
  ];
  for (const [name, stars, open, price, chef, cats] of rows) {
    const entry = await quarry.documents(RESTAURANT).create({
      data: { name, stars, open, price, chef: chefs[chef], categories: cats.map((c) => categories[c]) },
    });
    restaurants[name] = entry.documentId as string;
  }
  return { chefs, categories, restaurants };
}
