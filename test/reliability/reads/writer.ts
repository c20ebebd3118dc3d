import type { Quarry } from '../../../src/index.js';
import type { CommittedModel } from './committed-model.js';
import type { RandomPicks } from '../random-picks.js';

export const RESTAURANT = 'api::restaurant.restaurant';
export const CATEGORY = 'api::category.category';
export const CHEF = 'api::chef.chef';

/** Past this many restaurants, writes only change what exists: list reads stay within one page. */
const MAX_RESTAURANTS = 80;

/**
 * Random writes through the document service, each one transaction, recorded in the model once
 * committed: restaurant creates (indexed name and stars, a chef, categories), and relation
 * changes from both sides of both relations (restaurant.categories / category.restaurants,
 * restaurant.chef / chef.restaurants): positioned connects, disconnects and sets.
 */
export class Writer {
  private names = 0;

  constructor(
    private readonly quarry: Quarry,
    private readonly model: CommittedModel,
    private readonly random: RandomPicks,
  ) {}

  async setup(categories: number, chefs: number): Promise<void> {
    for (let i = 0; i < categories; i++) this.model.categories.push(await this.create(CATEGORY, { name: `Category ${i}` }));
    for (let i = 0; i < chefs; i++) this.model.chefs.push(await this.create(CHEF, { name: `Chef ${i}` }));
    for (let i = 0; i < 10; i++) await this.createRestaurant();
  }

  async step(): Promise<void> {
    const m = this.model;
    const r = this.random.next();
    if (r < 0.1 && m.restaurants.size < MAX_RESTAURANTS) return this.createRestaurant();
    const restaurant = this.random.pick([...m.restaurants.keys()]);
    const category = this.random.pick(m.categories);
    const chef = this.random.pick(m.chefs);
    if (r < 0.25) {
      const position = this.random.next() < 0.5 ? { start: true } : { end: true };
      await this.update(RESTAURANT, restaurant, { categories: { connect: [{ documentId: category, position }] } }, () => m.link(restaurant, category, true));
    } else if (r < 0.33) {
      await this.update(RESTAURANT, restaurant, { categories: { disconnect: [{ documentId: category }] } }, () => m.link(restaurant, category, false));
    } else if (r < 0.41) {
      const chosen = this.random.sample(m.categories, this.random.int(0, 3));
      await this.update(RESTAURANT, restaurant, { categories: { set: chosen.map((documentId) => ({ documentId })) } }, () => {
        for (const c of m.categories) m.link(restaurant, c, chosen.includes(c));
      });
    } else if (r < 0.53) {
      await this.update(CATEGORY, category, { restaurants: { connect: [{ documentId: restaurant, position: { start: true } }] } }, () => m.link(restaurant, category, true));
    } else if (r < 0.6) {
      await this.update(CATEGORY, category, { restaurants: { disconnect: [{ documentId: restaurant }] } }, () => m.link(restaurant, category, false));
    } else if (r < 0.65) {
      const chosen = this.random.sample([...m.restaurants.keys()], this.random.int(1, 4));
      await this.update(CATEGORY, category, { restaurants: { set: chosen.map((documentId) => ({ documentId })) } }, () => {
        for (const each of m.restaurants.keys()) m.link(each, category, chosen.includes(each));
      });
    } else if (r < 0.75) {
      const next = this.random.next() < 0.15 ? null : chef;
      await this.update(RESTAURANT, restaurant, { chef: next }, () => m.setChef(restaurant, next));
    } else if (r < 0.83) {
      // The far side of a many-to-one: connecting takes the restaurant from its previous chef.
      await this.update(CHEF, chef, { restaurants: { connect: [{ documentId: restaurant }] } }, () => m.setChef(restaurant, chef));
    } else if (r < 0.87) {
      const chosen = this.random.sample([...m.restaurants.keys()], this.random.int(0, 3));
      await this.update(CHEF, chef, { restaurants: { set: chosen.map((documentId) => ({ documentId })) } }, () => {
        for (const [each, state] of m.restaurants) {
          if (chosen.includes(each)) m.setChef(each, chef);
          else if (state.chef === chef) m.setChef(each, null);
        }
      });
    } else {
      const stars = this.random.int(1, 5);
      await this.update(RESTAURANT, restaurant, { stars }, () => m.setStars(restaurant, stars));
    }
  }

  private async createRestaurant(): Promise<void> {
    const m = this.model;
    // Mixed case and a unique middle, for the case-folded and trigram lookups.
    const name = `Resto Kq${(this.names++).toString(36)}Zx Bistro`;
    const stars = this.random.int(1, 5);
    const chef = this.random.pick(m.chefs);
    const categories = this.random.sample(m.categories, this.random.int(0, 3));
    const created = this.quarry.documents(RESTAURANT).create({ data: { name, stars, chef, categories } });
    // The documentId comes with the answer; until then, reads do not look for this restaurant by it.
    const seq = m.commit();
    const documentId = (await created).documentId as string;
    m.restaurants.set(documentId, { name, createdAt: seq, stars, starsAt: seq, chef, chefAt: seq });
    for (const c of categories) m.link(documentId, c, true);
  }

  /**
   * Writes, and counts and `record`s the write in the model at once: the document service commits
   * before it returns its promise, so nothing (no read issued, no answer checked) can come between
   * the commit and the model knowing of it.
   */
  private async update(uid: string, documentId: string, data: Record<string, unknown>, record: () => void): Promise<void> {
    const written = this.quarry.documents(uid).update({ documentId, data });
    this.model.commit();
    record();
    if ((await written) === null) throw new Error(`${uid} ${documentId} is gone`);
  }

  private async create(uid: string, data: Record<string, unknown>): Promise<string> {
    const entry = await this.quarry.documents(uid).create({ data });
    this.model.commit();
    return entry.documentId as string;
  }
}
