/** What a restaurant looks like from the API: the fields and relations the workload writes. */
export interface RestaurantState {
  readonly name: string;
  readonly stars: number;
  readonly chef: string | null;
  /** Category documentIds in relation order. */
  readonly categories: readonly string[];
}

/** A published article (its draft must match): a title and its restaurants in order. */
export interface ArticleState {
  readonly title: string;
  readonly restaurants: readonly string[];
}

export const sameRestaurant = (a: RestaurantState, b: RestaurantState): boolean =>
  a.name === b.name && a.stars === b.stars && a.chef === b.chef && a.categories.join() === b.categories.join();

export const sameArticle = (a: ArticleState, b: ArticleState): boolean => a.title === b.title && a.restaurants.join() === b.restaurants.join();

/**
 * The client's log of the server's state: what acknowledged writes left, and the writes sent but
 * not answered when the server died, whose outcome is unknown (each must be all there or not at
 * all). Writes to one restaurant are sent one at a time, by the writer that owns it, so its
 * expected relation order is known after every acknowledged write.
 */
export class AckedState {
  readonly categories: string[] = [];
  readonly chefs: string[] = [];
  readonly restaurants = new Map<string, RestaurantState>();
  /** Which writer sends a restaurant's writes. */
  readonly owner = new Map<string, number>();
  readonly articles = new Map<string, ArticleState>();
  /** Per restaurant: the state its unanswered write would leave. */
  readonly pendingUpdates = new Map<string, RestaurantState>();
  /** Unanswered creates, by the unique name they carry, with the writer that sent them. */
  readonly pendingRestaurants = new Map<string, { readonly state: RestaurantState; readonly writer: number }>();
  readonly pendingArticles = new Map<string, ArticleState>();
  acked = 0;

  ownedBy(writer: number): string[] {
    return [...this.owner].filter(([, w]) => w === writer).map(([id]) => id);
  }

  get pendingCount(): number {
    return this.pendingUpdates.size + this.pendingRestaurants.size + this.pendingArticles.size;
  }

  clearPending(): void {
    this.pendingUpdates.clear();
    this.pendingRestaurants.clear();
    this.pendingArticles.clear();
  }
}
