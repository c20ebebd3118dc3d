import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesJson } from '../../src/documents/entry-json.js';
import { tempQuarry } from '../support/temp-quarry.js';

const R = 'api::restaurant.restaurant';
const K = 'api::category.category';
let q: ReturnType<typeof tempQuarry>;
let documentId: string;

beforeAll(async () => {
  q = tempQuarry();
  const cat = await q.documents(K).create({ data: { name: 'Bistro' } });
  for (let i = 0; i < 5; i++) {
    const r = await q.documents(R).create({ data: { name: `R${i}`, stars: i, categories: [cat.documentId] } });
    if (i === 2) documentId = r.documentId as string;
  }
});
afterAll(() => q.dispose());

const page = (query: Record<string, unknown>) => q.reads.query(R, query as never).results;
/** The pieces joined and decoded: what an answer carries. */
const printed = (entries: Parameters<typeof entriesJson>[0]) => Buffer.concat(entriesJson(entries)).toString();

describe('entry JSON kept per row', () => {
  it('prints exactly what JSON.stringify prints, whatever the selection, populated or not', () => {
    for (const query of [{}, { fields: ['name'] }, { fields: ['stars', 'name'] }, { populate: { categories: 'true' } }, { populate: { categories: { count: 'true' } } }]) {
      for (let round = 0; round < 2; round++) {
        const entries = page(query);
        expect(printed(entries)).toBe(JSON.stringify(entries));
      }
    }
  });

  it('prints right under more selections than a row keeps texts for', () => {
    const fields = ['name', 'stars', 'open', 'price', 'description'];
    // Orders and subsets: more than the texts kept per row, each printed twice.
    const selections = fields.flatMap((f, i) => [[f], [...fields.slice(i), ...fields.slice(0, i)], fields.filter((g) => g !== f), [f, 'createdAt']]);
    expect(selections.length).toBeGreaterThan(16);
    for (let round = 0; round < 2; round++) {
      for (const selection of selections) {
        const entries = page({ fields: selection });
        expect(printed(entries)).toBe(JSON.stringify(entries));
      }
    }
  });

  it('follows writes: an updated row prints its new values, a relation change shows where populated', async () => {
    page({});
    await q.documents(R).update({ documentId, data: { name: 'Renamed', categories: [] } });
    const entries = page({ filters: { documentId } });
    expect(JSON.parse(printed(entries))).toEqual([expect.objectContaining({ name: 'Renamed' })]);
    const populated = page({ filters: { documentId }, populate: { categories: 'true' } });
    expect(JSON.parse(printed(populated))[0].categories).toEqual([]);
  });

  it('keeps texts printed from the stored rows, never from entries a caller changed', () => {
    const changed = page({ fields: ['stars', 'name', 'createdAt'] });
    changed[0]!.name = 'Changed';
    printed(changed);
    const fresh = page({ fields: ['stars', 'name', 'createdAt'] });
    expect(printed(fresh)).toBe(JSON.stringify(fresh));
    expect(printed(fresh)).not.toContain('Changed');
  });

  it('prints a page with entries taken out or added since the read as it now stands', () => {
    const shorter = page({});
    shorter.shift();
    expect(printed(shorter)).toBe(JSON.stringify(shorter));
    const longer = page({});
    longer.push({ id: 0, name: 'added' });
    expect(printed(longer)).toBe(JSON.stringify(longer));
  });

  it('prints a page read long before (many pages since) from its entries, the same text', () => {
    const early = page({ fields: ['name', 'stars'] });
    for (let i = 0; i < 100; i++) page({ fields: ['name'] });
    expect(printed(early)).toBe(JSON.stringify(early));
    // And one read just before is printed from its rows' texts: a change made to it since does not show.
    const recent = page({ fields: ['name', 'stars'] });
    const text = JSON.stringify(recent);
    recent[0]!.name = 'Changed';
    expect(printed(recent)).toBe(text);
  });

  it('prints pages read inside a write transaction afresh (their rows are not shared)', () => {
    const inside = q.store.transact(() => {
      void q.documents(R).create({ data: { name: 'Fresh' } });
      return page({ filters: { name: 'Fresh' } });
    });
    expect(inside.map((e) => e.name)).toEqual(['Fresh']);
    expect(printed(inside)).toBe(JSON.stringify(inside));
  });
});
