/**
 * Quarry as a benchmark engine: the generated data loaded through the document service, and
 * each query answered by the document service's synchronous list read (filters planned and run
 * over LMDB indexes, the page's entries decoded), exactly what the REST layer calls.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createQuarry, type Quarry } from '../../src/index.js';
import type { Engine, EngineResult } from '../dataset/engine.js';
import type { BenchQuery } from '../dataset/queries.js';
import { type Dataset, idOf } from '../dataset/types.js';

const SCHEMAS = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..', 'data', 'schemas');
/** Creates per write transaction while loading: one commit per entry would measure fsync, not Quarry. */
const BATCH = 2_000;

export class QuarryEngine implements Engine {
  readonly name = 'quarry';
  private quarry: Quarry | undefined;
  private dir: string | undefined;

  async load(data: Dataset): Promise<void> {
    await this.close();
    this.dir = mkdtempSync(join(tmpdir(), 'quarry-bench-'));
    const q = createQuarry({ schemas: SCHEMAS, path: this.dir, noSync: true });
    this.quarry = q;
    await inBatches(q, data.chefs, (c) => q.documents('api::chef.chef').create({ data: c }));
    await inBatches(q, data.categories, (c) => q.documents('api::category.category').create({ data: c }));
    await inBatches(q, data.restaurants(), (r) => {
      const { chef, categories, ...scalars } = r;
      // Relations by row id (the numeric form of a relation item): entity i has id i + 1.
      return q.documents('api::restaurant.restaurant').create({
        data: { ...scalars, chef: chef === null ? null : idOf(chef), categories: categories.map(idOf) },
      });
    });
  }

  run(query: BenchQuery): EngineResult {
    const { results, pagination } = this.quarry!.documents('api::restaurant.restaurant').findPageSync({
      filters: query.filters,
      sort: [...query.sort],
      pagination: { page: query.pagination.page, pageSize: query.pagination.pageSize },
    });
    return { total: (pagination as { total: number }).total, ids: results.map((e) => e.id as number) };
  }

  async close(): Promise<void> {
    await this.quarry?.close();
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.quarry = undefined;
    this.dir = undefined;
  }
}

/** Runs creates inside shared write transactions; each create's work is synchronous, so the batch commits once. */
export async function inBatches<T>(q: Quarry, items: Iterable<T>, create: (item: T) => Promise<unknown>): Promise<void> {
  let batch: T[] = [];
  const flush = async () => {
    const pending = q.store.transact(() => batch.map(create));
    batch = [];
    await Promise.all(pending);
  };
  for (const item of items) {
    batch.push(item);
    if (batch.length === BATCH) await flush();
  }
  await flush();
}
