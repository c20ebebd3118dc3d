import { casesOf, type CaseGroup } from './case.js';

/**
 * Populated relations: in stored order or their own sort, narrowed by their own filters, windowed,
 * with their own fields, nested, and showing the read's version of draft & publish targets.
 * Roots keep to their names so that answers stay readable; the populated lists are the point.
 */
const r = casesOf('restaurants');
const BY_NAME = ['Burger Barn', 'Green Fork', 'Le Petit Bistro', 'Noodle Bar', 'Pizza Napoli', 'Sushi Zen'];
const root = { fields: ['name'], sort: 'name:asc' } as const;
const names = { fields: ['name'] } as const;
const titles = { fields: ['title'] } as const;

const RELATIONS = [
  r('a to-many relation, every field', { ...root, populate: ['categories'] }, BY_NAME),
  r('a to-one relation: an entry or null', { ...root, populate: { chef: true } }, BY_NAME),
  r('every relation', { ...root, populate: '*' }, BY_NAME),
  r('each relation with its own fields', { ...root, populate: { categories: names, chef: { fields: ['country'] } } }, BY_NAME),
  r('its own sort', { ...root, populate: { categories: { ...names, sort: 'name:desc' } } }),
  r('its own filters', { ...root, populate: { categories: { ...names, filters: { name: { $ne: 'Vegan' } } } } }),
  r('its own window, offsets', { ...root, populate: { categories: { ...names, start: 1, limit: 1 } } }),
  r('its own window, pages', { ...root, populate: { categories: { ...names, page: 1, pageSize: 1 } } }),
  r('its own second page', { ...root, populate: { categories: { ...names, page: 2, pageSize: 1 } } }),
  r('its own start past its end', { ...root, populate: { categories: { ...names, start: 5 } } }),
  r('its own filters, sort and window', { ...root, populate: { categories: { ...names, filters: { name: { $ne: 'Italian' } }, sort: 'name:asc', limit: 1 } } }),
  r('a count', { ...root, populate: { categories: { count: true } } }),
  r('a count of a filtered relation', { ...root, populate: { categories: { count: true, filters: { name: { $startsWith: 'V' } } } } }),
  r('a to-one relation with its own filters', { ...root, populate: { chef: { ...names, filters: { country: { $eq: 'Japan' } } } } }),
  r('the root filters do not narrow the populated list', { ...root, filters: { categories: { name: { $eq: 'Vegan' } } }, populate: { categories: names } }, ['Green Fork', 'Sushi Zen']),
  r('with a page of roots', { ...root, pagination: { page: 2, pageSize: 2 }, populate: { categories: names, chef: names } }, ['Le Petit Bistro', 'Noodle Bar'], 6),
  casesOf('chefs')('the inverse side, in its stored order', { ...root, populate: { restaurants: names } }),
  casesOf('categories')('many-to-many from the inverse side', { ...root, populate: { restaurants: { fields: ['name', 'stars'] } } }),
];

const NESTED = [
  casesOf('chefs')('a relation of a relation', { ...root, populate: { restaurants: { ...names, sort: 'stars:desc', populate: { categories: names } } } }),
  casesOf('categories')('each level with its own filters', {
    ...root, populate: { restaurants: { ...names, filters: { open: { $eq: true } }, populate: { chef: names } } },
  }),
  casesOf('categories')('sorted through a to-one inside a populate', { ...root, populate: { restaurants: { ...names, sort: 'chef.name:asc' } } }),
  casesOf('categories')('deep filters inside a populate', { ...root, populate: { restaurants: { ...names, filters: { chef: { country: { $eq: 'Japan' } } } } } }),
  r('three levels, back and forth', { ...root, filters: { name: { $startsWith: 'G' } }, populate: { chef: { ...names, populate: { restaurants: { ...names, populate: { categories: names } } } } } }, ['Green Fork']),
];

const VERSIONS = [
  r('a draft & publish relation shows published versions', { ...root, populate: { articles: titles } }),
  r('and their localized tags', { ...root, populate: { articles: { ...titles, populate: { tags: { fields: ['name', 'locale'] } } } } }),
  r('with status draft, draft versions and their own tags', { ...root, status: 'draft', populate: { articles: { ...titles, populate: { tags: { fields: ['name', 'locale'] } } } } }),
  casesOf('articles')('the inverse side of a draft & publish relation', { fields: ['title'], populate: { restaurants: names } }),
  casesOf('articles')('drafts with their relations', { fields: ['title'], status: 'draft', populate: '*' }),
  casesOf('articles')('drafts two levels down', { fields: ['title'], status: 'draft', populate: { restaurants: { ...names, populate: { articles: titles } } } }),
];

export const POPULATE_GROUPS: readonly CaseGroup[] = [
  { group: 'populate', cases: RELATIONS },
  { group: 'populate, nested', cases: NESTED },
  { group: 'populate, versions', cases: VERSIONS },
];
