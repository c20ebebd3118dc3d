/**
 * The fixed query set of the filter benchmark. Each query exists in three equivalent forms:
 * the REST query string and the document-service filter object (what Quarry will be given),
 * and `params`, the same condition unpacked for engines that hand-write their queries (SQL).
 * Parameters are read off the generated data, so every query has a known, non-empty answer
 * at every size.
 */
import { type FilterTree, type Pagination, toQueryString } from './filters.js';
import { entitySeed, Rng } from './prng.js';
import { type Dataset, idOf } from './types.js';

export const PAGE_SIZE = 25;

export type QueryParams =
  | { readonly kind: 'flat-two-field'; readonly minStars: number; readonly open: boolean }
  | { readonly kind: 'exact-name'; readonly name: string }
  | { readonly kind: 'name-containsi'; readonly needle: string }
  | { readonly kind: 'id-in'; readonly ids: readonly number[] }
  | { readonly kind: 'deep-to-one'; readonly chefName: string }
  | { readonly kind: 'deep-to-one-in'; readonly countries: readonly string[] }
  | { readonly kind: 'deep-many-to-many'; readonly categoryName: string }
  | { readonly kind: 'or-with-deep'; readonly stars: number; readonly maxPrice: number; readonly country: string }
  | { readonly kind: 'not-deep'; readonly categoryName: string }
  | { readonly kind: 'price-between-sorted'; readonly low: number; readonly high: number }
  | { readonly kind: 'description-null' }
  | { readonly kind: 'two-hop'; readonly categoryName: string }
  | { readonly kind: 'two-hop-selective'; readonly restaurantName: string }
  /**
   * Not one of the 13: the flat twin of `deep-to-one`, the same rows (and so the same
   * page and total) selected by their ids instead of through the chef, to compare a deep
   * filter with a flat one of identical output.
   */
  | { readonly kind: 'deep-to-one-twin'; readonly ids: readonly number[] }
  // Issue 15's cases, each measured against its twin (TWINS): a second sort key against the
  // first alone, and an `$or` with a wide range branch under a deep condition against a narrow one.
  | { readonly kind: 'price-between-then-name'; readonly low: number; readonly high: number }
  | { readonly kind: 'price-between-then-id'; readonly low: number; readonly high: number }
  | { readonly kind: 'all-by-stars' }
  | { readonly kind: 'all-by-stars-then-name' }
  | { readonly kind: 'all-by-stars-then-id' }
  | { readonly kind: 'or-wide-and-deep'; readonly stars: number; readonly maxPrice: number; readonly country: string }
  | { readonly kind: 'or-narrow-and-deep'; readonly stars: number; readonly maxPrice: number; readonly country: string };

/** Each query measured against another (its twin): the summary prints their ratio. */
export const TWINS: ReadonlyMap<QueryName, QueryName> = new Map<QueryName, QueryName>([
  ['deep-to-one', 'deep-to-one-twin'],
  ['price-between-then-name', 'price-between-sorted'],
  ['price-between-then-id', 'price-between-sorted'],
  ['all-by-stars-then-name', 'all-by-stars'],
  ['all-by-stars-then-id', 'all-by-stars'],
  ['or-wide-and-deep', 'or-narrow-and-deep'],
]);

/** Queries besides the 13, which the geometric mean leaves out so that runs stay comparable. */
export const EXTRA_QUERIES: ReadonlySet<QueryName> = new Set<QueryName>([
  'deep-to-one-twin', 'price-between-then-name', 'price-between-then-id', 'all-by-stars', 'all-by-stars-then-name',
  'all-by-stars-then-id', 'or-wide-and-deep', 'or-narrow-and-deep',
]);

export type QueryName = QueryParams['kind'];

export interface BenchQuery {
  readonly name: QueryName;
  /** One line for report tables. */
  readonly summary: string;
  /** Strapi document-service `filters` on api::restaurant.restaurant. */
  readonly filters: FilterTree;
  /** Strapi `sort` terms (`field:asc`); empty = default order, id ascending. */
  readonly sort: readonly string[];
  readonly pagination: Pagination;
  /** The same request as a REST query string for `GET /api/restaurants?…`. */
  readonly rest: string;
  readonly params: QueryParams;
}

