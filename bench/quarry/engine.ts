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
import { printListPlan } from '../../src/query/plan/print.js';
import { readQueryString } from '../../src/query/querystring/index.js';
import type { Engine, EngineResult } from '../engine.js';
import type { BenchQuery } from '../../fixtures/dataset/queries.js';
import type { Dataset } from '../../fixtures/dataset/types.js';
import { loadCompacted } from '../../fixtures/dataset/load.js';

const SCHEMAS = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..', 'data', 'schemas');

export class QuarryEngine implements Engine {
  readonly name = 'quarry';
  private quarry: Quarry | undefined;
  private dir: string | undefined;

  async load(data: Dataset): Promise<void> {
    await this.close();
    this.dir = mkdtempSync(join(tmpdir(), 'quarry-bench-'));
    const dir = this.dir;
    this.quarry = await loadCompacted(() => createQuarry({ schemas: SCHEMAS, path: dir, noSync: true }), dir, data);
  }

  run(query: BenchQuery): EngineResult {
    const { results, pagination } = this.quarry!.reads.findPageSync('api::restaurant.restaurant', {
      filters: query.filters,
      sort: [...query.sort],
      pagination: { page: query.pagination.page, pageSize: query.pagination.pageSize },
    });
    return { total: (pagination as { total: number }).total, ids: results.map((e) => e.id as number) };
  }

  explain(query: BenchQuery): string {
    return printListPlan(this.quarry!.reads.estimateQuery('api::restaurant.restaurant', readQueryString(query.rest)).plan);
  }

  async close(): Promise<void> {
    await this.quarry?.close();
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.quarry = undefined;
    this.dir = undefined;
  }
}

