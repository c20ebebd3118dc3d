/**
 * Loads the generated dataset into one Quarry through the document service, in batched write
 * transactions: the pattern of bench/quarry/engine.ts, kept here because the HTTP bench needs
 * the Quarry itself (to serve it) and progress lines (the 100k load takes minutes).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createQuarry, type Quarry } from '../../src/index.js';
import { type Dataset, idOf } from '../dataset/types.js';

const SCHEMAS = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..', 'data', 'schemas');
/** Creates per write transaction: one commit per entry would measure fsync, not Quarry. */
const BATCH = 2_000;

export interface LoadedQuarry {
  readonly quarry: Quarry;
  /** Closes the Quarry and removes its folder. */
  dispose(): Promise<void>;
}

export async function loadQuarry(data: Dataset, options: { noSync: boolean; progress: (line: string) => void }): Promise<LoadedQuarry> {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-http-bench-'));
  const q = createQuarry({ schemas: SCHEMAS, path: dir, noSync: options.noSync });
  const dispose = async () => {
    await q.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await inBatches(q, data.chefs, (c) => q.documents('api::chef.chef').create({ data: c }));
    await inBatches(q, data.categories, (c) => q.documents('api::category.category').create({ data: c }));
    const started = performance.now();
    let done = 0;
    let lastReport = started;
    await inBatches(q, data.restaurants(), (r) => {
      const { chef, categories, ...scalars } = r;
      // Relations by row id (the numeric form of a relation item): entity i has id i + 1.
      return q.documents('api::restaurant.restaurant').create({
        data: { ...scalars, chef: chef === null ? null : idOf(chef), categories: categories.map(idOf) },
      });
    }, (n) => {
      done += n;
      const now = performance.now();
      if (now - lastReport >= 10_000 || done === data.size) {
        lastReport = now;
        const rate = done / ((now - started) / 1000);
        const left = (data.size - done) / rate;
        options.progress(`  loaded ${done.toLocaleString('en-US')} / ${data.size.toLocaleString('en-US')} restaurants (${Math.round(rate)}/s${done < data.size ? `, ~${Math.round(left)} s left` : ''})`);
      }
    });
  } catch (error) {
    await dispose();
    throw error;
  }
  return { quarry: q, dispose };
}

/** Runs creates inside shared write transactions; each create's work is synchronous, so the batch commits once. */
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
