import type { Page } from '../../../src/index.js';
import type { CommittedModel, RestaurantModel } from './committed-model.js';
import { CATEGORY, CHEF, RESTAURANT } from './writer.js';
import type { RandomPicks } from '../random-picks.js';

interface Node {
  readonly documentId: string;
  readonly name?: string;
  readonly stars?: number;
  readonly categories?: readonly Node[];
  readonly restaurants?: readonly Node[];
  readonly chef?: Node | null;
}

/** A list read and how to judge its answer. */
export interface Read {
  readonly uid: string;
  readonly query: string;
  /** Problems with an answer to a read issued after write `issuedAt`. */
  check(page: Page, issuedAt: number): string[];
}

const ids = (nodes: readonly Node[] | undefined) => new Set((nodes ?? []).map((n) => n.documentId));

/**
 * The reads and their checks. Each answer must be consistent in itself, whatever the snapshot:
 * a relation seen from one side is seen from the other in the same answer, and every entry found
 * by an indexed value holds it. And it must hold everything committed before it was issued that
 * has not changed since: an old snapshot, or a stale cache, shows as a missing or extra entry.
 */
export class ReadChecks {
  constructor(
    private readonly model: CommittedModel,
    private readonly random: RandomPicks,
  ) {}

  pickRead(): Read {
    const kinds = [
      () => this.bothSides(),
      () => this.fromCategories(),
      () => this.fromChefs(),
      () => this.byCategory(),
      () => this.byRestaurant(),
      () => this.byChef(),
      () => this.byName(),
      () => this.byStars(),
    ];
    return this.random.pick(kinds)();
  }

  /** Restaurants with their categories' and chef's restaurants: each must list the restaurant back. */
  private bothSides(): Read {
    const min = this.random.int(1, 5);
    return {
      uid: RESTAURANT,
      query: `filters[stars][$gte]=${min}&populate[categories][populate][restaurants][fields][0]=name&populate[chef][populate][restaurants][fields][0]=name&pagination[pageSize]=100`,
      check: (page, issuedAt) => {
        const out: string[] = [];
        const found = this.entries(page);
        for (const r of found) {
          if (!(r.stars! >= min)) out.push(`stars >= ${min} found ${r.documentId} with ${r.stars}`);
          for (const c of r.categories ?? []) {
            if (!ids(c.restaurants).has(r.documentId)) out.push(`${r.documentId} lists category ${c.documentId}, which does not list it back`);
          }
          if (r.chef && !ids(r.chef.restaurants).has(r.documentId)) out.push(`${r.documentId} has chef ${r.chef.documentId}, who does not list it`);
          out.push(...this.categoriesOf(r, issuedAt), ...this.chefOf(r, issuedAt));
        }
        out.push(...this.complete(found, issuedAt, (m) => m.starsAt, (id) => this.model.restaurants.get(id)!.stars >= min, `stars >= ${min}`));
        return out;
      },
    };
  }

  /** Categories with their restaurants' categories: each restaurant must list the category back. */
  private fromCategories(): Read {
    return {
      uid: CATEGORY,
      query: 'populate[restaurants][populate][categories][fields][0]=name&pagination[pageSize]=100',
      check: (page, issuedAt) => {
        const out: string[] = [];
        for (const c of this.entries(page)) {
          for (const r of c.restaurants ?? []) {
            if (!ids(r.categories).has(c.documentId)) out.push(`category ${c.documentId} lists ${r.documentId}, which does not list it back`);
          }
          out.push(...this.restaurantsOf(c, issuedAt));
        }
        return out;
      },
    };
  }

