import { casesOf, type CaseGroup } from './case.js';

/**
 * Media fields: an article's cover (test/support/read-cases/world.ts), filtered, sorted and
 * populated as a to-one relation to the file type, from its own versions and through the
 * restaurants that link articles. Covers: Opening night hero.jpg; Chef interview share.png, its
 * newer draft menu.webp; Menu preview (only a draft) and a late review none.
 */
const a = casesOf('articles');
const r = casesOf('restaurants');
const byTitle = { fields: ['title'], sort: 'title:asc' } as const;
const draft = { ...byTitle, status: 'draft' } as const;

const FILTERS = [
  a('$null', { ...byTitle, filters: { cover: { $null: true } } }, ['a late review']),
  a('$null, drafts', { ...draft, filters: { cover: { $null: true } } }, ['Menu preview', 'a late review']),
  a('$notNull', { ...byTitle, filters: { cover: { $notNull: true } } }, ['Chef interview', 'Opening night']),
  a('$null false', { ...byTitle, filters: { cover: { $null: false } } }, ['Chef interview', 'Opening night']),
  a('by name', { ...byTitle, filters: { cover: { name: { $eq: 'hero.jpg' } } } }, ['Opening night']),
  a('by name, each version its own file', { ...draft, filters: { cover: { name: { $in: ['share.png', 'menu.webp'] } } } }, ['Chef interview (updated)']),
  a('by mime', { ...byTitle, filters: { cover: { mime: { $startsWith: 'image/' } } } }, ['Chef interview', 'Opening night']),
  a('by a field of no file: NULL', { ...byTitle, filters: { cover: { width: { $null: true } } } }, ['a late review']),
  a('by width', { ...byTitle, filters: { cover: { width: { $gte: 1500 } } } }, ['Opening night']),
  a('$not by name keeps no file out', { ...byTitle, filters: { $not: { cover: { name: { $eq: 'hero.jpg' } } } } }, ['Chef interview']),
  // Restaurants link both versions of an article: either version's cover may match.
  r('through a relation', { fields: ['name'], sort: 'name:asc', filters: { articles: { cover: { name: { $eq: 'menu.webp' } } } } }, ['Le Petit Bistro', 'Sushi Zen']),
  // A restaurant without articles is tested on a row of NULLs, which links no file either.
  r('through a relation, no file', { fields: ['name'], sort: 'name:asc', filters: { articles: { cover: { $null: true } } } }, ['Burger Barn', 'Green Fork', 'Pizza Napoli', 'Sushi Zen']),
];

const SORT = [
  a('by a file field: no file first', { fields: ['title'], sort: 'cover.name:asc' }, ['a late review', 'Opening night', 'Chef interview']),
  a('by a file field, descending, drafts', { fields: ['title'], sort: 'cover.width:desc', status: 'draft' }, ['Opening night', 'Chef interview (updated)', 'Menu preview', 'a late review']),
];

const POPULATE = [
  a('a file', { ...byTitle, populate: { cover: true } }),
  a('a file, its fields', { ...byTitle, populate: { cover: { fields: ['name', 'url', 'width'] } } }),
  a('a file of each version', { ...draft, populate: ['cover'] }),
  a('a file narrowed by its own filters', { ...byTitle, populate: { cover: { fields: ['name'], filters: { mime: { $eq: 'image/png' } } } } }),
  r('files two levels down', { fields: ['name'], sort: 'name:asc', populate: { articles: { ...byTitle, populate: { cover: { fields: ['name', 'alternativeText', 'caption'] } } } } }),
];

export const MEDIA_GROUPS: readonly CaseGroup[] = [
  { group: 'media, filters', cases: FILTERS },
  { group: 'media, sort', cases: SORT },
  { group: 'media, populate', cases: POPULATE },
];
