import { casesOf, type CaseGroup } from './case.js';

/**
 * Which rows a read sees: a locale of a localized type (tags, in id order: Terrace, Terrasse,
 * Vegan friendly, Végétalien, Live music, Apéro, an untitled `en` row, Wi-Fi), a version of a
 * draft & publish type (articles), and types that have neither ignoring both.
 */
const t = casesOf('tags');
const a = casesOf('articles');
const ALL_RESTAURANTS = ['Burger Barn', 'Green Fork', 'Le Petit Bistro', 'Noodle Bar', 'Pizza Napoli', 'Sushi Zen'];

const LOCALES = [
  t('the default locale', {}, ['Terrace', 'Vegan friendly', 'Live music', null]),
  t('en', { locale: 'en' }, ['Terrace', 'Vegan friendly', 'Live music', null]),
  t('fr', { locale: 'fr' }, ['Terrasse', 'Végétalien', 'Apéro', 'Wi-Fi']),
  t('every locale', { locale: '*' }, ['Terrace', 'Terrasse', 'Vegan friendly', 'Végétalien', 'Live music', 'Apéro', null, 'Wi-Fi']),
  t('every locale, a page', { locale: '*', pagination: { page: 2, pageSize: 3 } }, ['Végétalien', 'Live music', 'Apéro'], 8),
  t('every locale of one document', { locale: '*', filters: { code: { $eq: 'wifi' } } }, [null, 'Wi-Fi']),
  t('fr, filtered and sorted', { locale: 'fr', filters: { name: { $contains: 'é' } }, sort: 'name:desc' }, ['Végétalien', 'Apéro']),
  casesOf('restaurants')('a type without locales ignores the locale', { locale: 'fr', sort: 'name' }, ALL_RESTAURANTS),
];

const STATUS = [
  a('published unless asked', {}, ['Opening night', 'Chef interview', 'a late review']),
  a('published', { status: 'published' }, ['Opening night', 'Chef interview', 'a late review']),
  a('draft', { status: 'draft' }, ['Opening night', 'Chef interview (updated)', 'Menu preview', 'a late review']),
  a('draft, sorted', { status: 'draft', sort: 'title:desc' }, ['a late review', 'Opening night', 'Menu preview', 'Chef interview (updated)']),
  a('draft, a page', { status: 'draft', pagination: { page: 2, pageSize: 3 } }, ['a late review'], 4),
  a('draft, filtered', { status: 'draft', filters: { title: { $containsi: 'interview' } } }, ['Chef interview (updated)']),
  a('draft & publish type with a locale it ignores', { status: 'draft', locale: 'fr', fields: ['title'] }, ['Opening night', 'Chef interview (updated)', 'Menu preview', 'a late review']),
  casesOf('restaurants')('a type without versions ignores the status', { status: 'draft', sort: 'name' }, ALL_RESTAURANTS),
];

export const SCOPE_GROUPS: readonly CaseGroup[] = [
  { group: 'locale', cases: LOCALES },
  { group: 'status', cases: STATUS },
];
