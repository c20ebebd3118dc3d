import { afterEach, describe, expect, it } from 'vitest';
import type { SchemaSource } from '../../src/schema/raw.js';
import { tempQuarry } from '../support/temp-quarry.js';

/**
 * A filter through the many side of a to-one relation (`chef.restaurants.name`) reads each
 * restaurant's chef list as one id, kept in memory between queries (Postings.collect). These
 * tests change those lists between queries and expect every change to show at once.
 */
const R = 'api::restaurant.restaurant';
const C = 'api::chef.chef';

function schemas(chefDraftAndPublish: boolean): SchemaSource[] {
  return [
    { uid: R, file: 'restaurant', schema: { info: { singularName: 'restaurant', pluralName: 'restaurants' }, attributes: {
      name: { type: 'string' },
      chef: { type: 'relation', relation: 'manyToOne', target: C, inversedBy: 'restaurants' },
    } } },
    { uid: C, file: 'chef', schema: { info: { singularName: 'chef', pluralName: 'chefs' }, options: { draftAndPublish: chefDraftAndPublish }, attributes: {
      name: { type: 'string' },
      restaurants: { type: 'relation', relation: 'oneToMany', target: R, mappedBy: 'chef' },
    } } },
  ];
}

let q: ReturnType<typeof tempQuarry> | undefined;
afterEach(async () => {
  await q?.dispose();
  q = undefined;
});

async function world(chefDraftAndPublish: boolean) {
  q = tempQuarry(schemas(chefDraftAndPublish));
  const quarry = q;
  const chef = async (name: string) => (await quarry.documents(C).create({ data: { name }, status: 'published' })).documentId as string;
  const ann = await chef('Ann');
  const bob = await chef('Bob');
  const restaurant = async (name: string, chefDoc: string | null) => (await quarry.documents(R).create({ data: { name, chef: chefDoc } })).documentId as string;
  const r1 = await restaurant('r1', ann);
  const r2 = await restaurant('r2', bob);
  const r3 = await restaurant('r3', null);
  const chefsOf = async (filters: Record<string, unknown>, status?: 'draft' | 'published') =>
    (await quarry.documents(C).findMany({ filters: { restaurants: filters }, sort: 'name:asc', ...(status ? { status } : {}) })).map((e) => e.name);
  const setChef = (doc: string, chefDoc: string | null) => quarry.documents(R).update({ documentId: doc, data: { chef: chefDoc } });
  return { ann, bob, r1, r2, r3, chefsOf, setChef };
}

describe.each([false, true])('chefs filtered by their restaurants (chef draft & publish: %s)', (dp) => {
  it('follows relinks, unlinks and new links made between queries', async () => {
    const w = await world(dp);
    expect(await w.chefsOf({ name: 'r1' })).toEqual(['Ann']);
    expect(await w.chefsOf({ name: { $in: ['r1', 'r2', 'r3'] } })).toEqual(['Ann', 'Bob']);
    await w.setChef(w.r1, w.bob);
    expect(await w.chefsOf({ name: 'r1' })).toEqual(['Bob']);
    expect(await w.chefsOf({ name: { $in: ['r1', 'r2', 'r3'] } })).toEqual(['Bob']);
    await w.setChef(w.r1, null);
    expect(await w.chefsOf({ name: 'r1' })).toEqual([]);
    await w.setChef(w.r3, w.ann);
    expect(await w.chefsOf({ name: { $in: ['r1', 'r3'] } })).toEqual(['Ann']);
    await q!.documents(R).delete({ documentId: w.r3 });
    expect(await w.chefsOf({ name: { $in: ['r1', 'r2', 'r3'] } })).toEqual(['Bob']);
  });
});

it('a restaurant linked to both versions of a chef finds the chef in either status', async () => {
  const w = await world(true);
  // A published chef has a draft and a published row; the restaurant links to both.
  expect(await w.chefsOf({ name: 'r1' }, 'published')).toEqual(['Ann']);
  expect(await w.chefsOf({ name: 'r1' }, 'draft')).toEqual(['Ann']);
  await q!.documents(C).update({ documentId: w.ann, data: { name: 'Ann (draft)' } });
  expect(await w.chefsOf({ name: 'r1' }, 'draft')).toEqual(['Ann (draft)']);
  expect(await w.chefsOf({ name: 'r1' }, 'published')).toEqual(['Ann']);
  await w.setChef(w.r1, w.bob);
  expect(await w.chefsOf({ name: 'r1' }, 'draft')).toEqual(['Bob']);
  expect(await w.chefsOf({ name: 'r1' }, 'published')).toEqual(['Bob']);
});
