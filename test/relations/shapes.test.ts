/** Accepted relation value shapes (docs/relations.md, Values and To-one relations), on every kind, both sides read back. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Entry } from '../../src/index.js';
import { ALL_SHOP_RELATIONS, INVERSE_OF, PRODUCT, SHOP, TO_MANY, TO_ONE, everyFormCreate, populateAll, read, relationNames, shopWorld } from './fixtures.js';

let w: Awaited<ReturnType<typeof shopWorld>>;
let shop: string;
beforeEach(async () => {
  w = await shopWorld(4);
  shop = (await w.q.documents(SHOP).create({ data: { name: 'S' } })).documentId as string;
});
afterEach(async () => {
  await w.q.dispose();
});

const update = (data: Record<string, unknown>) =>
  w.q.documents(SHOP).update({ documentId: shop, data, populate: populateAll(ALL_SHOP_RELATIONS) });
const shopRelations = async () => read(w.q, SHOP, shop, ALL_SHOP_RELATIONS);
const every = (value: (attr: string) => unknown, attrs: readonly string[] = ALL_SHOP_RELATIONS) => Object.fromEntries(attrs.map((a) => [a, value(a)]));
/** Shop relations with `one` on the to-one kinds and `many` on the to-many kinds. */
const shaped = (one: string | null, many: string[]) => ({
  products_ow: one, products_oo: one, products_mo: one, products_om: many, products_mm: many, products_mw: many,
});
/** What product n sees of the shop on each bidirectional kind. */
async function productView(n: number) {
  return read(w.q, PRODUCT, w.doc(n), Object.values(INVERSE_OF));
}
const seesShop = (toOne: boolean, toMany: boolean) => ({ shop: toOne ? 'S' : null, shops_mo: toOne ? ['S'] : [], shop_om: toMany ? 'S' : null, shops: toMany ? ['S'] : [] });

async function linkAll() {
  await update({ ...every(() => [w.doc(1)], TO_ONE), ...every(() => [w.doc(1), w.doc(2)], TO_MANY) });
  expect(await shopRelations()).toEqual(shaped('p1', ['p1', 'p2']));
}

describe('item forms', () => {
  it('shorthand documentId, alone: set of one', async () => {
    await linkAll();
    const entry = await update(every(() => w.doc(3)));
    expect(relationNames(entry, ALL_SHOP_RELATIONS)).toEqual(shaped('p3', ['p3']));
    expect(await productView(1)).toEqual(seesShop(false, false));
    expect(await productView(3)).toEqual(seesShop(true, true));
  });

  it('numeric row id', async () => {
    await update({ ...every(() => w.id(2), TO_ONE), ...every(() => [w.id(3), w.id(1)], TO_MANY) });
    expect(await shopRelations()).toEqual(shaped('p2', ['p3', 'p1']));
    expect(await productView(2)).toEqual(seesShop(true, false));
  });

  it('digit string row id', async () => {
    await update({ ...every(() => String(w.id(2)), TO_ONE), ...every(() => [String(w.id(3)), String(w.id(1))], TO_MANY) });
    expect(await shopRelations()).toEqual(shaped('p2', ['p3', 'p1']));
  });

  it('longhand { documentId } and { id }, alone and in lists', async () => {
    await update({ ...every(() => ({ documentId: w.doc(4) }), TO_ONE), ...every(() => [{ id: w.id(2) }, { documentId: w.doc(4) }, { id: String(w.id(1)) }], TO_MANY) });
    expect(await shopRelations()).toEqual(shaped('p4', ['p2', 'p4', 'p1']));
    await update({ ...every(() => ({ id: w.id(3) }), TO_ONE), ...every(() => ({ documentId: w.doc(3) }), TO_MANY) });
    expect(await shopRelations()).toEqual(shaped('p3', ['p3']));
  });

  it('longhand locale and status mean nothing for a target without locales or versions', async () => {
    await update(every(() => ({ connect: [{ documentId: w.doc(2), locale: 'fr', status: 'draft' }] })));
    expect(await shopRelations()).toEqual(shaped('p2', ['p2']));
  });

  it('connect takes a single item as well as a list', async () => {
    await linkAll();
    await update(every(() => ({ connect: w.doc(3) })));
    expect(await shopRelations()).toEqual(shaped('p3', ['p1', 'p2', 'p3']));
    await update(every(() => ({ disconnect: { documentId: w.doc(3) } })));
    expect(await shopRelations()).toEqual(shaped(null, ['p1', 'p2']));
  });
});

