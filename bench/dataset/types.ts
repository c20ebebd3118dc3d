/**
 * The engine-neutral shape of the benchmark data. Relations are array indexes, not ids: each
 * engine decides how to store them. The one contract every engine must keep is that the
 * entity at index i gets id i + 1 (load in index order), because queries and expected answers
 * name restaurants by id.
 */

export interface Chef {
  readonly name: string;
  readonly country: string;
}

export interface Category {
  readonly name: string;
}

export interface Restaurant {
  readonly name: string;
  readonly stars: number;
  readonly open: boolean;
  /** Two decimals; null for ~10% of restaurants. */
  readonly price: number | null;
  /** Null for ~10% of restaurants. */
  readonly description: string | null;
  /** Index into `chefs`; null for ~2%. The inverse `chef.restaurants` is ordered by restaurant id. */
  readonly chef: number | null;
  /** Indexes into `categories`, in the restaurant's relation order, without duplicates. */
  readonly categories: readonly number[];
}

export interface Dataset {
  readonly seed: number;
  /** Number of restaurants. */
  readonly size: number;
  readonly chefs: readonly Chef[];
  readonly categories: readonly Category[];
  /** Restaurant at `index`, computed on demand (same value on every call). */
  restaurant(index: number): Restaurant;
  /** Every restaurant in index order, generated as it is consumed. */
  restaurants(): IterableIterator<Restaurant>;
}

/** Entity index → database id, the same for every entity kind and every engine. */
export const idOf = (index: number): number => index + 1;
