import type { FilterTree } from '../../../fixtures/dataset/filters.js';
import type { CaseGroup, ReadCase } from './case.js';
import type { DocumentIds, TypeName } from './world.js';

/**
 * Filters of every operator family, flat and deep, each answered by name in name order. They
 * hold the filter table that ran through the document service, REST and GraphQL before this
 * one (FILTER_CASES of test/support/interface-cases.ts), restated on this world: Noodle Bar (no
 * chef, a description, tied on stars and price) joins some answers.
 */
const ALL = ['Burger Barn', 'Green Fork', 'Le Petit Bistro', 'Noodle Bar', 'Pizza Napoli', 'Sushi Zen'];
const but = (...names: string[]) => ALL.filter((n) => !names.includes(n));

type Filters = FilterTree | ((ids: DocumentIds) => FilterTree);

const filtered = (type: TypeName) => (name: string, filters: Filters, expect: NonNullable<ReadCase['expect']>, extra: { locale?: string; status?: 'draft' | 'published' } = {}): ReadCase => ({
  name,
  type,
  params: (ids) => ({ filters: typeof filters === 'function' ? filters(ids) : filters, sort: LABEL_SORT[type], ...extra }),
  expect,
});

const LABEL_SORT: Record<TypeName, string> = { restaurants: 'name:asc', chefs: 'name:asc', categories: 'name:asc', articles: 'title:asc', tags: 'name:asc', pages: 'title:asc' };

const r = filtered('restaurants');

const FLAT: readonly ReadCase[] = [
  // Text operators
  r('string $eq', { name: { $eq: 'Sushi Zen' } }, ['Sushi Zen']),
  r('string $eqi', { name: { $eqi: 'sushi zen' } }, ['Sushi Zen']),
  r('string $ne', { name: { $ne: 'Sushi Zen' } }, but('Sushi Zen')),
  r('string $nei', { name: { $nei: 'SUSHI ZEN' } }, but('Sushi Zen')),
  r('string $contains is case-sensitive', { name: { $contains: 'Bi' } }, ['Le Petit Bistro']),
  r('string $notContains', { name: { $notContains: 'e' } }, ['Pizza Napoli']),
  r('string $containsi', { name: { $containsi: 'ZEN' } }, ['Sushi Zen']),
  r('string $notContainsi', { name: { $notContainsi: 'R' } }, ['Pizza Napoli', 'Sushi Zen']),
  r('string $startsWith', { name: { $startsWith: 'P' } }, ['Pizza Napoli']),
  r('string $startsWithi', { name: { $startsWithi: 'le p' } }, ['Le Petit Bistro']),
  r('string $endsWith', { name: { $endsWith: 'n' } }, ['Burger Barn', 'Sushi Zen']),
  r('string $endsWithi', { name: { $endsWithi: 'FORK' } }, ['Green Fork']),
  r('string $in', { name: { $in: ['Sushi Zen', 'Green Fork'] } }, ['Green Fork', 'Sushi Zen']),
  r('string $notIn', { name: { $notIn: ['Sushi Zen', 'Green Fork'] } }, but('Sushi Zen', 'Green Fork')),
  r('string $lt', { name: { $lt: 'M' } }, ['Burger Barn', 'Green Fork', 'Le Petit Bistro']),
  // LIKE's wildcards are plain characters to the text operators.
  r('$contains % is a plain character', { name: { $contains: '%' } }, []),
  r('$containsi _ is a plain character', { name: { $containsi: '_' } }, []),
  r('$eqi on a number compares its text', { stars: { $eqi: 5 } }, ['Sushi Zen']),
  r('text $null', { description: { $null: true } }, but('Noodle Bar')),
  r('text $notNull', { description: { $notNull: true } }, ['Noodle Bar']),
  r('text $containsi', { description: { $containsi: 'RAMEN' } }, ['Noodle Bar']),
  r('$eq null is IS NULL', { description: { $eq: null } }, but('Noodle Bar')),
  r('$ne null is IS NOT NULL', { description: { $ne: null } }, ['Noodle Bar']),
  r('string $between', { name: { $between: ['B', 'H'] } }, ['Burger Barn', 'Green Fork']),
  // Integer
  r('integer $gt', { stars: { $gt: 3 } }, ['Le Petit Bistro', 'Sushi Zen']),
  r('integer $gte', { stars: { $gte: 3 } }, ['Le Petit Bistro', 'Noodle Bar', 'Pizza Napoli', 'Sushi Zen']),
  r('integer $lt', { stars: { $lt: 2 } }, ['Burger Barn']),
  r('integer $lte', { stars: { $lte: 2 } }, ['Burger Barn', 'Green Fork']),
  r('integer $between', { stars: { $between: [2, 4] } }, ['Green Fork', 'Le Petit Bistro', 'Noodle Bar', 'Pizza Napoli']),
  r('integer $ne', { stars: { $ne: 5 } }, but('Sushi Zen')),
  r('integer $in', { stars: { $in: [1, 5] } }, ['Burger Barn', 'Sushi Zen']),
  r('integer $notIn', { stars: { $notIn: [3, 4, 5] } }, ['Burger Barn', 'Green Fork']),
  // Only typed values can hold an empty list (a query string cannot).
  r('an empty $in selects none', { stars: { $in: [] } }, []),
  r('an empty $notIn selects all', { stars: { $notIn: [] } }, ALL),
  // Boolean: NULL satisfies neither $eq nor $ne
  r('boolean $eq true', { open: { $eq: true } }, ['Burger Barn', 'Le Petit Bistro', 'Noodle Bar', 'Sushi Zen']),
  r('boolean $eq false', { open: { $eq: false } }, ['Green Fork']),
  r('boolean $ne true', { open: { $ne: true } }, ['Green Fork']),
  r('boolean $null', { open: { $null: true } }, ['Pizza Napoli']),
  r('boolean $notNull false', { open: { $notNull: false } }, ['Pizza Napoli']),
  // Decimal
  r('decimal $lt', { price: { $lt: 20 } }, ['Burger Barn', 'Noodle Bar', 'Pizza Napoli']),
  r('decimal $eq', { price: { $eq: 12.25 } }, ['Burger Barn', 'Noodle Bar']),
  r('decimal $between', { price: { $between: [18, 40] } }, ['Le Petit Bistro', 'Pizza Napoli']),
  r('decimal $null', { price: { $null: true } }, ['Green Fork']),
  // id, documentId, timestamps
  r('documentId $in', (w) => ({ documentId: { $in: [w.documentId('restaurants', 'Sushi Zen'), w.documentId('restaurants', 'Pizza Napoli')] } }), ['Pizza Napoli', 'Sushi Zen']),
  r('documentId $eq', (w) => ({ documentId: { $eq: w.documentId('restaurants', 'Noodle Bar') } }), ['Noodle Bar']),
  r('id $gt', { id: { $gt: 0 } }, ALL),
  r('id $lte', { id: { $lte: 2 } }, ['Le Petit Bistro', 'Sushi Zen']),
  r('id $notIn', { id: { $notIn: [999_999] } }, ALL),
  r('datetime $gt', { createdAt: { $gt: '2000-01-01T00:00:00.000Z' } }, ALL),
  r('datetime $lt', { updatedAt: { $lt: '2000-01-01T00:00:00.000Z' } }, []),
  r('datetime $notNull', { publishedAt: { $notNull: true } }, ALL),
];

