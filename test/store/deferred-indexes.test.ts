import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createQuarry, type Quarry } from '../../src/index.js';
import { CATEGORY, RESTAURANT } from '../http/seed.js';
import { DEMO_SCHEMAS } from '../support/temp-quarry.js';

/**
 * Store.deferIndexes: a bulk load's index and link-set changes wait in memory across its
 * transactions, its own writes read them, and they are all written when it ends.
 */
let path: string;
let quarry: Quarry;

beforeEach(() => {
  path = mkdtempSync(join(tmpdir(), 'quarry-deferred-'));
  quarry = createQuarry({ schemas: DEMO_SCHEMAS, path, noSync: true });
});
afterEach(async () => {
  await quarry.close();
  rmSync(path, { recursive: true, force: true });
});

const create = (uid: string, data: Record<string, unknown>) => quarry.documents(uid).create({ data });

describe('deferred index changes', () => {
  it('are read by the load\'s own writes, refused to reads outside them, and all written at the end', async () => {
    const categories = await quarry.store.deferIndexes(async () => {
      const made = await quarry.store.transact(() => Promise.all(['Thai', 'Greek'].map((name) => create(CATEGORY, { name }))));
      for (let batch = 0; batch < 3; batch++) {
        await quarry.store.transact(() => Promise.all(Array.from({ length: 50 }, (_, i) => create(RESTAURANT, {
          name: `R${batch}-${i}`, stars: i % 5, categories: [made[i % 2]!.documentId],
        }))));
      }
      // A write inside the load finds what the load wrote before: the category's set of restaurants.
      const inside = await quarry.store.transact(() => quarry.documents(RESTAURANT).findMany({ filters: { categories: { name: 'Thai' } }, limit: 1000 }));
      expect(inside).toHaveLength(75);
      await expect(quarry.documents(RESTAURANT).count({ filters: { stars: 4 } })).rejects.toThrow(/outside its transactions/);
      return made;
    });
    expect(await quarry.documents(RESTAURANT).count({ filters: { stars: 4 } })).toBe(30);
    expect(await quarry.documents(RESTAURANT).count({ filters: { categories: { documentId: categories[1]!.documentId } } })).toBe(75);
    expect(quarry.check().problems).toEqual([]);
  });

  it('are dropped when the load fails', async () => {
    await expect(quarry.store.deferIndexes(async () => {
      await quarry.store.transact(() => create(CATEGORY, { name: 'Kept row, lost index' }));
      throw new Error('stopped');
    })).rejects.toThrow('stopped');
    // The row was committed without its index entries: what an import's incomplete-mark is for.
    expect(quarry.check().problems.length).toBeGreaterThan(0);
  });

  it('fail whole when one of the load\'s transactions is rolled back: the changes waiting from before it went with its own', async () => {
    const load = quarry.store.deferIndexes(async () => {
      await quarry.store.transact(() => create(CATEGORY, { name: 'Committed, its index waiting' }));
      // The caller catches the failure, as a load that skips bad items might.
      let write: Promise<unknown> | undefined;
      expect(() => quarry.store.transact(() => (write = create(RESTAURANT, { name: 'Bad', stars: 'many' })))).toThrow('stars must be an integer');
      await expect(write).rejects.toThrow('stars must be an integer');
      expect(() => quarry.store.transact(() => undefined)).toThrow(/the load cannot go on/);
    });
    await expect(load).rejects.toThrow(/the load cannot go on/);
    // The loss is the load's: later writes go on as usual.
    await create(CATEGORY, { name: 'After the load' });
    expect(await quarry.documents(CATEGORY).count({ filters: { name: 'After the load' } })).toBe(1);
  });
});
