/**
 * Both sides of every relation kind kept in step (docs/relations.md, Both sides):
 * stealing where the far side holds one, none where it holds many, and the inverse lists' order.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Quarry } from '../../src/index.js';
import { tempQuarry } from '../support/temp-quarry.js';
import { PERSON, PRODUCT, SHOP, read, shopSchemas } from './fixtures.js';

let q: Quarry & { dispose(): Promise<void> };
const docs = new Map<string, string>();
const ids = new Map<string, number>();
const d = (name: string) => docs.get(name)!;

beforeEach(async () => {
  q = tempQuarry(shopSchemas);
  docs.clear();
  for (const [uid, names] of [[PRODUCT, ['p1', 'p2', 'p3', 'p4']], [SHOP, ['A', 'B', 'C']], [PERSON, ['ann', 'bob', 'cat', 'dan']]] as const) {
    for (const name of names) {
      const e = await q.documents(uid).create({ data: { name } });
      docs.set(name, e.documentId as string);
      ids.set(name, e.id as number);
    }
  }
});
afterEach(async () => {
  await q.dispose();
});

const shopUpdate = (name: string, data: Record<string, unknown>) => q.documents(SHOP).update({ documentId: d(name), data });
const productUpdate = (name: string, data: Record<string, unknown>) => q.documents(PRODUCT).update({ documentId: d(name), data });
const personUpdate = (name: string, data: Record<string, unknown>) => q.documents(PERSON).update({ documentId: d(name), data });
const shop = async (name: string, attr: string) => (await read(q, SHOP, d(name), [attr]))[attr];
const product = async (name: string, attr: string) => (await read(q, PRODUCT, d(name), [attr]))[attr];
const person = async (name: string, attr: string) => (await read(q, PERSON, d(name), [attr]))[attr];
const all = async (reader: (n: string, a: string) => Promise<unknown>, names: string[], attr: string) =>
  Object.fromEntries(await Promise.all(names.map(async (n) => [n, await reader(n, attr)])));

describe('oneToOne (bidirectional): steals both ways', () => {
  it('from the owning side: the target leaves its previous source, the source its previous target', async () => {
    await shopUpdate('A', { products_oo: d('p1') });
    await shopUpdate('B', { products_oo: d('p2') });
    await shopUpdate('B', { products_oo: d('p1') });
    expect(await all(shop, ['A', 'B'], 'products_oo')).toEqual({ A: null, B: 'p1' });
    expect(await all(product, ['p1', 'p2'], 'shop')).toEqual({ p1: 'B', p2: null });
  });

  it('from the inverse side', async () => {
    await shopUpdate('A', { products_oo: d('p1') });
    await shopUpdate('B', { products_oo: d('p2') });
    await productUpdate('p2', { shop: { connect: [d('A')] } });
    expect(await all(shop, ['A', 'B'], 'products_oo')).toEqual({ A: 'p2', B: null });
    expect(await all(product, ['p1', 'p2'], 'shop')).toEqual({ p1: null, p2: 'A' });
  });

  it('self oneToOne: partner and partnerOf stay mirrored', async () => {
    await personUpdate('ann', { partner: d('bob') });
    await personUpdate('cat', { partner: d('dan') });
    await personUpdate('cat', { partner: { connect: d('bob') } });
    expect(await all(person, ['ann', 'bob', 'cat', 'dan'], 'partner')).toEqual({ ann: null, bob: null, cat: 'bob', dan: null });
    expect(await all(person, ['ann', 'bob', 'cat', 'dan'], 'partnerOf')).toEqual({ ann: null, bob: 'cat', cat: null, dan: null });
    await personUpdate('dan', { partnerOf: d('ann') });
    expect(await all(person, ['ann', 'bob', 'cat', 'dan'], 'partner')).toEqual({ ann: 'dan', bob: null, cat: 'bob', dan: null });
  });
});

describe('oneToMany / manyToOne', () => {
  it('connecting from the oneToMany side takes the target from its previous source', async () => {
    await shopUpdate('A', { products_om: [d('p1'), d('p2'), d('p3')] });
    await shopUpdate('B', { products_om: { connect: [{ documentId: d('p2'), position: { start: true } }, d('p4')] } });
    expect(await all(shop, ['A', 'B'], 'products_om')).toEqual({ A: ['p1', 'p3'], B: ['p2', 'p4'] });
    expect(await all(product, ['p1', 'p2', 'p3', 'p4'], 'shop_om')).toEqual({ p1: 'A', p2: 'B', p3: 'A', p4: 'B' });
    // A set on the oneToMany side steals too.
    await shopUpdate('C', { products_om: [d('p3'), d('p2')] });
    expect(await all(shop, ['A', 'B', 'C'], 'products_om')).toEqual({ A: ['p1'], B: ['p4'], C: ['p3', 'p2'] });
  });

  it('the manyToOne side replaces its target; it joins the end of the new target’s list and leaves the old one', async () => {
    await productUpdate('p1', { shop_om: d('A') });
    await productUpdate('p2', { shop_om: d('A') });
    await productUpdate('p3', { shop_om: d('B') });
    await productUpdate('p4', { shop_om: d('B') });
    expect(await all(shop, ['A', 'B'], 'products_om')).toEqual({ A: ['p1', 'p2'], B: ['p3', 'p4'] });
    await productUpdate('p1', { shop_om: { connect: [d('B')] } });
    expect(await all(shop, ['A', 'B'], 'products_om')).toEqual({ A: ['p2'], B: ['p3', 'p4', 'p1'] });
    await productUpdate('p4', { shop_om: d('A') });
    expect(await all(shop, ['A', 'B'], 'products_om')).toEqual({ A: ['p2', 'p4'], B: ['p3', 'p1'] });
    // Re-linking the current target keeps its place in the target's list.
    await productUpdate('p3', { shop_om: d('B') });
    expect(await shop('B', 'products_om')).toEqual(['p3', 'p1']);
  });

  it('shop.products_mo (manyToOne) ↔ product.shops_mo (oneToMany)', async () => {
    await shopUpdate('A', { products_mo: d('p1') });
    await shopUpdate('B', { products_mo: d('p1') });
    await shopUpdate('C', { products_mo: d('p2') });
    expect(await all(product, ['p1', 'p2'], 'shops_mo')).toEqual({ p1: ['A', 'B'], p2: ['C'] });
    await productUpdate('p2', { shops_mo: { connect: [{ documentId: d('A'), position: { start: true } }] } });
    expect(await all(product, ['p1', 'p2'], 'shops_mo')).toEqual({ p1: ['B'], p2: ['A', 'C'] });
    expect(await all(shop, ['A', 'B', 'C'], 'products_mo')).toEqual({ A: 'p2', B: 'p1', C: 'p2' });
  });

  it('self: a mentee moves from one mentor to another, from either side', async () => {
    await personUpdate('ann', { mentees: [d('bob'), d('cat')] });
    await personUpdate('dan', { mentor: d('ann') });
    expect(await person('ann', 'mentees')).toEqual(['bob', 'cat', 'dan']);
    await personUpdate('bob', { mentees: { connect: [d('cat')] } });
    await personUpdate('dan', { mentor: d('bob') });
    expect(await all(person, ['ann', 'bob', 'cat', 'dan'], 'mentees')).toEqual({ ann: ['bob'], bob: ['cat', 'dan'], cat: [], dan: [] });
    expect(await all(person, ['ann', 'bob', 'cat', 'dan'], 'mentor')).toEqual({ ann: null, bob: 'ann', cat: 'bob', dan: 'bob' });
  });
});

describe('manyToMany: no stealing, two independent orders', () => {
  it('a product joins several shops; each side keeps its own order', async () => {
    await shopUpdate('A', { products_mm: [d('p1'), d('p2'), d('p3')] });
    await shopUpdate('B', { products_mm: [d('p3'), d('p1')] });
    await shopUpdate('C', { products_mm: { connect: [d('p1')] } });
    expect(await all(shop, ['A', 'B', 'C'], 'products_mm')).toEqual({ A: ['p1', 'p2', 'p3'], B: ['p3', 'p1'], C: ['p1'] });
    expect(await all(product, ['p1', 'p2', 'p3'], 'shops')).toEqual({ p1: ['A', 'B', 'C'], p2: ['A'], p3: ['A', 'B'] });
    // Reordering from the product side leaves the shops' lists alone, and the reverse.
    await productUpdate('p1', { shops: { connect: [{ documentId: d('C'), position: { start: true } }] } });
    expect(await product('p1', 'shops')).toEqual(['C', 'A', 'B']);
    expect(await all(shop, ['A', 'B', 'C'], 'products_mm')).toEqual({ A: ['p1', 'p2', 'p3'], B: ['p3', 'p1'], C: ['p1'] });
    await shopUpdate('A', { products_mm: [d('p3'), d('p1'), d('p2')] });
    expect(await product('p1', 'shops')).toEqual(['C', 'A', 'B']);
  });

  it('self manyToMany: friends and friendOf mirror each other', async () => {
    await personUpdate('ann', { friends: [d('bob'), d('cat')] });
    await personUpdate('dan', { friends: [d('cat'), d('ann')] });
    expect(await all(person, ['ann', 'bob', 'cat', 'dan'], 'friendOf')).toEqual({ ann: ['dan'], bob: ['ann'], cat: ['ann', 'dan'], dan: [] });
    await personUpdate('ann', { friends: { disconnect: [d('cat')] } });
    expect(await person('cat', 'friendOf')).toEqual(['dan']);
    // A person may be their own friend: two lists, one link.
    await personUpdate('bob', { friends: [d('bob')] });
    expect(await read(q, PERSON, d('bob'), ['friends', 'friendOf'])).toEqual({ friends: ['bob'], friendOf: ['ann', 'bob'] });
  });
});

describe('unidirectional: no stealing', () => {
  it('oneWay: many shops may point at the same product', async () => {
    await shopUpdate('A', { products_ow: d('p1') });
    await shopUpdate('B', { products_ow: { connect: [d('p1')] } });
    await shopUpdate('C', { products_ow: [d('p1')] });
    expect(await all(shop, ['A', 'B', 'C'], 'products_ow')).toEqual({ A: 'p1', B: 'p1', C: 'p1' });
    await shopUpdate('A', { products_ow: d('p2') });
    expect(await all(shop, ['A', 'B', 'C'], 'products_ow')).toEqual({ A: 'p2', B: 'p1', C: 'p1' });
  });

  it('manyWay: one product may be in many shops’ lists', async () => {
    await shopUpdate('A', { products_mw: [d('p1'), d('p2')] });
    await shopUpdate('B', { products_mw: { connect: [d('p2'), d('p1')] } });
    expect(await all(shop, ['A', 'B'], 'products_mw')).toEqual({ A: ['p1', 'p2'], B: ['p2', 'p1'] });
  });

  it('self oneWay and manyWay', async () => {
    await personUpdate('ann', { idol: d('cat'), follows: [d('bob'), d('cat')] });
    await personUpdate('bob', { idol: d('cat'), follows: [d('cat'), d('ann'), d('bob')] });
    expect(await all(person, ['ann', 'bob'], 'idol')).toEqual({ ann: 'cat', bob: 'cat' });
    expect(await all(person, ['ann', 'bob'], 'follows')).toEqual({ ann: ['bob', 'cat'], bob: ['cat', 'ann', 'bob'] });
  });
});

describe('inverse order (the target’s list of sources)', () => {
  it('new links are appended at the end of the target’s list; existing links keep their place after set and reorder', async () => {
    await shopUpdate('B', { products_mm: [d('p1')] });
    await shopUpdate('A', { products_mm: [d('p1'), d('p2')] });
    await shopUpdate('C', { products_mm: [d('p2'), d('p1')] });
    expect(await all(product, ['p1', 'p2'], 'shops')).toEqual({ p1: ['B', 'A', 'C'], p2: ['A', 'C'] });
    // B is relinked with set, reordered by connect: p1 keeps B first.
    await shopUpdate('B', { products_mm: [d('p2'), d('p1')] });
    await shopUpdate('B', { products_mm: { connect: [{ documentId: d('p1'), position: { start: true } }] } });
    expect(await shop('B', 'products_mm')).toEqual(['p1', 'p2']);
    expect(await all(product, ['p1', 'p2'], 'shops')).toEqual({ p1: ['B', 'A', 'C'], p2: ['A', 'C', 'B'] });
    // A disconnect then a connect makes a new link: it goes to the end.
    await shopUpdate('A', { products_mm: { disconnect: [d('p1')] } });
    await shopUpdate('A', { products_mm: { connect: [{ documentId: d('p1'), position: { start: true } }] } });
    expect(await product('p1', 'shops')).toEqual(['B', 'C', 'A']);
    // Connect and disconnect of the same target in one update: Strapi deletes then re-creates it.
    await shopUpdate('B', { products_mm: { connect: [d('p1')], disconnect: [d('p1')] } });
    expect(await product('p1', 'shops')).toEqual(['C', 'A', 'B']);
  });

  it('the manyToOne side joins the end of the target’s list, and a set that keeps it keeps its place', async () => {
    await shopUpdate('A', { products_mo: d('p1') });
    await shopUpdate('B', { products_mo: d('p1') });
    await shopUpdate('A', { products_mo: [d('p1')] });
    await shopUpdate('A', { products_mo: { connect: d('p1') } });
    expect(await product('p1', 'shops_mo')).toEqual(['A', 'B']);
  });
});

describe('deleting a document removes its links from both sides', () => {
  it('every kind', async () => {
    await shopUpdate('A', { products_ow: d('p2'), products_oo: d('p2'), products_mo: d('p2'), products_om: [d('p1'), d('p2')], products_mm: [d('p2'), d('p1')], products_mw: [d('p2'), d('p3')] });
    await shopUpdate('B', { products_mm: [d('p2')], products_mw: [d('p2')], products_ow: d('p2') });
    await q.documents(PRODUCT).delete({ documentId: d('p2') });
    expect(await read(q, SHOP, d('A'), ['products_ow', 'products_oo', 'products_mo', 'products_om', 'products_mm', 'products_mw'])).toEqual({
      products_ow: null, products_oo: null, products_mo: null, products_om: ['p1'], products_mm: ['p1'], products_mw: ['p3'],
    });
    expect(await read(q, SHOP, d('B'), ['products_ow', 'products_mm', 'products_mw'])).toEqual({ products_ow: null, products_mm: [], products_mw: [] });
    await q.documents(SHOP).delete({ documentId: d('A') });
    expect(await read(q, PRODUCT, d('p1'), ['shop', 'shops_mo', 'shop_om', 'shops'])).toEqual({ shop: null, shops_mo: [], shop_om: null, shops: [] });
    // The deleted row id is gone for good: naming it is a 400, not a dangling link.
    await expect(shopUpdate('B', { products_mm: [ids.get('p2')!] })).rejects.toMatchObject({ status: 400, message: `Relation with id ${ids.get('p2')} not found` });
  });

  it('a self-related document', async () => {
    await personUpdate('ann', { mentor: d('ann'), friends: [d('ann'), d('bob')], follows: [d('ann')], partner: d('ann') });
    await personUpdate('bob', { mentor: d('ann'), friends: [d('ann')], follows: [d('ann'), d('bob')], idol: d('ann') });
    await q.documents(PERSON).delete({ documentId: d('ann') });
    expect(await read(q, PERSON, d('bob'), ['mentor', 'friends', 'friendOf', 'follows', 'idol'])).toEqual({ mentor: null, friends: [], friendOf: [], follows: ['bob'], idol: null });
    expect(await q.documents(PERSON).findOne({ documentId: d('ann') })).toBeNull();
  });
});
