import { expect } from 'vitest';
import { ValidationError } from '../../../src/errors/index.js';
import { buildFilterTree, type BuildFilterOptions } from '../../../src/query/filters/index.js';
import { SchemaRegistry } from '../../../src/schema/registry.js';
import type { SchemaSource } from '../../../src/schema/raw.js';
import { MemoryWorld, type Entry } from '../../support/reference-evaluator.js';

/** Builds the filter and returns the ids of the rows of `uid` it selects. */
export const selector = (registry: SchemaRegistry, world: MemoryWorld) =>
  (uid: string, filters: unknown, options?: BuildFilterOptions): number[] =>
    world.select(uid, buildFilterTree(registry, uid, filters, options));

/** Asserts that building fails with a 400 ValidationError naming `path`; returns it for more checks. */
export function expectInvalid(build: () => unknown, path: string): ValidationError {
  let thrown: unknown;
  try {
    build();
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(ValidationError);
  const error = thrown as ValidationError;
  expect(error.status).toBe(400);
  expect(error.name).toBe('ValidationError');
  expect(error.details).toMatchObject({ path, source: 'query', param: path.split('.')[0] });
  return error;
}

export const source = (uid: string, schema: SchemaSource['schema']): SchemaSource => ({ uid, file: `${uid}.json`, schema });

const info = (singularName: string, pluralName: string) => ({ singularName, pluralName, displayName: singularName });

export const row = (id: number, fields: Record<string, unknown>): Entry => ({ id, documentId: `doc${id}`, ...fields });

// ---------------------------------------------------------------------------------------------
// Every field type, with NULLs, unicode, case variants and LIKE metacharacters.

export const THING = 'api::thing.thing';

export const thingRegistry = SchemaRegistry.fromSources([
  source(THING, {
    info: info('thing', 'things'),
    options: { draftAndPublish: true },
    pluginOptions: { i18n: { localized: true } },
    attributes: {
      s: { type: 'string' },
      t: { type: 'text' },
      rt: { type: 'richtext' },
      e: { type: 'enumeration', enum: ['a', 'b', 'c'] },
      em: { type: 'email' },
      u: { type: 'uid' },
      i: { type: 'integer' },
      bi: { type: 'biginteger' },
      dec: { type: 'decimal' },
      f: { type: 'float' },
      b: { type: 'boolean' },
      d: { type: 'date' },
      dt: { type: 'datetime' },
      tm: { type: 'time' },
      j: { type: 'json' },
      secret: { type: 'string', private: true },
      pw: { type: 'password' },
    },
  }),
]);

const stamps = (day: string) => ({ createdAt: `${day}T08:00:00.000Z`, updatedAt: `${day}T09:00:00.000Z`, publishedAt: null });

export const things: Entry[] = [
  row(1, {
    ...stamps('2024-01-01'), locale: 'en', s: 'Café', t: 'Hello world', rt: '# Title', e: 'a', em: 'a@x.io', u: 'cafe',
    i: 1, bi: '9007199254740993', dec: 10.5, f: 1.25, b: true,
    d: '2024-01-15', dt: '2024-01-15T10:00:00.000Z', tm: '10:00:00.000', j: { a: 1 }, secret: 's1', pw: 'hash1',
  }),
  row(2, {
    ...stamps('2024-02-01'), locale: 'fr', s: 'CAFÉ', t: '100% pure', rt: 'plain', e: 'b', em: 'B@X.io', u: 'cafe-2',
    i: 2, bi: '9007199254740992', dec: 20, f: -1.5, b: false,
    d: '2024-02-29', dt: '2024-01-15T12:30:00.000Z', tm: '23:59:59.999', j: [1, 2],
  }),
  row(3, {
    ...stamps('2024-03-01'), locale: 'en', s: 'a_c', t: 'Cutting\\', rt: null, e: 'c', em: null, u: 'abc',
    i: -5, bi: '-12', dec: 0.1, f: 0, b: false,
    d: '1999-12-31', dt: '1999-12-31T23:59:59.999Z', tm: '00:00:00.000', j: null,
  }),
  row(4, {
    ...stamps('2024-04-01'), locale: 'en', s: '😀 smile', t: 'abc', rt: null, e: 'a', em: 'c@x.io', u: 'x',
    i: 100, bi: '123', dec: 3.25, f: 3.5, b: true,
    d: '2000-01-01', dt: '2000-01-01T00:00:00.000Z', tm: '12:00:00.000', j: 'text',
  }),
  // Every attribute NULL: absent keys and explicit nulls read the same.
  row(5, { ...stamps('2024-05-01'), locale: 'en', s: null, t: null, i: null, b: null, d: null, j: null }),
  row(6, {
    ...stamps('2024-06-01'), locale: 'de', s: '\uFFFF', t: 'ÉCOLE', rt: null, e: 'c', em: 'd@x.io', u: 'y',
    i: 42, bi: '7', dec: 42, f: 1e21, b: true,
    d: '2024-01-15', dt: '2024-06-01T00:00:00.000Z', tm: '10:00:00.500', j: 0,
  }),
];

export const thingWorld = new MemoryWorld(thingRegistry).add(THING, things);

// ---------------------------------------------------------------------------------------------
// The demo content-types (data/schemas) with a few linked rows.

export const RESTAURANT = 'api::restaurant.restaurant';
export const CHEF = 'api::chef.chef';
export const CATEGORY = 'api::category.category';
export const ARTICLE = 'api::article.article';
export const TAG = 'api::tag.tag';

export const demoRegistry = SchemaRegistry.fromDir('data/schemas');

export const demoWorld = new MemoryWorld(demoRegistry)
  .add(CHEF, [row(1, { name: 'Ana', country: 'PT' }), row(2, { name: 'Bob', country: null }), row(3, { name: 'Chloé', country: 'FR' })])
  .add(CATEGORY, [row(1, { name: 'Thai' }), row(2, { name: 'Vegan' }), row(3, { name: null })])
  .add(TAG, [row(1, { name: 'spicy', code: 'S', locale: 'en' })])
  .add(ARTICLE, [row(1, { title: 'Best pad thai', body: 'Long read', publishedAt: '2024-01-01T00:00:00.000Z' })])
  .add(RESTAURANT, [
    row(1, { name: 'Thai Garden', stars: 4, open: true, price: 12.5, description: 'Spicy' }),
    row(2, { name: 'Green Bowl', stars: 5, open: false, price: 20, description: null }),
    row(3, { name: 'Corner', stars: null, open: null, price: null, description: null }),
    row(4, { name: 'Fusion', stars: 3, open: true, price: 15, description: 'Thai and vegan' }),
  ])
  .link(RESTAURANT, 1, 'chef', [1])
  .link(RESTAURANT, 2, 'chef', [2])
  .link(RESTAURANT, 4, 'chef', [1])
  .link(RESTAURANT, 1, 'categories', [1])
  .link(RESTAURANT, 2, 'categories', [2])
  .link(RESTAURANT, 4, 'categories', [1, 2, 3])
  .link(RESTAURANT, 1, 'articles', [1])
  .link(ARTICLE, 1, 'tags', [1]);

export const demoSelect = selector(demoRegistry, demoWorld);

// A type linking to the built-in user, whose password and tokens are private.
export const POST = 'api::post.post';
export const USER = 'plugin::users-permissions.user';
export const postRegistry = SchemaRegistry.fromSources([
  source(POST, {
    info: info('post', 'posts'),
    attributes: {
      title: { type: 'string' },
      author: { type: 'relation', relation: 'manyToOne', target: USER },
      secretNote: { type: 'relation', relation: 'oneToOne', target: 'api::post.post', private: true },
    },
  }),
]);
