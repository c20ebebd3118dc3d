import { expect } from 'vitest';
import type { Entry, Quarry } from '../../src/index.js';
import { ValidationError } from '../../src/index.js';
import type { SchemaSource } from '../../src/schema/raw.js';
import { tempQuarry } from '../support/temp-quarry.js';

type Attrs = NonNullable<SchemaSource['schema']['attributes']>;

/** A collection type source; `dp` = draft & publish, `localized` = i18n on. */
export function collection(name: string, attributes: Attrs, opts: { dp?: boolean; localized?: boolean; plural?: string } = {}): SchemaSource {
  return {
    uid: `api::${name}.${name}`,
    file: name,
    schema: {
      kind: 'collectionType',
      info: { singularName: name, pluralName: opts.plural ?? `${name}s` },
      options: { draftAndPublish: opts.dp ?? false },
      pluginOptions: { i18n: { localized: opts.localized ?? false } },
      attributes,
    },
  };
}

const rel = (relation: string, target: string, extra: Record<string, string> = {}) => ({ type: 'relation', relation, target, ...extra });

export const SHOP = 'api::shop.shop';
export const PRODUCT = 'api::product.product';
export const PERSON = 'api::person.person';

/**
 * Strapi's relations.test.api.ts fixture (shop ↔ product) with every kind, plus a self-related
 * person. Neither has draft & publish, so every documentId names exactly one row.
 */
export const shopSchemas: SchemaSource[] = [
  collection('product', {
    name: { type: 'string' },
    shop: rel('oneToOne', SHOP, { mappedBy: 'products_oo' }),
    shops_mo: rel('oneToMany', SHOP, { mappedBy: 'products_mo' }),
    shop_om: rel('manyToOne', SHOP, { inversedBy: 'products_om' }),
    shops: rel('manyToMany', SHOP, { mappedBy: 'products_mm' }),
  }),
  collection('shop', {
    name: { type: 'string' },
    products_ow: rel('oneWay', PRODUCT),
    products_oo: rel('oneToOne', PRODUCT, { inversedBy: 'shop' }),
    products_mo: rel('manyToOne', PRODUCT, { inversedBy: 'shops_mo' }),
    products_om: rel('oneToMany', PRODUCT, { mappedBy: 'shop_om' }),
    products_mm: rel('manyToMany', PRODUCT, { inversedBy: 'shops' }),
    products_mw: rel('manyWay', PRODUCT),
  }),
  collection('person', {
    name: { type: 'string' },
    mentor: rel('manyToOne', PERSON, { inversedBy: 'mentees' }),
    mentees: rel('oneToMany', PERSON, { mappedBy: 'mentor' }),
    partner: rel('oneToOne', PERSON, { inversedBy: 'partnerOf' }),
    partnerOf: rel('oneToOne', PERSON, { mappedBy: 'partner' }),
    friends: rel('manyToMany', PERSON, { inversedBy: 'friendOf' }),
    friendOf: rel('manyToMany', PERSON, { mappedBy: 'friends' }),
    follows: rel('manyWay', PERSON),
    idol: rel('oneWay', PERSON),
  }, { plural: 'people' }),
];

export const TO_ONE = ['products_ow', 'products_oo', 'products_mo'] as const;
export const TO_MANY = ['products_om', 'products_mm', 'products_mw'] as const;
export const ALL_SHOP_RELATIONS = [...TO_ONE, ...TO_MANY] as const;
/** The product-side attribute of each bidirectional shop relation. */
export const INVERSE_OF = { products_oo: 'shop', products_mo: 'shops_mo', products_om: 'shop_om', products_mm: 'shops' } as const;

export const populateAll = (names: readonly string[]): Record<string, true> => Object.fromEntries(names.map((n) => [n, true] as const));

/** A fresh quarry over the shop fixture with products p1..p<n>. */
export async function shopWorld(productCount = 5) {
  const q = tempQuarry(shopSchemas);
  const products: Entry[] = [];
  for (let i = 1; i <= productCount; i++) products.push(await q.documents(PRODUCT).create({ data: { name: `p${i}` } }));
  const doc = (i: number) => products[i - 1]!.documentId as string;
  const id = (i: number) => products[i - 1]!.id as number;
  return { q, products, doc, id };
}

/** A create of a shop using a different item or value form on each relation kind, and what it links, by product name. */
export function everyFormCreate(w: Pick<Awaited<ReturnType<typeof shopWorld>>, 'doc' | 'id'>) {
  return {
    data: {
      name: 'C',
      products_ow: w.doc(1),
      products_oo: { documentId: w.doc(2) },
      products_mo: w.id(3),
      products_om: { connect: [w.doc(1), { documentId: w.doc(2), position: { start: true } }] },
      products_mm: { set: [w.doc(4), w.doc(3)] },
      products_mw: [{ id: w.id(2) }, String(w.id(1))],
    },
    linked: { products_ow: 'p1', products_oo: 'p2', products_mo: 'p3', products_om: ['p2', 'p1'], products_mm: ['p4', 'p3'], products_mw: ['p2', 'p1'] },
  };
}

/** The names of a populated relation: a list for to-many, a name or null for to-one. */
export function names(value: unknown): string[] | string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((e) => (e as Entry).name as string);
  return (value as Entry).name as string;
}

/** Every populated relation of an entry, by name. */
export function relationNames(entry: Entry | null, attrs: readonly string[]): Record<string, string[] | string | null> {
  expect(entry).not.toBeNull();
  return Object.fromEntries(attrs.map((a) => [a, names(entry![a])]));
}

/** Reads one document with the given relations populated, as names. */
export async function read(q: Quarry, uid: string, documentId: string, attrs: readonly string[], params: { status?: 'draft' | 'published'; locale?: string } = {}) {
  const entry = await q.documents(uid).findOne({ documentId, populate: populateAll(attrs), ...params });
  return relationNames(entry, attrs);
}

/** Everything a store holds that the API can show: every row of every type, with every relation populated. */
export async function snapshot(q: Quarry): Promise<string> {
  const out: Record<string, unknown> = {};
  for (const ct of q.registry.types) {
    for (const status of ['draft', 'published'] as const) {
      out[`${ct.uid}:${status}`] = await q.documents(ct.uid).findMany({ status, locale: '*', populate: { ...relationPopulate(q, ct.uid) } });
    }
  }
  return JSON.stringify(out);
}

function relationPopulate(q: Quarry, uid: string) {
  const ct = q.registry.require(uid);
  return Object.fromEntries([...ct.attributes.values()].filter((a) => a.kind === 'relation' && !a.private).map((a) => [a.name, { fields: ['documentId'] }]));
}

/** Runs `fn`, expects a 400 ValidationError at `path` (and with `message` when given), and that nothing in the store changed. */
export async function expectRejected(q: Quarry, fn: () => Promise<unknown>, path: string, message?: string | RegExp): Promise<ValidationError> {
  const before = await snapshot(q);
  let caught: unknown;
  try {
    await fn();
  } catch (e) {
    caught = e;
  }
  expect(caught, 'expected a ValidationError').toBeInstanceOf(ValidationError);
  const err = caught as ValidationError;
  expect(err.status).toBe(400);
  expect(err.name).toBe('ValidationError');
  expect(err.details.path).toBe(path);
  if (typeof message === 'string') expect(err.message).toBe(message);
  else if (message) expect(err.message).toMatch(message);
  expect(await snapshot(q)).toBe(before);
  return err;
}
