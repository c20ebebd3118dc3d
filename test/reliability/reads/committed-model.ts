/** One restaurant as committed, with the write number of the last change to each part. */
export interface RestaurantModel {
  readonly name: string;
  /** The write that created it. */
  readonly createdAt: number;
  stars: number;
  starsAt: number;
  chef: string | null;
  chefAt: number;
}

const pair = (restaurant: string, category: string) => `${restaurant}|${category}`;

/**
 * What the committed writes left, updated after each commit, with when each part last changed.
 * A read issued after write `n` must see everything that has not changed since `n` exactly as
 * it is now: that is how the checks know what a worker's snapshot must contain, though it runs
 * while more writes commit.
 */
export class CommittedModel {
  /** The number of the last committed write. */
  seq = 0;
  readonly restaurants = new Map<string, RestaurantModel>();
  readonly categories: string[] = [];
  readonly chefs: string[] = [];
  private readonly pairs = new Set<string>();
  private readonly pairAt = new Map<string, number>();

  commit(): number {
    return ++this.seq;
  }

  linked(restaurant: string, category: string): boolean {
    return this.pairs.has(pair(restaurant, category));
  }

  /** The write that last linked or unlinked the pair (0: never). */
  linkChangedAt(restaurant: string, category: string): number {
    return this.pairAt.get(pair(restaurant, category)) ?? 0;
  }

  categoriesOf(restaurant: string): string[] {
    return this.categories.filter((c) => this.linked(restaurant, c));
  }

  restaurantsOf(category: string): string[] {
    return [...this.restaurants.keys()].filter((r) => this.linked(r, category));
  }

  link(restaurant: string, category: string, on: boolean): void {
    const key = pair(restaurant, category);
    if (this.pairs.has(key) === on) return;
    if (on) this.pairs.add(key);
    else this.pairs.delete(key);
    this.pairAt.set(key, this.seq);
  }

  setChef(restaurant: string, chef: string | null): void {
    const r = this.restaurants.get(restaurant)!;
    if (r.chef === chef) return;
    r.chef = chef;
    r.chefAt = this.seq;
  }

  setStars(restaurant: string, stars: number): void {
    const r = this.restaurants.get(restaurant)!;
    if (r.stars === stars) return;
    r.stars = stars;
    r.starsAt = this.seq;
  }
}