  /** Chefs with their restaurants' chef: each must be that chef. */
  private fromChefs(): Read {
    return {
      uid: CHEF,
      query: 'populate[restaurants][populate][chef][fields][0]=name&pagination[pageSize]=100',
      check: (page, issuedAt) => {
        const out: string[] = [];
        for (const chef of this.entries(page)) {
          for (const r of chef.restaurants ?? []) {
            if (r.chef?.documentId !== chef.documentId) out.push(`chef ${chef.documentId} lists ${r.documentId}, whose chef is ${r.chef?.documentId}`);
          }
          out.push(...this.complete(chef.restaurants ?? [], issuedAt, (m) => m.chefAt, (id) => this.model.restaurants.get(id)!.chef === chef.documentId, `chef ${chef.documentId}'s restaurants`));
        }
        return out;
      },
    };
  }

  /** A deep filter through the relation, then the list it went through from the other side. */
  private byCategory(): Read {
    const category = this.random.pick(this.model.categories);
    const viaName = this.random.next() < 0.5;
    const filter = viaName ? `filters[categories][name][$eq]=Category%20${this.model.categories.indexOf(category)}` : `filters[categories][documentId][$eq]=${category}`;
    return {
      uid: RESTAURANT,
      query: `${filter}&populate[categories][fields][0]=name&pagination[pageSize]=100`,
      check: (page, issuedAt) => {
        const found = this.entries(page);
        const out = found.filter((r) => !ids(r.categories).has(category)).map((r) => `filtered by category ${category}, found ${r.documentId}, which does not list it`);
        for (const r of this.model.restaurants.keys()) {
          if (this.model.restaurants.get(r)!.createdAt > issuedAt || this.model.linkChangedAt(r, category) > issuedAt) continue;
          if (found.some((f) => f.documentId === r) !== this.model.linked(r, category)) out.push(`filtered by category ${category}: ${r} ${this.model.linked(r, category) ? 'missing' : 'found'}, unchanged since before the read`);
        }
        return out;
      },
    };
  }

  /** Categories filtered by one of their restaurants, and their own lists. */
  private byRestaurant(): Read {
    const restaurant = this.random.pick([...this.model.restaurants.keys()]);
    return {
      uid: CATEGORY,
      query: `filters[restaurants][documentId][$eq]=${restaurant}&populate[restaurants][fields][0]=name&pagination[pageSize]=100`,
      check: (page, issuedAt) => {
        const found = this.entries(page);
        const out = found.filter((c) => !ids(c.restaurants).has(restaurant)).map((c) => `filtered by restaurant ${restaurant}, found category ${c.documentId}, which does not list it`);
        for (const c of this.model.categories) {
          if (this.model.linkChangedAt(restaurant, c) > issuedAt) continue;
          if (found.some((f) => f.documentId === c) !== this.model.linked(restaurant, c)) out.push(`filtered by restaurant ${restaurant}: category ${c} ${this.model.linked(restaurant, c) ? 'missing' : 'found'}, unchanged since before the read`);
        }
        return out;
      },
    };
  }

  private byChef(): Read {
    const chef = this.random.pick(this.model.chefs);
    return {
      uid: RESTAURANT,
      query: `filters[chef][documentId][$eq]=${chef}&populate[chef][fields][0]=name&pagination[pageSize]=100`,
      check: (page, issuedAt) => {
        const found = this.entries(page);
        const out = found.filter((r) => r.chef?.documentId !== chef).map((r) => `filtered by chef ${chef}, found ${r.documentId} with chef ${r.chef?.documentId}`);
        out.push(...this.complete(found, issuedAt, (m) => m.chefAt, (id) => this.model.restaurants.get(id)!.chef === chef, `chef ${chef}`));
        return out;
      },
    };
  }