const GROUPS: readonly ReadCase[] = [
  r('$or', { $or: [{ stars: { $gte: 5 } }, { price: { $lt: 15 } }] }, ['Burger Barn', 'Noodle Bar', 'Sushi Zen']),
  r('$and', { $and: [{ open: { $eq: true } }, { stars: { $lt: 4 } }] }, ['Burger Barn', 'Noodle Bar']),
  r('$not excludes NULLs', { $not: { open: { $eq: true } } }, ['Green Fork']),
  r('nested $or / $and / $not', {
    $or: [{ $and: [{ open: { $eq: true } }, { stars: { $gte: 4 } }] }, { $not: { price: { $notNull: true } } }],
  }, ['Green Fork', 'Le Petit Bistro', 'Sushi Zen']),
  r('field-level $or', { name: { $or: [{ $eq: 'Sushi Zen' }, { $startsWith: 'Pi' }] } }, ['Pizza Napoli', 'Sushi Zen']),
  r('field-level $and', { stars: { $and: [{ $gt: 1 }, { $lt: 4 }] } }, ['Green Fork', 'Noodle Bar', 'Pizza Napoli']),
  r('field-level $not', { stars: { $not: { $gte: 3 } } }, ['Burger Barn', 'Green Fork']),
  r('sibling fields are ANDed', { open: { $eq: true }, price: { $lt: 15 } }, ['Burger Barn', 'Noodle Bar']),
  r('two operators on one field', { stars: { $gte: 2, $lte: 3 } }, ['Green Fork', 'Noodle Bar', 'Pizza Napoli']),
  r('an empty filter object', {}, ALL),
  r('an empty $or is dropped', { $or: [], stars: { $gt: 4 } }, ['Sushi Zen']),
  r('an empty object in $and is dropped', { $and: [{}, { stars: { $gt: 4 } }] }, ['Sushi Zen']),
  r('a list inside $or is an $and', { $or: [{ stars: { $eq: 5 } }, [{ price: { $gt: 28 } }, { stars: { $eq: 4 } }]] }, ['Le Petit Bistro', 'Sushi Zen']),
  // Shapes only the query string and the document service take (GraphQL's inputs want operators).
  r('implicit $eq', { name: 'Sushi Zen' }, ['Sushi Zen']),
  r('implicit $in', { stars: [1, 5] }, ['Burger Barn', 'Sushi Zen']),
  r('a list under $eq is an $or', { name: { $eq: ['Sushi Zen', 'Green Fork'] } }, ['Green Fork', 'Sushi Zen']),
];

