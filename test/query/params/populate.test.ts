import { describe, expect, it } from 'vitest';
import { parseListParams, type PopulateTree, type RelationPopulateNode } from '../../../src/query/params/index.js';
import { readQueryString } from '../../../src/query/querystring/index.js';
import { ARTICLE, CATEGORY, CHEF, errorOf, list, plain, privateRegistry, RESTAURANT, TAG, type } from './fixtures.js';

/** These types populate relations only. */
interface RelationTree { readonly [name: string]: RelationPopulateNode & { readonly populate: RelationTree } }
const relations = (tree: PopulateTree): RelationTree => tree as RelationTree;
const populateOf = (raw: string, uid?: string, maxPopulateDepth?: number) =>
  relations(list(raw, uid, maxPopulateDepth === undefined ? undefined : { maxPopulateDepth }).populate);

/** The populated relation names, nested, to compare shapes at a glance. */
function shape(tree: RelationTree): unknown {
  const out: Record<string, unknown> = {};
  for (const [name, node] of Object.entries(tree)) out[name] = shape(node.populate);
  return out;
}

const plainNode = (attribute: string, target: string, toMany: boolean): RelationPopulateNode => ({
  kind: 'relation', attribute, target, toMany, fields: '*', sort: [], filtersRaw: undefined, populate: {}, count: false, pagination: undefined,
});

describe('populate: string and list forms', () => {
  it('is empty when absent or blank', () => {
    for (const raw of ['', 'populate', 'populate=', 'populate[]', 'populate=,']) expect(shape(populateOf(raw))).toEqual({});
  });

  it('builds a tree without prototypes', () => {
    const tree = populateOf('populate=chef.restaurants');
    expect(Object.getPrototypeOf(tree)).toBe(null);
    expect(Object.getPrototypeOf(tree.chef!.populate)).toBe(null);
  });

  it('reads * as every first-level relation, with default options', () => {
    const tree = populateOf('populate=*');
    expect(shape(tree)).toEqual({ chef: {}, categories: {}, articles: {} });
    expect(plain(tree.chef)).toEqual(plain(plainNode('chef', CHEF, false)));
    expect(tree.categories).toMatchObject({ target: CATEGORY, toMany: true });
    expect(tree.articles).toMatchObject({ target: ARTICLE, toMany: true });
  });

  it('reads comma lists and dot paths, merging shared prefixes', () => {
    expect(shape(populateOf('populate=chef,categories'))).toEqual({ chef: {}, categories: {} });
    expect(shape(populateOf('populate=chef.restaurants.categories,chef,articles.tags'))).toEqual({
      chef: { restaurants: { categories: {} } },
      articles: { tags: {} },
    });
    expect(populateOf('populate=chef.restaurants').chef!.populate.restaurants).toMatchObject({ target: RESTAURANT, toMany: true });
  });

  it('reads indexed lists, each item possibly a comma list, and * among them', () => {
    expect(shape(populateOf('populate[0]=chef&populate[1]=categories.restaurants,articles'))).toEqual({
      chef: {}, categories: { restaurants: {} }, articles: {},
    });
    expect(shape(populateOf('populate[0]=*&populate[1]=chef.restaurants'))).toEqual({
      chef: { restaurants: {} }, categories: {}, articles: {},
    });
  });

  it('refuses unknown names, scalars and non-populatable segments with Invalid key', () => {
    const error = errorOf(() => populateOf('populate=nope'));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid key nope');
    expect(error.details).toEqual({ key: 'nope', path: 'populate.nope', source: 'query', param: 'populate' });
    expect(errorOf(() => populateOf('populate=name')).message).toBe('Invalid key name');
    const deep = errorOf(() => populateOf('populate=chef.name'));
    expect(deep.message).toBe('Invalid key name at chef.name');
    expect(deep.details.path).toBe('populate.chef.name');
    expect(errorOf(() => populateOf('populate[0]=chef.*')).message).toBe('Invalid key * at chef.*');
  });

  it('refuses private relations, and leaves them out of *', () => {
    const shops = (raw: string) => parseListParams(privateRegistry, type('api::shop.shop', privateRegistry), readQueryString(raw)).populate;
    expect(errorOf(() => shops('populate=owner')).message).toBe('Invalid key owner');
    expect(shape(relations(shops('populate=*')))).toEqual({ parent: {} });
  });

  it('refuses list items that are not strings', () => {
    const error = errorOf(() => populateOf('populate[0][chef]=true'));
    expect(error.message).toBe('Invalid populate parameter. Expected a string, an array of strings, a populate object');
    expect(error.details).toEqual({ path: 'populate', source: 'query', param: 'populate' });
  });
});

