/**
 * One table of filter and relation cases, run through every interface that reaches the data:
 * the document service, REST over HTTP and GraphQL over HTTP (test/graphql/interfaces.test.ts).
 * Each case says its answer, so the interfaces agree with each other and with the spec. Filters
 * are written in the document service's form (`$` operators, explicit operators everywhere,
 * since GraphQL has no implicit `$eq`); drivers translate them. Data: test/http/seed.ts.
 */
import type { FilterTree } from '../../bench/dataset/filters.js';
import type { Seeded } from '../http/seed.js';

export type ListedType = 'restaurants' | 'chefs' | 'categories';

export interface FilterCase {
  readonly name: string;
  readonly type: ListedType;
  /** A function where the filter names seeded documents by documentId. */
  readonly filters: FilterTree | ((data: Seeded) => FilterTree);
  /** Names of the matching entries, sorted by name. */
  readonly expect: readonly string[];
}

const ALL = ['Burger Barn', 'Green Fork', 'Le Petit Bistro', 'Pizza Napoli', 'Sushi Zen'];
const r = (name: string, filters: FilterCase['filters'], expect: readonly string[]): FilterCase => ({ name, type: 'restaurants', filters, expect });

export const filtersOf = (c: FilterCase, data: Seeded): FilterTree => (typeof c.filters === 'function' ? c.filters(data) : c.filters);