describe('value forms', () => {
  it('a plain array is set: it replaces the list, in the given order', async () => {
    await linkAll();
    await update(every(() => [w.doc(3), w.doc(1)], TO_MANY));
    expect(await shopRelations()).toEqual(shaped('p1', ['p3', 'p1']));
    expect(await productView(2)).toEqual(seesShop(false, false));
  });

  it('set orders the list as given; duplicates collapse silently, first one kept', async () => {
    await linkAll();
    await update(every(() => ({ set: [w.doc(4), w.doc(2), { documentId: w.doc(4) }, w.id(3), w.doc(2)] }), TO_MANY));
    expect(await shopRelations()).toEqual(shaped('p1', ['p4', 'p2', 'p3']));
    await update(every(() => [w.doc(1), w.id(1), w.doc(1)], TO_MANY));
    expect(await shopRelations()).toEqual(shaped('p1', ['p1']));
  });

  it('set ignores positions', async () => {
    await update(every(() => ({ set: [{ documentId: w.doc(2), position: { start: true } }, { documentId: w.doc(1), position: { before: w.doc(2) } }] }), TO_MANY));
    expect(await shopRelations()).toEqual(shaped(null, ['p2', 'p1']));
  });

  it('duplicates inside disconnect collapse silently', async () => {
    await linkAll();
    await update(every(() => ({ disconnect: [w.doc(1), w.doc(1), { id: w.id(1) }] })));
    expect(await shopRelations()).toEqual(shaped(null, ['p2']));
  });

  it('null clears: to-one → null, to-many → []', async () => {
    await linkAll();
    const entry = await update(every(() => null));
    expect(relationNames(entry, ALL_SHOP_RELATIONS)).toEqual(shaped(null, []));
    for (const n of [1, 2]) expect(await productView(n)).toEqual(seesShop(false, false));
  });

  it('[] and { set: [] } clear', async () => {
    await linkAll();
    await update(every(() => []));
    expect(await shopRelations()).toEqual(shaped(null, []));
    await linkAll();
    await update(every(() => ({ set: [] })));
    expect(await shopRelations()).toEqual(shaped(null, []));
    for (const n of [1, 2]) expect(await productView(n)).toEqual(seesShop(false, false));
  });

  it('{}, { connect: [] }, { disconnect: [] }, undefined and an absent key leave the relation untouched', async () => {
    await linkAll();
    for (const value of [{}, { connect: [] }, { disconnect: [] }, { connect: [], disconnect: [] }, undefined]) {
      await update({ name: 'S', ...every(() => value) });
      expect(await shopRelations()).toEqual(shaped('p1', ['p1', 'p2']));
    }
    await update({ name: 'S' });
    expect(await shopRelations()).toEqual(shaped('p1', ['p1', 'p2']));
    expect(await productView(1)).toEqual(seesShop(true, true));
  });
});

describe('xToOne relations use the last item', () => {
  const cases: [string, (items: unknown[]) => unknown][] = [
    ['a plain array', (items) => items],
    ['set', (items) => ({ set: items })],
    ['connect', (items) => ({ connect: items })],
  ];
  it.each(cases)('%s', async (_, wrap) => {
    await update(every(() => wrap([w.doc(1), { documentId: w.doc(3) }, w.id(2)]), TO_ONE));
    expect(await shopRelations()).toEqual(shaped('p2', []));
    expect(await productView(2)).toEqual(seesShop(true, false));
    expect(await productView(1)).toEqual(seesShop(false, false));
    expect(await productView(3)).toEqual(seesShop(false, false));
  });

  it('connect replaces the current target; disconnecting it empties the relation', async () => {
    await linkAll();
    await update(every(() => ({ connect: [w.doc(2)] }), TO_ONE));
    expect(await shopRelations()).toEqual(shaped('p2', ['p1', 'p2']));
    await update(every(() => ({ disconnect: [w.doc(1)] }), TO_ONE));
    expect(await shopRelations()).toEqual(shaped('p2', ['p1', 'p2']));
    await update(every(() => ({ disconnect: [w.doc(2)] }), TO_ONE));
    expect(await shopRelations()).toEqual(shaped(null, ['p1', 'p2']));
  });

  it('connect and disconnect of the same target: connected', async () => {
    await linkAll();
    await update(every(() => ({ connect: [w.doc(3)], disconnect: [w.doc(3), w.doc(1)] }), TO_ONE));
    expect(await shopRelations()).toEqual(shaped('p3', ['p1', 'p2']));
  });

  it('position is ignored, even a strict anchor that is not linked', async () => {
    await update(every(() => ({ connect: [{ documentId: w.doc(2), position: { before: w.doc(4) } }] }), TO_ONE));
    expect(await shopRelations()).toEqual(shaped('p2', []));
    await update(every(() => ({ connect: [{ documentId: w.doc(3), position: { start: true } }] }), TO_ONE));
    expect(await shopRelations()).toEqual(shaped('p3', []));
  });
});

describe('create takes the same shapes', () => {
  it('every form in one create', async () => {
    const { data, linked } = everyFormCreate(w);
    const entry: Entry = await w.q.documents(SHOP).create({ data, populate: populateAll(ALL_SHOP_RELATIONS) });
    expect(relationNames(entry, ALL_SHOP_RELATIONS)).toEqual(linked);
  });
});