describe('populate: object form', () => {
  it('populates on true-like values and skips false-like ones', () => {
    expect(shape(populateOf('populate[chef]=true&populate[categories]=*&populate[articles]=1'))).toEqual({
      chef: {}, categories: {}, articles: {},
    });
    expect(shape(populateOf('populate[chef]=false&populate[categories]=0&populate[articles]'))).toEqual({});
    expect(shape(populateOf('populate[chef]='))).toEqual({});
  });

  it('still checks the names it skips', () => {
    expect(errorOf(() => populateOf('populate[nope]=false')).message).toBe('Invalid key nope');
    expect(errorOf(() => populateOf('populate[stars]=true')).message).toBe('Invalid key stars');
  });

  it('reads fields, sort, count and a nested populate for the target type', () => {
    const tree = populateOf(
      'populate[chef][fields][0]=name&populate[chef][populate][restaurants][sort]=stars:desc&populate[chef][populate][restaurants][fields]=name'
      + '&populate[categories][count]=true&populate[articles][sort][0]=title',
    );
    expect(tree.chef).toMatchObject({ attribute: 'chef', target: CHEF, fields: ['id', 'documentId', 'name'], count: false });
    expect(tree.chef!.populate.restaurants).toMatchObject({
      target: RESTAURANT,
      fields: ['id', 'documentId', 'name'],
      sort: [{ path: ['stars'], direction: 'desc' }],
    });
    expect(tree.categories).toMatchObject({ count: true, toMany: true });
    expect(tree.articles!.sort).toEqual([{ path: ['title'], direction: 'asc' }]);
  });

  it('reads count as a boolean-like value, refusing others', () => {
    expect(populateOf('populate[categories][count]=f').categories!.count).toBe(false);
    const error = errorOf(() => populateOf('populate[categories][count]=maybe'));
    expect(error.message).toBe('Invalid key count at categories.count');
    expect(error.details).toEqual({ key: 'count', path: 'populate.categories.count', source: 'query', param: 'populate' });
  });

  it('carries nested filters raw, with the target type to check them against', () => {
    const node = populateOf('populate[categories][filters][name][$eq]=Pizza&populate[categories][filters][nope]=x').categories!;
    expect(node.target).toBe(CATEGORY);
    expect(plain(node.filtersRaw)).toEqual({ name: { $eq: 'Pizza' }, nope: 'x' });
    expect(populateOf('populate[categories][filters]').categories!.filtersRaw).toBeUndefined();
  });

  it('refuses nested filters that are not an object', () => {
    const error = errorOf(() => populateOf('populate[categories][filters]=x'));
    expect(error.message).toBe('The filters parameter must be an object');
    expect(error.details).toEqual({ path: 'populate.categories.filters', source: 'query', param: 'populate' });
  });

  it('checks nested fields and sort against the target, reported under populate', () => {
    const fields = errorOf(() => populateOf('populate[chef][fields][0]=stars'));
    expect(fields.message).toBe('Invalid key stars at chef.fields.stars');
    expect(fields.details).toEqual({ key: 'stars', path: 'populate.chef.fields.stars', source: 'query', param: 'populate' });
    const sort = errorOf(() => populateOf('populate[chef][sort]=restaurants.name'));
    expect(sort.message).toBe('Invalid key restaurants at chef.sort.restaurants: sorting by a to-many relation is not supported');
    expect(errorOf(() => populateOf('populate[chef][sort]=name:sideways')).message).toBe(
      'Invalid order. order can only be one of asc|desc|ASC|DESC',
    );
  });

  it('reads a window on the populated list', () => {
    expect(populateOf('populate[categories][page]=2&populate[categories][pageSize]=5').categories!.pagination).toEqual({
      mode: 'page', page: 2, pageSize: 5, start: 5, limit: 5,
    });
    expect(populateOf('populate[categories][start]=1&populate[categories][limit]=3').categories!.pagination).toEqual({
      mode: 'offset', page: 1, pageSize: 3, start: 1, limit: 3,
    });
    expect(populateOf('populate[categories][limit]=1000').categories!.pagination).toMatchObject({ limit: 100 });
    const mixed = errorOf(() => populateOf('populate[categories][page]=1&populate[categories][limit]=3'));
    expect(mixed.name).toBe('PaginationError');
    expect(mixed.message).toBe('Cannot use both page & offset pagination in the same query');
    expect(errorOf(() => populateOf('populate[categories][page]=x')).message).toBe(
      "Invalid 'page' parameter. Expected an integer, received: x",
    );
  });

  it('refuses status and locale inside populate, saying they belong at the root', () => {
    const error = errorOf(() => populateOf('populate[articles][status]=draft'));
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      'Invalid key status at articles.status: status is only accepted at the root of the query, and it also applies to populated relations',
    );
    expect(error.details).toEqual({ key: 'status', path: 'populate.articles.status', source: 'query', param: 'populate' });
    expect(errorOf(() => populateOf('populate[chef][populate][restaurants][locale]=fr')).message).toBe(
      'Invalid key locale at chef.populate.restaurants.locale: locale is only accepted at the root of the query, and it also applies to populated relations',
    );
    expect(errorOf(() => populateOf('populate[status]=draft')).message).toMatch(/^Invalid key status: status is only accepted at the root/);
    expect(errorOf(() => populateOf('populate=locale', TAG)).message).toMatch(/^Invalid key locale: locale is only accepted at the root/);
  });

  it('refuses unknown option keys and lists as options', () => {
    expect(errorOf(() => populateOf('populate[chef][name]=true')).message).toBe('Invalid key name at chef.name');
    expect(errorOf(() => populateOf('populate[chef][on][x]=true')).message).toBe('Invalid key on at chef.on');
    const asList = errorOf(() => populateOf('populate[chef][]=name'));
    expect(asList.message).toBe("Invalid nested populate. Expected '*' or an object");
    expect(asList.details).toEqual({ path: 'populate.chef', source: 'query', param: 'populate' });
  });

  it('reads a nested populate in every form', () => {
    expect(shape(populateOf('populate[chef][populate]=*'))).toEqual({ chef: { restaurants: {} } });
    expect(shape(populateOf('populate[chef][populate]=restaurants.categories'))).toEqual({ chef: { restaurants: { categories: {} } } });
    expect(shape(populateOf('populate[chef][populate][0]=restaurants'))).toEqual({ chef: { restaurants: {} } });
    expect(errorOf(() => populateOf('populate[chef][populate]=nope')).message).toBe('Invalid key nope at chef.populate.nope');
  });
});