export const FILTER_CASES: readonly FilterCase[] = [
  // Text operators
  r('string $eq', { name: { $eq: 'Sushi Zen' } }, ['Sushi Zen']),
  r('string $eqi', { name: { $eqi: 'sushi zen' } }, ['Sushi Zen']),
  r('string $ne', { name: { $ne: 'Sushi Zen' } }, ALL.filter((n) => n !== 'Sushi Zen')),
  r('string $nei', { name: { $nei: 'SUSHI ZEN' } }, ALL.filter((n) => n !== 'Sushi Zen')),
  r('string $contains is case-sensitive', { name: { $contains: 'Bi' } }, ['Le Petit Bistro']),
  r('string $notContains', { name: { $notContains: 'e' } }, ['Pizza Napoli']),
  r('string $containsi', { name: { $containsi: 'ZEN' } }, ['Sushi Zen']),
  r('string $notContainsi', { name: { $notContainsi: 'R' } }, ['Pizza Napoli', 'Sushi Zen']),
  r('string $startsWith', { name: { $startsWith: 'P' } }, ['Pizza Napoli']),
  r('string $startsWithi', { name: { $startsWithi: 'le p' } }, ['Le Petit Bistro']),
  r('string $endsWith', { name: { $endsWith: 'n' } }, ['Burger Barn', 'Sushi Zen']),
  r('string $endsWithi', { name: { $endsWithi: 'FORK' } }, ['Green Fork']),
  r('string $in', { name: { $in: ['Sushi Zen', 'Green Fork'] } }, ['Green Fork', 'Sushi Zen']),
  r('string $notIn', { name: { $notIn: ['Sushi Zen', 'Green Fork'] } }, ['Burger Barn', 'Le Petit Bistro', 'Pizza Napoli']),
  r('text $null', { description: { $null: true } }, ALL),
  r('text $notNull', { description: { $notNull: true } }, []),
  // Integer
  r('integer $gt', { stars: { $gt: 3 } }, ['Le Petit Bistro', 'Sushi Zen']),
  r('integer $gte', { stars: { $gte: 3 } }, ['Le Petit Bistro', 'Pizza Napoli', 'Sushi Zen']),
  r('integer $lt', { stars: { $lt: 2 } }, ['Burger Barn']),
  r('integer $lte', { stars: { $lte: 2 } }, ['Burger Barn', 'Green Fork']),
  r('integer $between', { stars: { $between: [2, 4] } }, ['Green Fork', 'Le Petit Bistro', 'Pizza Napoli']),
  r('integer $ne', { stars: { $ne: 5 } }, ALL.filter((n) => n !== 'Sushi Zen')),
  r('integer $in', { stars: { $in: [1, 5] } }, ['Burger Barn', 'Sushi Zen']),
  // Boolean: NULL satisfies neither $eq nor $ne
  r('boolean $eq true', { open: { $eq: true } }, ['Burger Barn', 'Le Petit Bistro', 'Sushi Zen']),
  r('boolean $eq false', { open: { $eq: false } }, ['Green Fork']),
  r('boolean $ne true', { open: { $ne: true } }, ['Green Fork']),
  r('boolean $null', { open: { $null: true } }, ['Pizza Napoli']),
  // Decimal
  r('decimal $lt', { price: { $lt: 20 } }, ['Burger Barn', 'Pizza Napoli']),
  r('decimal $between', { price: { $between: [18, 40] } }, ['Le Petit Bistro', 'Pizza Napoli']),
  r('decimal $null', { price: { $null: true } }, ['Green Fork']),
  // id, documentId, timestamps
  r('documentId $in', (d) => ({ documentId: { $in: [d.restaurants['Sushi Zen']!, d.restaurants['Pizza Napoli']!] } }), ['Pizza Napoli', 'Sushi Zen']),
  r('id $gt', { id: { $gt: 0 } }, ALL),
  r('id $notIn', { id: { $notIn: [999_999] } }, ALL),
  r('datetime $gt', { createdAt: { $gt: '2000-01-01T00:00:00.000Z' } }, ALL),
  r('datetime $lt', { updatedAt: { $lt: '2000-01-01T00:00:00.000Z' } }, []),
  // Groups
  r('$or', { $or: [{ stars: { $gte: 5 } }, { price: { $lt: 15 } }] }, ['Burger Barn', 'Sushi Zen']),
  r('$and', { $and: [{ open: { $eq: true } }, { stars: { $lt: 4 } }] }, ['Burger Barn']),
  r('$not excludes NULLs', { $not: { open: { $eq: true } } }, ['Green Fork']),
  r('nested $or / $and / $not', {
    $or: [{ $and: [{ open: { $eq: true } }, { stars: { $gte: 4 } }] }, { $not: { price: { $notNull: true } } }],
  }, ['Green Fork', 'Le Petit Bistro', 'Sushi Zen']),
  r('field-level $or', { name: { $or: [{ $eq: 'Sushi Zen' }, { $startsWith: 'Pi' }] } }, ['Pizza Napoli', 'Sushi Zen']),
  r('field-level $and', { stars: { $and: [{ $gt: 1 }, { $lt: 4 }] } }, ['Green Fork', 'Pizza Napoli']),
  r('field-level $not', { stars: { $not: { $gte: 3 } } }, ['Burger Barn', 'Green Fork']),
  // Deep filters
  r('deep to-one', { chef: { country: { $eq: 'Japan' } } }, ['Burger Barn', 'Sushi Zen']),
  r('deep to-many', { categories: { name: { $eq: 'Vegan' } } }, ['Green Fork', 'Sushi Zen']),
  r('deep $containsi', { categories: { name: { $containsi: 'fren' } } }, ['Green Fork', 'Le Petit Bistro']),
  r('deep two hops', { chef: { restaurants: { categories: { name: { $eq: 'Italian' } } } } }, ['Green Fork', 'Pizza Napoli']),
  r('$not over a relation: some category is not French', { $not: { categories: { name: { $eq: 'French' } } } }, ['Green Fork', 'Pizza Napoli', 'Sushi Zen']),
  r('$or inside a relation: one category either way', { categories: { $or: [{ name: { $eq: 'Italian' } }, { name: { $eq: 'Japanese' } }] } }, ['Pizza Napoli', 'Sushi Zen']),
  r('two relation conditions: a Vegan and a French category', {
    $and: [{ categories: { name: { $eq: 'Vegan' } } }, { categories: { name: { $eq: 'French' } } }],
  }, ['Green Fork']),
  r('two fields of one related entry', { chef: { name: { $startsWith: 'Ana' }, country: { $eq: 'Brazil' } } }, ['Green Fork', 'Pizza Napoli']),
  r('no related entry (null)', { categories: null }, ['Burger Barn']),
  // A restaurant without categories is tested on a category row of NULLs, as Strapi's LEFT JOIN does.
  r('no related entry: its fields are NULL', { categories: { name: { $null: true } } }, ['Burger Barn']),
  r('no related entry: its documentId is NULL', { categories: { documentId: { $null: true } } }, ['Burger Barn']),
  r('no related entry: its id is NULL, or a real match', { categories: { $or: [{ id: { $null: true } }, { name: { $eq: 'Italian' } }] } }, ['Burger Barn', 'Pizza Napoli']),
  r('no related entry: $ne does not select it', { categories: { name: { $ne: 'Italian' } } }, ['Green Fork', 'Le Petit Bistro', 'Sushi Zen']),
  r('no related entry: NOT (NULL IS NOT NULL)', { $not: { categories: { name: { $notNull: true } } } }, ['Burger Barn']),
  r('no related entry two hops away', { chef: { restaurants: { categories: { id: { $null: true } } } } }, ['Burger Barn', 'Sushi Zen']),
  { name: 'no related entry, from the inverse side', type: 'chefs', filters: { restaurants: { categories: { documentId: { $null: true } } } }, expect: ['Eva Tanaka'] },
  { name: 'inverse side, deep', type: 'chefs', filters: { restaurants: { stars: { $eq: 5 } } }, expect: ['Eva Tanaka'] },
  { name: 'inverse side, two hops', type: 'chefs', filters: { restaurants: { categories: { name: { $eq: 'French' } } } }, expect: ['Ana Souza', 'Chloé Martin'] },
  { name: 'many-to-many inverse, two hops', type: 'categories', filters: { restaurants: { chef: { country: { $eq: 'France' } } } }, expect: ['French'] },
];

