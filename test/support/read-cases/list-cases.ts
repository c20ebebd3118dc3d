import { casesOf, type CaseGroup } from './case.js';

/**
 * Sort, windows and fields. Restaurants in id order: Le Petit Bistro, Sushi Zen, Pizza Napoli,
 * Green Fork, Burger Barn, Noodle Bar (test/support/read-cases/world.ts).
 */
const r = casesOf('restaurants');
const BY_NAME = ['Burger Barn', 'Green Fork', 'Le Petit Bistro', 'Noodle Bar', 'Pizza Napoli', 'Sushi Zen'];

const SORT = [
  r('no sort: id order', {}, ['Le Petit Bistro', 'Sushi Zen', 'Pizza Napoli', 'Green Fork', 'Burger Barn', 'Noodle Bar']),
  r('one key, ascending unless said', { sort: 'name' }, BY_NAME),
  r('direction in capitals', { sort: 'name:DESC' }, [...BY_NAME].reverse()),
  r('descending, ties by ascending id', { sort: 'stars:desc' }, ['Sushi Zen', 'Le Petit Bistro', 'Pizza Napoli', 'Noodle Bar', 'Green Fork', 'Burger Barn']),
  r('NULL first ascending', { sort: 'price:asc' }, ['Green Fork', 'Burger Barn', 'Noodle Bar', 'Pizza Napoli', 'Le Petit Bistro', 'Sushi Zen']),
  r('NULL last descending, ties still by ascending id', { sort: 'price:desc' }, ['Sushi Zen', 'Le Petit Bistro', 'Pizza Napoli', 'Burger Barn', 'Noodle Bar', 'Green Fork']),
  r('boolean ascending: NULL, false, true', { sort: 'open:asc' }, ['Pizza Napoli', 'Green Fork', 'Le Petit Bistro', 'Sushi Zen', 'Burger Barn', 'Noodle Bar']),
  r('boolean descending', { sort: 'open:desc' }, ['Le Petit Bistro', 'Sushi Zen', 'Burger Barn', 'Noodle Bar', 'Green Fork', 'Pizza Napoli']),
  r('several keys as a list', { sort: ['stars:desc', 'price:asc'] }, ['Sushi Zen', 'Le Petit Bistro', 'Noodle Bar', 'Pizza Napoli', 'Green Fork', 'Burger Barn']),
  r('several keys in one string', { sort: 'open:desc,price:desc' }, ['Sushi Zen', 'Le Petit Bistro', 'Burger Barn', 'Noodle Bar', 'Green Fork', 'Pizza Napoli']),
  r('through a to-one: a missing chef first', { sort: 'chef.name:asc' }, ['Noodle Bar', 'Pizza Napoli', 'Green Fork', 'Le Petit Bistro', 'Sushi Zen', 'Burger Barn']),
  r('through a to-one, descending: a missing chef last', { sort: 'chef.name:desc' }, ['Sushi Zen', 'Burger Barn', 'Le Petit Bistro', 'Pizza Napoli', 'Green Fork', 'Noodle Bar']),
  r('through a to-one, then a field', { sort: ['chef.country:asc', 'name:desc'] }, ['Noodle Bar', 'Pizza Napoli', 'Green Fork', 'Le Petit Bistro', 'Sushi Zen', 'Burger Barn']),
  r('by id, descending', { sort: 'id:desc' }, ['Noodle Bar', 'Burger Barn', 'Green Fork', 'Pizza Napoli', 'Sushi Zen', 'Le Petit Bistro']),
  r('by a timestamp', { sort: 'createdAt:asc' }, ['Le Petit Bistro', 'Sushi Zen', 'Pizza Napoli', 'Green Fork', 'Burger Barn', 'Noodle Bar']),
  casesOf('chefs')('another type', { sort: 'country:desc' }, ['Eva Tanaka', 'Chloé Martin', 'Ana Souza']),
  casesOf('articles')('text in code-point order: capitals first', { sort: 'title:asc' }, ['Chef interview', 'Opening night', 'a late review']),
  casesOf('tags')('accents in code-point order', { sort: 'name:asc', locale: 'fr' }, ['Apéro', 'Terrasse', 'Végétalien', 'Wi-Fi']),
  casesOf('tags')('a NULL name first', { sort: 'name:asc' }, [null, 'Live music', 'Terrace', 'Vegan friendly']),
  casesOf('tags')('every locale, descending', { sort: 'name:desc', locale: '*' }, ['Wi-Fi', 'Végétalien', 'Vegan friendly', 'Terrasse', 'Terrace', 'Live music', 'Apéro', null]),
  casesOf('tags')('by documentId: the locales of a document tie', { sort: 'documentId:asc', locale: '*', fields: ['code', 'locale'] }),
  casesOf('tags')('by locale, then name', { sort: ['locale:desc', 'name:asc'], locale: '*' }, ['Apéro', 'Terrasse', 'Végétalien', 'Wi-Fi', null, 'Live music', 'Terrace', 'Vegan friendly']),
  casesOf('articles')('drafts by publishedAt: all NULL, so id order', { sort: 'publishedAt:desc', status: 'draft' }, ['Opening night', 'Chef interview (updated)', 'Menu preview', 'a late review']),
];