/**
 * ASCII on purpose: SQLite's lower() folds ASCII only, Quarry folds all of Unicode; with an
 * ASCII needle (and no data character that lower-cases into ASCII) both select the same rows.
 * Upper case so that case folding is exercised against the mixed-case "Brasserie".
 */
export const CONTAINSI_NEEDLE = 'BRASSERIE';

/** Uniformly drawn country names; three of ~40 keep `$in` moderately selective (~7%). */
const COUNTRY_CHOICE = ['Japan', 'Peru', 'Česko'] as const;
const ID_IN_COUNT = 50;
const QUERY_STREAM = 3;

export function buildQueries(data: Dataset): BenchQuery[] {
  const exactNameIndex = Math.floor(data.size * 0.618034);
  const chefIndex = Math.floor(data.chefs.length * 0.381966);
  const selectiveIndex = firstWithChef(data, Math.floor(data.size * 0.271828));
  // Category popularity falls with the index (see generate.ts): 20 is a mid-popular one
  // (~2% of restaurants), 0 the most popular, the last one the rarest.
  const midCategory = categoryName(data, 20);
  const popularCategory = categoryName(data, 0);
  const rareCategory = categoryName(data, data.categories.length - 1);

  const params: QueryParams[] = [
    { kind: 'flat-two-field', minStars: 4, open: true },
    { kind: 'exact-name', name: data.restaurant(exactNameIndex).name },
    { kind: 'name-containsi', needle: CONTAINSI_NEEDLE },
    { kind: 'id-in', ids: drawIds(data, Math.min(ID_IN_COUNT, data.size)) },
    { kind: 'deep-to-one', chefName: chefAt(data, chefIndex) },
    { kind: 'deep-to-one-in', countries: COUNTRY_CHOICE },
    { kind: 'deep-many-to-many', categoryName: midCategory },
    { kind: 'or-with-deep', stars: 5, maxPrice: 8, country: 'Italy' },
    { kind: 'not-deep', categoryName: popularCategory },
    { kind: 'price-between-sorted', low: 20, high: 25 },
    { kind: 'description-null' },
    { kind: 'two-hop', categoryName: rareCategory },
    { kind: 'two-hop-selective', restaurantName: data.restaurant(selectiveIndex).name },
    { kind: 'deep-to-one-twin', ids: restaurantsOfChef(data, chefIndex) },
    { kind: 'price-between-then-name', low: 20, high: 25 },
    { kind: 'price-between-then-id', low: 20, high: 25 },
    { kind: 'all-by-stars' },
    { kind: 'all-by-stars-then-name' },
    { kind: 'all-by-stars-then-id' },
    // Prices are 5 + 145u² (generate.ts): below 15, about a quarter of the rows; below 5.2, under 4%.
    { kind: 'or-wide-and-deep', stars: 5, maxPrice: 15, country: countryOf(data, chefIndex) },
    { kind: 'or-narrow-and-deep', stars: 5, maxPrice: 5.2, country: countryOf(data, chefIndex) },
  ];
  return params.map(toBenchQuery);
}

function toBenchQuery(params: QueryParams): BenchQuery {
  const { summary, filters, sort = [] } = describe(params);
  const pagination = { page: 1, pageSize: PAGE_SIZE };
  return { name: params.kind, summary, filters, sort, pagination, rest: toQueryString(filters, sort, pagination), params };
}