const DEEP: readonly ReadCase[] = [
  r('deep to-one', { chef: { country: { $eq: 'Japan' } } }, ['Burger Barn', 'Sushi Zen']),
  r('deep to-many', { categories: { name: { $eq: 'Vegan' } } }, ['Green Fork', 'Sushi Zen']),
  r('deep $containsi', { categories: { name: { $containsi: 'fren' } } }, ['Green Fork', 'Le Petit Bistro']),
  r('deep two hops', { chef: { restaurants: { categories: { name: { $eq: 'Italian' } } } } }, ['Green Fork', 'Pizza Napoli']),
  r('deep implicit $eq', { chef: { name: 'Ana Souza' } }, ['Green Fork', 'Pizza Napoli']),
  r('deep by documentId', (ids) => ({ categories: { documentId: { $eq: ids.documentId('categories', 'Vegan') } } }), ['Green Fork', 'Sushi Zen']),
  r('deep to-many $notIn: some category is neither', { categories: { name: { $notIn: ['French', 'Vegan'] } } }, ['Noodle Bar', 'Pizza Napoli', 'Sushi Zen']),
  r('$not over a relation: some category is not French', { $not: { categories: { name: { $eq: 'French' } } } }, ['Green Fork', 'Noodle Bar', 'Pizza Napoli', 'Sushi Zen']),
  r('$or inside a relation: one category either way', { categories: { $or: [{ name: { $eq: 'Italian' } }, { name: { $eq: 'Japanese' } }] } }, ['Noodle Bar', 'Pizza Napoli', 'Sushi Zen']),
  r('two relation conditions: a Vegan and a French category', {
    $and: [{ categories: { name: { $eq: 'Vegan' } } }, { categories: { name: { $eq: 'French' } } }],
  }, ['Green Fork']),
  r('$and inside a relation: one category both ways', { categories: { $and: [{ name: { $startsWith: 'J' } }, { name: { $endsWith: 'e' } }] } }, ['Noodle Bar', 'Sushi Zen']),
  r('two fields of one related entry', { chef: { name: { $startsWith: 'Ana' }, country: { $eq: 'Brazil' } } }, ['Green Fork', 'Pizza Napoli']),
  r('$not of an $or of deep conditions', {
    $not: { $or: [{ chef: { country: { $eq: 'Japan' } } }, { categories: { name: { $eq: 'Italian' } } }] },
  }, ['Green Fork', 'Le Petit Bistro']),
  r('$or of $and with deep conditions', {
    $or: [{ $and: [{ chef: { country: { $eq: 'Brazil' } } }, { stars: { $gte: 3 } }] }, { categories: { name: { $eq: 'Japanese' } } }],
  }, ['Noodle Bar', 'Pizza Napoli', 'Sushi Zen']),
  // Through a draft & publish type: a type without versions links both versions of an article, and either may match.
  r('deep into a draft & publish type matches its draft too', { articles: { title: { $eq: 'Chef interview (updated)' } } }, ['Le Petit Bistro', 'Sushi Zen']),
  r('deep two hops into a localized type', { articles: { tags: { name: { $eq: 'Végétalien' } } } }, ['Le Petit Bistro', 'Sushi Zen']),
  { name: 'inverse side, deep', type: 'chefs', params: { filters: { restaurants: { stars: { $eq: 5 } } }, sort: 'name:asc' }, expect: ['Eva Tanaka'] },
  { name: 'inverse side, two hops', type: 'chefs', params: { filters: { restaurants: { categories: { name: { $eq: 'French' } } } }, sort: 'name:asc' }, expect: ['Ana Souza', 'Chloé Martin'] },
  { name: 'many-to-many inverse, two hops', type: 'categories', params: { filters: { restaurants: { chef: { country: { $eq: 'France' } } } }, sort: 'name:asc' }, expect: ['French'] },
  filtered('articles')('inverse of a draft & publish type, two hops', { restaurants: { chef: { name: { $startsWith: 'Chl' } } } }, ['Chef interview', 'Opening night']),
];