  /** A restaurant committed before the read, by its name: exact, case-folded, and by a piece of it (trigrams). */
  private byName(): Read {
    const [documentId, r] = this.random.pick([...this.model.restaurants]);
    const token = /Kq\w+Zx/.exec(r.name)![0];
    const [filter, holds] = this.random.pick([
      [`filters[name][$eq]=${encodeURIComponent(r.name)}`, (name: string) => name === r.name],
      [`filters[name][$eqi]=${encodeURIComponent(r.name.toUpperCase())}`, (name: string) => name.toLowerCase() === r.name.toLowerCase()],
      [`filters[name][$containsi]=${token.toLowerCase()}`, (name: string) => name.toLowerCase().includes(token.toLowerCase())],
      [`filters[name][$startsWith]=${encodeURIComponent(r.name.slice(0, 12))}`, (name: string) => name.startsWith(r.name.slice(0, 12))],
    ] as const);
    return {
      uid: RESTAURANT,
      query: `${filter}&pagination[pageSize]=100`,
      check: (page, issuedAt) => {
        const found = this.entries(page);
        const out = found.filter((f) => !holds(f.name!)).map((f) => `${filter} found ${f.documentId} named ${f.name}`);
        if (r.createdAt <= issuedAt && !found.some((f) => f.documentId === documentId)) out.push(`${filter} did not find ${documentId}, committed before the read`);
        return out;
      },
    };
  }

  private byStars(): Read {
    const stars = this.random.int(1, 5);
    return {
      uid: RESTAURANT,
      query: `filters[stars][$eq]=${stars}&fields[0]=stars&pagination[pageSize]=100`,
      check: (page, issuedAt) => {
        const found = this.entries(page);
        const out = found.filter((r) => r.stars !== stars).map((r) => `stars = ${stars} found ${r.documentId} with ${r.stars}`);
        out.push(...this.complete(found, issuedAt, (m) => m.starsAt, (id) => this.model.restaurants.get(id)!.stars === stars, `stars = ${stars}`));
        return out;
      },
    };
  }

  /** A restaurant's populated categories against the model, for the pairs unchanged since the read was issued. */
  private categoriesOf(r: Node, issuedAt: number): string[] {
    const m = this.model.restaurants.get(r.documentId);
    if (!m || m.createdAt > issuedAt) return [];
    const shown = ids(r.categories);
    return this.model.categories
      .filter((c) => this.model.linkChangedAt(r.documentId, c) <= issuedAt && shown.has(c) !== this.model.linked(r.documentId, c))
      .map((c) => `${r.documentId}'s categories ${shown.has(c) ? 'hold' : 'miss'} ${c}, unchanged since before the read`);
  }

  private restaurantsOf(c: Node, issuedAt: number): string[] {
    const shown = ids(c.restaurants);
    return [...this.model.restaurants]
      .filter(([r, m]) => m.createdAt <= issuedAt && this.model.linkChangedAt(r, c.documentId) <= issuedAt && shown.has(r) !== this.model.linked(r, c.documentId))
      .map(([r]) => `category ${c.documentId}'s restaurants ${shown.has(r) ? 'hold' : 'miss'} ${r}, unchanged since before the read`);
  }

  private chefOf(r: Node, issuedAt: number): string[] {
    const m = this.model.restaurants.get(r.documentId);
    if (!m || m.createdAt > issuedAt || m.chefAt > issuedAt || (r.chef?.documentId ?? null) === m.chef) return [];
    return [`${r.documentId}'s chef is ${r.chef?.documentId}, committed ${m.chef} before the read`];
  }

  /** Every restaurant unchanged (in the part `changedAt` names) since before the read is found iff it `belongs`. */
  private complete(found: readonly Node[], issuedAt: number, changedAt: (m: RestaurantModel) => number, belongs: (id: string) => boolean, what: string): string[] {
    const shown = ids(found);
    return [...this.model.restaurants]
      .filter(([id, m]) => m.createdAt <= issuedAt && changedAt(m) <= issuedAt && shown.has(id) !== belongs(id))
      .map(([id]) => `${what}: ${id} ${shown.has(id) ? 'found' : 'missing'}, unchanged since before the read`);
  }

  private entries(page: Page): Node[] {
    if (page.results.length >= 100) throw new Error('a read filled its page: the completeness checks need every match on one page');
    return page.results as unknown as Node[];
  }
}