const byName = (pagination: object, expect: readonly string[], total?: number, name = JSON.stringify(pagination)) =>
  r(name, { sort: 'name:asc', pagination }, expect, total);

const PAGES = [
  byName({ page: 1, pageSize: 2 }, ['Burger Barn', 'Green Fork'], 6),
  byName({ page: 3, pageSize: 2 }, ['Pizza Napoli', 'Sushi Zen'], 6),
  byName({ page: 4, pageSize: 2 }, [], 6, 'a page past the end'),
  byName({ page: 2 }, [], 6, 'a page without a size: 25'),
  byName({ pageSize: 4 }, ['Burger Barn', 'Green Fork', 'Le Petit Bistro', 'Noodle Bar'], 6),
  byName({ pageSize: 500 }, BY_NAME, 6, 'a page size above the largest: 100'),
  byName({ page: 2, pageSize: 0 }, ['Green Fork'], 6, 'a page size below 1: 1'),
  byName({ start: 1, limit: 3 }, ['Green Fork', 'Le Petit Bistro', 'Noodle Bar'], 6),
  byName({ limit: 2 }, ['Burger Barn', 'Green Fork'], 6),
  byName({ start: 4 }, ['Pizza Napoli', 'Sushi Zen'], 6),
  byName({ start: 10, limit: 5 }, [], 6, 'a start past the end'),
  byName({ start: 2, limit: -1 }, ['Le Petit Bistro', 'Noodle Bar', 'Pizza Napoli', 'Sushi Zen'], 6, 'limit -1: the most'),
  byName({ page: 2, pageSize: 2, withCount: false }, ['Le Petit Bistro', 'Noodle Bar'], undefined, 'pages without a count'),
  byName({ start: 3, limit: 2, withCount: false }, ['Noodle Bar', 'Pizza Napoli'], undefined, 'offsets without a count'),
  byName({ page: 1, pageSize: 3, withCount: true }, ['Burger Barn', 'Green Fork', 'Le Petit Bistro'], 6),
  r('a page of a filtered, sorted list', { filters: { open: { $eq: true } }, sort: 'price:desc', pagination: { page: 2, pageSize: 2 } }, ['Burger Barn', 'Noodle Bar'], 4),
  r('a page in id order', { pagination: { page: 2, pageSize: 4 } }, ['Burger Barn', 'Noodle Bar'], 6),
  r('a page of nothing', { filters: { stars: { $gt: 9 } }, pagination: { page: 1, pageSize: 2 } }, [], 0),
  byName({ page: 0, pageSize: 2 }, ['Burger Barn', 'Green Fork'], 6, 'page 0: the first'),
  byName({ start: -3, limit: 2 }, ['Burger Barn', 'Green Fork'], 6, 'a negative start: 0'),
];

const FIELDS = [
  r('one field', { fields: ['name'], sort: 'name' }, BY_NAME),
  r('several fields', { fields: ['name', 'price', 'open'], sort: 'name' }, BY_NAME),
  r('a timestamp', { fields: ['name', 'createdAt'], sort: 'name' }, BY_NAME),
  casesOf('tags')('a shared field of a localized type', { fields: ['code'], locale: 'fr' }),
  casesOf('tags')('the locale', { fields: ['name', 'locale'], locale: '*' }),
  casesOf('articles')('publishedAt of drafts', { fields: ['title', 'publishedAt'], status: 'draft' }),
];

export const LIST_GROUPS: readonly CaseGroup[] = [
  { group: 'sort', cases: SORT },
  { group: 'pages', cases: PAGES },
  { group: 'fields', cases: FIELDS },
];