/** A missing related entry is tested as a row of NULLs, as Strapi's LEFT JOIN does (docs/filters.md). */
const MISSING: readonly ReadCase[] = [
  r('no related entry (null)', { categories: null }, ['Burger Barn']),
  r('no related entry: its fields are NULL', { categories: { name: { $null: true } } }, ['Burger Barn']),
  r('no related entry: its documentId is NULL', { categories: { documentId: { $null: true } } }, ['Burger Barn']),
  r('no related entry: its id is NULL, or a real match', { categories: { $or: [{ id: { $null: true } }, { name: { $eq: 'Italian' } }] } }, ['Burger Barn', 'Pizza Napoli']),
  r('no related entry: $ne does not select it', { categories: { name: { $ne: 'Italian' } } }, ['Green Fork', 'Le Petit Bistro', 'Noodle Bar', 'Sushi Zen']),
  r('no related entry: NOT (NULL IS NOT NULL)', { $not: { categories: { name: { $notNull: true } } } }, ['Burger Barn']),
  r('no related entry two hops away', { chef: { restaurants: { categories: { id: { $null: true } } } } }, ['Burger Barn', 'Noodle Bar', 'Sushi Zen']),
  r('no chef: the relation itself is NULL', { chef: { $null: true } }, ['Noodle Bar']),
  r('no chef: its country is NULL', { chef: { country: { $null: true } } }, ['Noodle Bar']),
  r('no chef: its id is NULL', { chef: { id: { $null: true } } }, ['Noodle Bar']),
  r('no chef: $ne does not select it', { chef: { country: { $ne: 'France' } } }, ['Burger Barn', 'Green Fork', 'Pizza Napoli', 'Sushi Zen']),
  r('no chef: NOT (NULL IS NULL)', { $not: { chef: { country: { $null: true } } } }, but('Noodle Bar')),
  r('no chef: an $or of NULL and a real match', { chef: { $or: [{ country: { $null: true } }, { name: { $eq: 'Chloé Martin' } }] } }, ['Le Petit Bistro', 'Noodle Bar']),
  { name: 'no related entry, from the inverse side', type: 'chefs', params: { filters: { restaurants: { categories: { documentId: { $null: true } } } }, sort: 'name:asc' }, expect: ['Eva Tanaka'] },
  filtered('articles')('no linked tag', { tags: { id: { $null: true } } }, ['a late review']),
];

/** Text operators on a localized type, in one locale, NULLs (an untitled locale) included. */
const t = filtered('tags');
const LOCALIZED: readonly ReadCase[] = [
  t('localized $containsi', { name: { $containsi: 'TERR' } }, ['Terrasse'], { locale: 'fr' }),
  t('localized $eqi folds case, keeps accents', { name: { $eqi: 'végétalien' } }, ['Végétalien'], { locale: 'fr' }),
  t('localized $notContainsi excludes NULL', { name: { $notContainsi: 'x' } }, ['Live music', 'Terrace', 'Vegan friendly']),
  t('localized $null', { name: { $null: true } }, [null]),
  t('$startsWith an empty text: every non-NULL name', { name: { $startsWith: '' } }, ['Live music', 'Terrace', 'Vegan friendly']),
  t('one document in every locale', (ids) => ({ documentId: { $eq: ids.documentId('tags', 'terrace') } }), ['Terrace', 'Terrasse'], { locale: '*' }),
  t('shared field in every locale', { code: { $in: ['terrace', 'wifi'] } }, ['Terrasse', 'Wi-Fi'], { locale: 'fr' }),
];

const a = filtered('articles');
const VERSIONED: readonly ReadCase[] = [
  a('published: NULL body', { body: { $null: true } }, ['Chef interview']),
  a('draft: NULL body', { body: { $null: true } }, ['Menu preview'], { status: 'draft' }),
  a('published: deep into tags', { tags: { name: { $startsWith: 'V' } } }, ['Chef interview']),
  a('draft: deep into its own tags', { tags: { name: { $startsWith: 'V' } } }, ['Chef interview (updated)'], { status: 'draft' }),
  a('draft: publishedAt is NULL', { publishedAt: { $null: true } }, ['Chef interview (updated)', 'Menu preview', 'Opening night', 'a late review'], { status: 'draft' }),
];

export const FILTER_GROUPS: readonly CaseGroup[] = [
  { group: 'filters, flat', cases: FLAT },
  { group: 'filters, groups', cases: GROUPS },
  { group: 'filters, deep', cases: DEEP },
  { group: 'filters, missing related entries', cases: MISSING },
  { group: 'filters, localized', cases: LOCALIZED },
  { group: 'filters, versions', cases: VERSIONED },
];