describe('populate: depth limit', () => {
  const chain = (levels: number): string => {
    const names = ['chef', 'restaurants'];
    return Array.from({ length: levels }, (_, i) => names[i % 2]).join('.');
  };
  const objectChain = (levels: number): string => {
    let key = 'populate';
    const names = ['chef', 'restaurants'];
    for (let i = 0; i < levels; i++) key += `${i > 0 ? '[populate]' : ''}[${names[i % 2]}]`;
    return `${key}=true`;
  };

  it('accepts 5 levels and refuses 6, naming the limit, in both forms', () => {
    expect(shape(populateOf(`populate=${chain(5)}`))).toEqual({ chef: { restaurants: { chef: { restaurants: { chef: {} } } } } });
    const error = errorOf(() => populateOf(`populate=${chain(6)}`));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Populate nesting exceeds the depth limit of 5');
    expect(error.details).toEqual({ path: 'populate.chef.restaurants.chef.restaurants.chef.restaurants', source: 'query', param: 'populate' });
    expect(() => populateOf(objectChain(5))).not.toThrow();
    expect(errorOf(() => populateOf(objectChain(6))).message).toBe('Populate nesting exceeds the depth limit of 5');
  });

  it('counts a nested * as one more level', () => {
    expect(() => populateOf(`populate[chef][populate]=*`, undefined, 2)).not.toThrow();
    expect(errorOf(() => populateOf(`populate[chef][populate]=*`, undefined, 1)).message).toBe(
      'Populate nesting exceeds the depth limit of 1',
    );
  });

  it('takes the limit from settings', () => {
    expect(() => populateOf(`populate=${chain(2)}`, undefined, 2)).not.toThrow();
    expect(errorOf(() => populateOf(`populate=${chain(3)}`, undefined, 2)).message).toBe('Populate nesting exceeds the depth limit of 2');
  });
});

describe('populate depth and components', () => {
  it('counts relation levels only: components, read with their row, add none', () => {
    const page = (raw: string, maxPopulateDepth: number) => list(raw, 'api::page.page', { maxPopulateDepth }).populate;
    expect(Object.keys(page('populate[seo][populate][shareImage]=true', 1))).toEqual(['seo']);
    expect(Object.keys(page('populate=seo.shareImage', 1))).toEqual(['seo']);
    expect(Object.keys(page('populate[sections][on][page.restaurant-list][populate][restaurants][populate]=chef', 2))).toEqual(['sections']);
    expect(errorOf(() => page('populate[sections][on][page.restaurant-list][populate][restaurants][populate]=chef', 1)).message)
      .toBe('Populate nesting exceeds the depth limit of 1');
  });
});
