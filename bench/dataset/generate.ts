/**
 * Deterministic benchmark data: restaurants, their chefs and categories.
 *
 * Sizing: "~1% of restaurants per chef" is read as chefs = N / 100, i.e. every chef owns about
 * 100 restaurants whatever N is, so a deep filter on one chef selects ~100 rows at 10k and at
 * 1M alike and only the amount of data around it grows.
 */
import { entitySeed, Rng } from './prng.js';
import type { Category, Chef, Dataset, Restaurant } from './types.js';
import {
  CHEF_FIRST_NAMES, CHEF_LAST_NAMES, COUNTRIES, CUISINES, DESCRIPTION_CLOSERS, DESCRIPTION_DISHES,
  DESCRIPTION_OPENERS, NAME_ADJECTIVES, NAME_ARTICLES, NAME_NOUNS,
} from './vocabulary.js';

export const DEFAULT_SEED = 20_260_522;
export const CATEGORY_COUNT = 200;
export const RESTAURANTS_PER_CHEF = 100;

/** Separate PRNG streams, so chef j and restaurant j never share draws. */
const RESTAURANT_STREAM = 1;
const CHEF_STREAM = 2;

const NULL_PRICE_RATE = 0.1;
const NULL_DESCRIPTION_RATE = 0.1;
const NO_CHEF_RATE = 0.02;
/** P(stars = 1..5): skewed to 3–4 as review sites are, so `stars >= 4` keeps about half. */
const STARS_CUMULATIVE = [0.08, 0.23, 0.53, 0.83, 1] as const;
/** P(0..5 categories). */
const CATEGORY_COUNT_CUMULATIVE = [0.08, 0.25, 0.5, 0.75, 0.9, 1] as const;
/**
 * Category k is drawn with weight (k + 1)^-0.8: the most popular category sits on ~1 restaurant
 * in 4, the rarest on ~1 in 300, so the query set can pick popular and rare ones.
 */
const CATEGORY_SKEW = 0.8;

export function chefCountFor(size: number): number {
  return Math.max(1, Math.round(size / RESTAURANTS_PER_CHEF));
}

export function generateDataset(size: number, seed: number = DEFAULT_SEED): Dataset {
  if (!Number.isSafeInteger(size) || size < 1) throw new RangeError(`dataset size must be a positive integer, got ${size}`);
  const chefs = Array.from({ length: chefCountFor(size) }, (_, j) => makeChef(seed, j));
  const categories = Array.from({ length: CATEGORY_COUNT }, (_, k) => makeCategory(k));
  const categoryCumulative = cumulativeWeights(CATEGORY_COUNT, CATEGORY_SKEW);

  const restaurant = (index: number): Restaurant => {
    if (!Number.isInteger(index) || index < 0 || index >= size) throw new RangeError(`no restaurant at index ${index}`);
    return makeRestaurant(seed, index, chefs.length, categoryCumulative);
  };
  function* restaurants(): IterableIterator<Restaurant> {
    for (let i = 0; i < size; i++) yield makeRestaurant(seed, i, chefs.length, categoryCumulative);
  }
  return { seed, size, chefs, categories, restaurant, restaurants };
}

function makeChef(seed: number, index: number): Chef {
  const rng = new Rng(entitySeed(seed, CHEF_STREAM, index));
  // The number keeps names unique, so `chef.name $eq` designates exactly one chef.
  const name = `${rng.pick(CHEF_FIRST_NAMES)} ${rng.pick(CHEF_LAST_NAMES)} ${index + 1}`;
  return { name, country: rng.pick(COUNTRIES) };
}

function makeCategory(index: number): Category {
  // Not random: category names are the same for every seed and size, so queries can name them.
  const word = CUISINES[index % CUISINES.length];
  return { name: `${word} ${Math.floor(index / CUISINES.length) + 1}` };
}

function makeRestaurant(seed: number, index: number, chefCount: number, categoryCumulative: Float64Array): Restaurant {
  const rng = new Rng(entitySeed(seed, RESTAURANT_STREAM, index));
  const words = [rng.pick(NAME_ARTICLES), rng.pick(NAME_ADJECTIVES), rng.pick(NAME_NOUNS)].filter((w) => w !== '');
  // The suffix makes every name unique, so an exact-name lookup finds one row.
  const name = `${words.join(' ')} ${index + 1}`;
  const stars = drawIndex(rng, STARS_CUMULATIVE) + 1;
  const open = rng.chance(0.7);
  // Squared so cheap places outnumber dear ones (5.00–150.00, median ≈ 41); u * u rather than
  // u ** 2 because a product is reproducible to the bit on every platform, pow() need not be.
  const u = rng.next();
  const price = rng.chance(NULL_PRICE_RATE) ? null : Math.round((5 + 145 * u * u) * 100) / 100;
  const description = rng.chance(NULL_DESCRIPTION_RATE)
    ? null
    : `${rng.pick(DESCRIPTION_OPENERS)} ${rng.pick(DESCRIPTION_DISHES)} and ${rng.pick(DESCRIPTION_DISHES)}, ${rng.pick(DESCRIPTION_CLOSERS)}.`;
  const chef = rng.chance(NO_CHEF_RATE) ? null : rng.int(chefCount);
  const wanted = drawIndex(rng, CATEGORY_COUNT_CUMULATIVE);
  const categories: number[] = [];
  while (categories.length < wanted) {
    const k = drawIndex(rng, categoryCumulative);
    if (!categories.includes(k)) categories.push(k);
  }
  return { name, stars, open, price, description, chef, categories };
}

function cumulativeWeights(count: number, skew: number): Float64Array {
  const cumulative = new Float64Array(count);
  let sum = 0;
  for (let k = 0; k < count; k++) {
    sum += (k + 1) ** -skew;
    cumulative[k] = sum;
  }
  for (let k = 0; k < count; k++) cumulative[k] = (cumulative[k] ?? 0) / sum;
  return cumulative;
}

/** Index of the first cumulative probability above a uniform draw (binary search). */
function drawIndex(rng: Rng, cumulative: ArrayLike<number>): number {
  const u = rng.next();
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (u < (cumulative[mid] ?? 1)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
