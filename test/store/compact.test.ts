import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open } from 'lmdb';
import { afterEach, describe, expect, it } from 'vitest';
import { compactStore, createQuarry } from '../../src/index.js';
import { DEMO_SCHEMAS } from '../support/temp-quarry.js';

const R = 'api::restaurant.restaurant';
const C = 'api::category.category';
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const freeListEntries = (path: string) => {
  const env = open({ path, readOnly: true });
  try {
    return (env.getStats() as { free: { entryCount: number } }).free.entryCount;
  } finally {
    void env.close();
  }
};

/** A folder whose large transactions rewrote the same index blocks over and over, freeing many pages; and a read of it. */
async function rewrittenFolder(path: string) {
  const q = createQuarry({ schemas: DEMO_SCHEMAS, path, noSync: true });
  const cats = await q.store.transact(() => Promise.all(Array.from({ length: 30 }, (_, i) => q.documents(C).create({ data: { name: `C${i}` } }))));
  for (let round = 0; round < 4; round++) {
    await q.store.transact(() => Promise.all(Array.from({ length: 400 }, (_, i) => q.documents(R).create({
      data: { name: `R${round}-${i}`, stars: i % 5, categories: [cats[(i * 7) % 30]!.documentId, cats[i % 30]!.documentId] },
    }))));
  }
  const query = { filters: { stars: { $gte: 3 }, categories: { name: { $in: ['C3', 'C7'] } } }, sort: ['name:desc'], populate: { categories: true }, pagination: { pageSize: 50 } };
  const before = await q.reads.findPage(R, query);
  await q.close();
  return { cats, query, before };
}

/** The folder reads as before compacting, and takes writes. */
async function servesAsBefore(path: string, { cats, query, before }: Awaited<ReturnType<typeof rewrittenFolder>>): Promise<void> {
  const again = createQuarry({ schemas: DEMO_SCHEMAS, path, noSync: true });
  try {
    expect(await again.reads.findPage(R, query)).toEqual(before);
    const created = await again.documents(R).create({ data: { name: 'after', stars: 5, categories: [cats[3]!.documentId] } });
    expect((await again.documents(R).findFirst({ filters: { name: 'after' } }))?.documentId).toBe(created.documentId);
    expect(again.check().problems).toEqual([]);
  } finally {
    await again.close();
  }
}

describe('compacting a data folder', () => {
  it('drops the free pages a bulk load leaves and keeps every entry, index and relation order', async () => {
    dir = mkdtempSync(join(tmpdir(), 'quarry-compact-'));
    const folder = await rewrittenFolder(dir);
    const freeBefore = freeListEntries(dir);
    expect(freeBefore).toBeGreaterThan(0);

    const { bytesBefore, bytesAfter } = await compactStore(dir);
    // Half-empty pages are filled too: the file shrinks by more than its free pages.
    expect(bytesAfter).toBeLessThan(bytesBefore / 2);
    // The copy's own commits each free a page or two.
    expect(freeListEntries(dir)).toBeLessThanOrEqual(4);
    await servesAsBefore(dir, folder);
  });

  it('without repacking, copies the pages in use as they are: no free pages, and half-empty ones stay so', async () => {
    dir = mkdtempSync(join(tmpdir(), 'quarry-compact-'));
    const [copied, repacked] = [join(dir, 'copied'), join(dir, 'repacked')];
    const folders = [await rewrittenFolder(copied), await rewrittenFolder(repacked)];
    const copy = await compactStore(copied, { repack: false });
    const repack = await compactStore(repacked);
    expect(copy.bytesAfter).toBeLessThan(copy.bytesBefore);
    expect(freeListEntries(copied)).toBe(0);
    // These B-trees were written entry by entry: repacking fills their pages.
    expect(repack.bytesAfter).toBeLessThan(copy.bytesAfter * 0.8);
    await servesAsBefore(copied, folders[0]!);
    await servesAsBefore(repacked, folders[1]!);
  });
});
