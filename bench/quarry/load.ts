/**
 * The generated benchmark dataset loaded into a Quarry through the document service, in batched
 * write transactions (one commit per entry would measure fsync, not Quarry). Relations are given
 * by row id, the numeric form of a relation item: entity i has id i + 1.
 */
import type { Quarry } from '../../src/index.js';
import { compactStore } from '../../src/store/compact.js';
import { type Dataset, idOf } from '../dataset/types.js';

const BATCH = 2_000;

/** `loaded` is told how many restaurants each committed batch held (the long part of a load). */
export async function loadDataset(q: Quarry, data: Dataset, loaded?: (restaurants: number) => void): Promise<void> {
  await inBatches(q, data.chefs, (c) => q.documents('api::chef.chef').create({ data: c }));
  await inBatches(q, data.categories, (c) => q.documents('api::category.category').create({ data: c }));
  await inBatches(q, data.restaurants(), (r) => {
    const { chef, categories, ...scalars } = r;
    return q.documents('api::restaurant.restaurant').create({
      data: { ...scalars, chef: chef === null ? null : idOf(chef), categories: categories.map(idOf) },
    });
  }, loaded);
}

/**
 * Loads into a new folder and compacts it before handing out a Quarry on it, as `quarry
 * import` does: a bulk load's free pages would otherwise slow every later commit
 * (src/store/compact.ts). `open` opens a Quarry on `path`.
 */
export async function loadCompacted(open: () => Quarry, path: string, data: Dataset, loaded?: (restaurants: number) => void): Promise<Quarry> {
  const q = open();
  try {
    await loadDataset(q, data, loaded);
  } finally {
    await q.close();
  }
  await compactStore(path);
  return open();
}

/** Runs creates inside shared write transactions; each create's work is synchronous, so a batch commits once. */
async function inBatches<T>(q: Quarry, items: Iterable<T>, create: (item: T) => Promise<unknown>, flushed?: (n: number) => void): Promise<void> {
  let batch: T[] = [];
  const flush = async () => {
    const n = batch.length;
    if (n === 0) return;
    const pending = q.store.transact(() => batch.map(create));
    batch = [];
    await Promise.all(pending);
    flushed?.(n);
  };
  for (const item of items) {
    batch.push(item);
    if (batch.length === BATCH) await flush();
  }
  await flush();
}