/** The relations of the restaurant a case writes: category names in stored order, and the chef. */
export interface Links {
  readonly categories: readonly string[];
  readonly chef: string | null;
}

export type RelationOutcome = Links | { readonly error: string };

export interface RelationCase {
  readonly name: string;
  readonly start: Links;
  /** `data` of the update, relations by documentId. */
  readonly data: (data: Seeded) => Record<string, unknown>;
  readonly expect: RelationOutcome;
}

const start = (categories: readonly string[], chef: string | null = 'Ana Souza'): Links => ({ categories, chef });

export const RELATION_CASES: readonly RelationCase[] = [
  { name: 'plain list = set', start: start(['French']), data: (d) => ({ categories: [cat(d, 'Vegan'), cat(d, 'Italian')] }), expect: start(['Vegan', 'Italian']) },
  { name: 'set', start: start(['French']), data: (d) => ({ categories: { set: [cat(d, 'Japanese'), cat(d, 'French')] } }), expect: start(['Japanese', 'French']) },
  { name: 'single id on a to-many = set', start: start(['French', 'Vegan']), data: (d) => ({ categories: cat(d, 'Italian') }), expect: start(['Italian']) },
  { name: 'null clears', start: start(['French']), data: () => ({ categories: null }), expect: start([]) },
  { name: '[] clears', start: start(['French']), data: () => ({ categories: [] }), expect: start([]) },
  { name: 'connect appends', start: start(['French']), data: (d) => ({ categories: { connect: [cat(d, 'Vegan')] } }), expect: start(['French', 'Vegan']) },
  {
    name: 'connect at the start', start: start(['French', 'Vegan']),
    data: (d) => ({ categories: { connect: [{ documentId: cat(d, 'Italian'), position: { start: true } }] } }),
    expect: start(['Italian', 'French', 'Vegan']),
  },
  {
    name: 'connect before', start: start(['French', 'Vegan']),
    data: (d) => ({ categories: { connect: [{ documentId: cat(d, 'Japanese'), position: { before: cat(d, 'Vegan') } }] } }),
    expect: start(['French', 'Japanese', 'Vegan']),
  },
  {
    name: 'connect after', start: start(['French', 'Vegan', 'Italian']),
    data: (d) => ({ categories: { connect: [{ documentId: cat(d, 'Japanese'), position: { after: cat(d, 'French') } }] } }),
    expect: start(['French', 'Japanese', 'Vegan', 'Italian']),
  },
  {
    name: 'connect moves a linked entry', start: start(['French', 'Vegan', 'Italian']),
    data: (d) => ({ categories: { connect: [{ documentId: cat(d, 'Italian'), position: { before: cat(d, 'French') } }] } }),
    expect: start(['Italian', 'French', 'Vegan']),
  },
  {
    name: 'shorthand and longhand mixed, positions applied in order', start: start(['French']),
    data: (d) => ({
      categories: {
        connect: [cat(d, 'Vegan'), { documentId: cat(d, 'Italian'), position: { end: true } }, { documentId: cat(d, 'Japanese'), position: { after: cat(d, 'French') } }],
      },
    }),
    expect: start(['French', 'Japanese', 'Vegan', 'Italian']),
  },
  { name: 'disconnect', start: start(['French', 'Vegan', 'Italian']), data: (d) => ({ categories: { disconnect: [cat(d, 'Vegan')] } }), expect: start(['French', 'Italian']) },
  {
    name: 'disconnect then connect', start: start(['French', 'Vegan']),
    data: (d) => ({ categories: { disconnect: [cat(d, 'French')], connect: [{ documentId: cat(d, 'Japanese'), position: { start: true } }] } }),
    expect: start(['Japanese', 'Vegan']),
  },
  {
    name: 'options.strict false puts an unknown anchor at the end', start: start(['French']),
    data: (d) => ({ categories: { connect: [{ documentId: cat(d, 'Vegan'), position: { before: cat(d, 'Japanese') } }], options: { strict: false } } }),
    expect: start(['French', 'Vegan']),
  },
  // xToOne: a single id, the last of a list, connect, disconnect, null
  { name: 'to-one single id', start: start([]), data: (d) => ({ chef: chef(d, 'Eva Tanaka') }), expect: start([], 'Eva Tanaka') },
  { name: 'to-one list: the last item', start: start([]), data: (d) => ({ chef: [chef(d, 'Ana Souza'), chef(d, 'Chloé Martin')] }), expect: start([], 'Chloé Martin') },
  { name: 'to-one connect', start: start([]), data: (d) => ({ chef: { connect: [chef(d, 'Chloé Martin')] } }), expect: start([], 'Chloé Martin') },
  { name: 'to-one disconnect', start: start([]), data: (d) => ({ chef: { disconnect: [chef(d, 'Ana Souza')] } }), expect: start([], null) },
  { name: 'to-one null', start: start([]), data: () => ({ chef: null }), expect: start([], null) },
  // Refused, and nothing written (the drivers check that `description` did not change)
  {
    name: 'set with connect (rule 1)', start: start(['French']),
    data: (d) => ({ description: 'touched', categories: { set: [cat(d, 'Vegan')], connect: [cat(d, 'Italian')] } }),
    expect: { error: 'Relation categories cannot use set together with connect or disconnect' },
  },
  {
    name: 'the same target twice in connect (rule 2)', start: start(['French']),
    data: (d) => ({ description: 'touched', categories: { connect: [cat(d, 'Vegan'), { documentId: cat(d, 'Vegan'), position: { start: true } }] } }),
    expect: { error: 'already connected' },
  },
  {
    name: 'an anchor neither linked nor placed (rule 4)', start: start(['French']),
    data: (d) => ({ description: 'touched', categories: { connect: [{ documentId: cat(d, 'Vegan'), position: { before: cat(d, 'Japanese') } }] } }),
    expect: { error: 'needs to be connected first' },
  },
  {
    name: 'an unknown documentId', start: start(['French']),
    data: () => ({ description: 'touched', categories: { connect: ['nosuchdocument0000000000'] } }),
    expect: { error: 'Document with id "nosuchdocument0000000000", locale "null" not found' },
  },
  {
    name: 'a malformed item', start: start(['French']),
    data: () => ({ description: 'touched', categories: { connect: [true] } }),
    expect: { error: 'A relation must be a documentId, an id or an object with a documentId' },
  },
  {
    name: 'an unknown key in a position', start: start(['French']),
    data: (d) => ({ description: 'touched', categories: { connect: [{ documentId: cat(d, 'Vegan'), position: { first: true } }] } }),
    expect: { error: 'Invalid key first in position' },
  },
];

function cat(data: Seeded, name: string): string {
  const id = data.categories[name];
  if (id === undefined) throw new Error(`no category ${name}`);
  return id;
}

function chef(data: Seeded, name: string): string {
  const id = data.chefs[name];
  if (id === undefined) throw new Error(`no chef ${name}`);
  return id;
}