function describe(p: QueryParams): { summary: string; filters: FilterTree; sort?: readonly string[] } {
  switch (p.kind) {
    case 'flat-two-field':
      return { summary: `stars >= ${p.minStars} and open = ${p.open}`, filters: { stars: { $gte: p.minStars }, open: { $eq: p.open } } };
    case 'exact-name':
      return { summary: 'name $eq <one restaurant>', filters: { name: { $eq: p.name } } };
    case 'name-containsi':
      return { summary: `name $containsi '${p.needle}'`, filters: { name: { $containsi: p.needle } } };
    case 'id-in':
      return { summary: `id $in <${p.ids.length} ids>`, filters: { id: { $in: p.ids } } };
    case 'deep-to-one':
      return { summary: 'chef.name $eq <one chef>', filters: { chef: { name: { $eq: p.chefName } } } };
    case 'deep-to-one-in':
      return { summary: `chef.country $in [${p.countries.join(', ')}]`, filters: { chef: { country: { $in: p.countries } } } };
    case 'deep-many-to-many':
      return { summary: `categories.name $eq '${p.categoryName}'`, filters: { categories: { name: { $eq: p.categoryName } } } };
    case 'or-with-deep':
      return {
        summary: `$or: stars = ${p.stars} | price < ${p.maxPrice} | chef.country = ${p.country}`,
        filters: { $or: [{ stars: { $eq: p.stars } }, { price: { $lt: p.maxPrice } }, { chef: { country: { $eq: p.country } } }] },
      };
    case 'not-deep':
      return { summary: `$not categories.name $eq '${p.categoryName}'`, filters: { $not: { categories: { name: { $eq: p.categoryName } } } } };
    case 'price-between-sorted':
      return { summary: `price $between [${p.low}, ${p.high}] sort price:asc`, filters: { price: { $between: [p.low, p.high] } }, sort: ['price:asc'] };
    case 'description-null':
      return { summary: 'description $null', filters: { description: { $null: true } } };
    case 'two-hop':
      return { summary: `chef.restaurants.categories.name $eq '${p.categoryName}'`, filters: { chef: { restaurants: { categories: { name: { $eq: p.categoryName } } } } } };
    case 'two-hop-selective':
      return { summary: 'chef.restaurants.name $eq <one restaurant>', filters: { chef: { restaurants: { name: { $eq: p.restaurantName } } } } };
    case 'deep-to-one-twin':
      return { summary: `id $in <the ${p.ids.length} restaurants of deep-to-one's chef>`, filters: { id: { $in: p.ids } } };
    case 'price-between-then-name':
      return { summary: `price $between [${p.low}, ${p.high}] sort price:asc,name:asc`, filters: { price: { $between: [p.low, p.high] } }, sort: ['price:asc', 'name:asc'] };
    case 'price-between-then-id':
      return { summary: `price $between [${p.low}, ${p.high}] sort price:asc,id:desc`, filters: { price: { $between: [p.low, p.high] } }, sort: ['price:asc', 'id:desc'] };
    case 'all-by-stars':
      return { summary: 'no filter, sort stars:desc', filters: {}, sort: ['stars:desc'] };
    case 'all-by-stars-then-name':
      return { summary: 'no filter, sort stars:desc,name:asc', filters: {}, sort: ['stars:desc', 'name:asc'] };
    case 'all-by-stars-then-id':
      return { summary: 'no filter, sort stars:desc,id:desc', filters: {}, sort: ['stars:desc', 'id:desc'] };
    case 'or-wide-and-deep':
    case 'or-narrow-and-deep':
      return {
        summary: `($or: stars = ${p.stars} | price < ${p.maxPrice}) and chef.country = ${p.country}`,
        filters: { $or: [{ stars: { $eq: p.stars } }, { price: { $lt: p.maxPrice } }], chef: { country: { $eq: p.country } } },
      };
  }
}

/** Distinct ids spread over the whole table, in draw order (a client's list is not sorted). */
function drawIds(data: Dataset, count: number): number[] {
  const rng = new Rng(entitySeed(data.seed, QUERY_STREAM, 0));
  const ids = new Set<number>();
  while (ids.size < count) ids.add(idOf(rng.int(data.size)));
  return [...ids];
}

/** The ids of one chef's restaurants, ascending. */
function restaurantsOfChef(data: Dataset, chef: number): number[] {
  const ids: number[] = [];
  for (let i = 0; i < data.size; i++) if (data.restaurant(i).chef === chef) ids.push(idOf(i));
  return ids;
}

/** A restaurant that has a chef, so the two-hop query through its chef is not empty. */
function firstWithChef(data: Dataset, from: number): number {
  for (let i = from; i < data.size; i++) if (data.restaurant(i).chef !== null) return i;
  throw new RangeError('no restaurant with a chef');
}

function chefAt(data: Dataset, index: number): string {
  const chef = data.chefs[index];
  if (chef === undefined) throw new RangeError(`no chef at index ${index}`);
  return chef.name;
}

/** The country of a chef that has one, from `index` on, so that a query through it has restaurants at every size. */
function countryOf(data: Dataset, index: number): string {
  for (let i = index; i < data.chefs.length; i++) {
    const country = data.chefs[i]?.country;
    if (country) return country;
  }
  throw new RangeError('no chef with a country');
}

function categoryName(data: Dataset, index: number): string {
  const category = data.categories[index];
  if (category === undefined) throw new RangeError(`no category at index ${index}`);
  return category.name;
}
