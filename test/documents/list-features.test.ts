import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempQuarry } from '../support/temp-quarry.js';

/** Issue 3's list features around filters, through the document service's query-object door (what REST calls). */
const R = 'api::restaurant.restaurant';
const C = 'api::chef.chef';
const K = 'api::category.category';
const A = 'api::article.article';
const T = 'api::tag.tag';
let q: ReturnType<typeof tempQuarry>;
const doc: Record<string, string> = {};

beforeAll(async () => {
  q = tempQuarry();
  const create = async (uid: string, key: string, data: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const e = await q.documents(uid).create({ data, ...extra });
    doc[key] = e.documentId as string;
    return e;
  };
  await create(C, 'ann', { name: 'Ann', country: 'France' });
  await create(C, 'bob', { name: 'Bob', country: 'Italy' });
  for (const k of ['Pizza', 'Bistro', 'Vegan', 'Sushi']) await create(K, k, { name: k });
  await create(R, 'r1', { name: 'Chez Ann', stars: 5, price: 30, chef: doc.ann, categories: [doc.Vegan, doc.Bistro, doc.Pizza] });
  await create(R, 'r2', { name: 'Trattoria', stars: 3, price: 12, chef: doc.bob, categories: [doc.Pizza] });
  await create(R, 'r3', { name: 'Ann Sushi', stars: 4, price: null, chef: doc.ann, categories: [doc.Sushi] });
  await create(R, 'r4', { name: 'Nobody', stars: 1, price: 5 });
  // article with draft & publish: one published, one draft only
  await create(A, 'pub', { title: 'Published story', restaurants: [doc.r1] }, { status: 'published' });
  await create(A, 'draft', { title: 'Draft story', restaurants: [doc.r2] });
  await create(T, 'tagEn', { name: 'spicy', code: 'S' });
  await q.documents(T).update({ documentId: doc.tagEn!, locale: 'fr', data: { name: 'épicé' } });
});
afterAll(() => q.dispose());

const list = (uid: string, query: Record<string, unknown>) => q.reads.query(uid, query as never);
const names = (rows: Record<string, unknown>[], key = 'name') => rows.map((r) => r[key]);

describe('populate', () => {
  it('returns each relation in its stored order, narrowed by its own filters, sort and window', () => {
    const [r1] = list(R, { filters: { name: 'Chez Ann' }, populate: { categories: 'true', chef: 'true' } }).results;
    expect(names(r1!.categories as never)).toEqual(['Vegan', 'Bistro', 'Pizza']);
    expect((r1!.chef as { name: string }).name).toBe('Ann');
    const [filtered] = list(R, { filters: { name: 'Chez Ann' }, populate: { categories: { filters: { name: { $ne: 'Bistro' } }, sort: 'name:asc' } } }).results;
    expect(names(filtered!.categories as never)).toEqual(['Pizza', 'Vegan']);
    const [windowed] = list(R, { filters: { name: 'Chez Ann' }, populate: { categories: { start: '1', limit: '1' } } }).results;
    expect(names(windowed!.categories as never)).toEqual(['Bistro']);
    const [counted] = list(C, { filters: { name: 'Ann' }, populate: { restaurants: { count: 'true' } } }).results;
    expect(counted!.restaurants).toEqual({ count: 2 });
  });

  it('nests, selects fields, and shows the version of draft & publish targets the read asks for', () => {
    const [ann] = list(C, { filters: { name: 'Ann' }, populate: { restaurants: { fields: ['name'], populate: { categories: { fields: ['name'] } } } } }).results;
    const restaurants = ann!.restaurants as Record<string, unknown>[];
    expect(Object.keys(restaurants[0]!).sort()).toEqual(['categories', 'documentId', 'id', 'name']);
    expect(names(restaurants[1]!.categories as never)).toEqual(['Sushi']);
    const [r1] = list(R, { filters: { name: 'Chez Ann' }, populate: { articles: 'true' } }).results;
    expect(names(r1!.articles as never, 'title')).toEqual(['Published story']);
    const [r2] = list(R, { filters: { name: 'Trattoria' }, populate: { articles: 'true' } }).results;
    expect(r2!.articles).toEqual([]);
  });
});

describe('fields, sort, pagination', () => {
  it('returns only the fields asked for, id and documentId always', () => {
    const { results } = list(R, { fields: ['name'], sort: 'name:asc', pagination: { pageSize: '2' } });
    expect(results.map((r) => Object.keys(r).sort())).toEqual([['documentId', 'id', 'name'], ['documentId', 'id', 'name']]);
  });

  it('sorts by several fields and through a to-one relation, NULLs first ascending and last descending', () => {
    expect(names(list(R, { sort: ['price:asc'] }).results)).toEqual(['Ann Sushi', 'Nobody', 'Trattoria', 'Chez Ann']);
    expect(names(list(R, { sort: ['price:desc'] }).results)).toEqual(['Chez Ann', 'Trattoria', 'Nobody', 'Ann Sushi']);
    // NULLs last descending (Strapi on SQLite): the restaurant without a chef ends the list.
    expect(names(list(R, { sort: ['chef.name:desc', 'stars:asc'] }).results)).toEqual(['Trattoria', 'Ann Sushi', 'Chez Ann', 'Nobody']);
    expect(names(list(R, { sort: ['chef.name:asc', 'stars:desc'] }).results)).toEqual(['Nobody', 'Chez Ann', 'Ann Sushi', 'Trattoria']);
  });

  it('pages with meta, by page or offset, with or without counting', () => {
    expect(list(R, { pagination: { page: '2', pageSize: '3' } })).toMatchObject({ pagination: { page: 2, pageSize: 3, pageCount: 2, total: 4 } });
    expect(list(R, { pagination: { start: '1', limit: '2' } }).pagination).toEqual({ start: 1, limit: 2, total: 4 });
    expect(list(R, { pagination: { pageSize: '1000' } }).pagination).toMatchObject({ pageSize: 100 });
    expect(list(R, { pagination: { withCount: 'false' } }).pagination).not.toHaveProperty('total');
    expect(list(R, { filters: { stars: { $gt: '9' } } }).pagination).toEqual({ page: 1, pageSize: 25, pageCount: 0, total: 0 });
  });
});

describe('status and locale', () => {
  it('lists published versions by default and drafts when asked', () => {
    expect(names(list(A, {}).results, 'title')).toEqual(['Published story']);
    expect(names(list(A, { status: 'draft' }).results, 'title')).toEqual(['Published story', 'Draft story']);
  });

  it('deep filters follow the links of the version read', () => {
    expect(names(list(R, { filters: { articles: { title: { $containsi: 'story' } } } }).results)).toEqual(['Chez Ann', 'Trattoria']);
    expect(names(list(A, { filters: { restaurants: { name: 'Trattoria' } } }).results, 'title')).toEqual([]);
    expect(names(list(A, { status: 'draft', filters: { restaurants: { name: 'Trattoria' } } }).results, 'title')).toEqual(['Draft story']);
  });

  it('reads one locale, the default one unless asked, or all of them', () => {
    expect(names(list(T, {}).results)).toEqual(['spicy']);
    expect(names(list(T, { locale: 'fr' }).results)).toEqual(['épicé']);
    expect(names(list(T, { locale: '*' }).results).sort()).toEqual(['spicy', 'épicé']);
    expect(list(T, { locale: 'fr', filters: { name: { $eqi: 'ÉPICÉ' } } }).results[0]).toMatchObject({ code: 'S', locale: 'fr' });
  });
});
