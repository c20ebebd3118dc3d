import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/index.js';
import { readQueryString } from '../../src/query/querystring/index.js';
import { openQuarry, type TestQuarry } from '../pool/support.js';
import { RandomPicks } from './random-picks.js';
import { CommittedModel } from './reads/committed-model.js';
import { ReadChecks, type Read } from './reads/read-checks.js';
import { Writer } from './reads/writer.js';

/** How long writes and reads hammer at once. */
const HAMMER_MS = 4_000;
/** Pool reads in flight at any time (two worker threads). */
const POOL_READERS = 4;

let t: TestQuarry;

beforeAll(() => {
  // costThreshold 0: every list read the pool is asked for runs on a worker, with its own snapshot.
  t = openQuarry({ pool: { threads: 2, costThreshold: 0, timeoutMs: 30_000 } });
}, 180_000);
afterAll(async () => {
  await t?.dispose();
});

describe('consistent reads under writes', () => {
  it('inline and worker reads see whole writes only, and everything committed before they were issued', async () => {
    const seed = Date.now() % 1_000_000;
    const random = new RandomPicks(seed);
    const model = new CommittedModel();
    const writer = new Writer(t.quarry, model, random);
    const checks = new ReadChecks(model, random);
    const problems: string[] = [];
    const counts = { writes: 0, inline: 0, pool: 0 };
    const judge = (read: Read, page: Page, issuedAt: number, where: string) => {
      for (const p of read.check(page, issuedAt)) problems.push(`${where} ${read.uid}?${read.query}: ${p}`);
    };
    await writer.setup(6, 4);
    await t.quarry.pool!.ready();

    const end = performance.now() + HAMMER_MS;
    const poolReader = async () => {
      while (performance.now() < end) {
        const read = checks.pickRead();
        const issuedAt = model.seq;
        const page = await t.quarry.reads.queryAsync(read.uid, readQueryString(read.query), undefined, 'pool');
        judge(read, page, issuedAt, 'worker');
        counts.pool++;
      }
    };
    const writeAndReadInline = async () => {
      while (performance.now() < end) {
        await writer.step();
        counts.writes++;
        const read = checks.pickRead();
        judge(read, t.quarry.reads.query(read.uid, readQueryString(read.query)), model.seq, 'inline');
        counts.inline++;
        // Lets worker answers in between writes.
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    await Promise.all([writeAndReadInline(), ...Array.from({ length: POOL_READERS }, poolReader)]);

    expect(problems.slice(0, 20), `seed ${seed}`).toEqual([]);
    expect(counts.writes).toBeGreaterThan(30);
    expect(counts.inline).toBeGreaterThan(30);
    expect(counts.pool).toBeGreaterThan(20);
    expect(t.quarry.check().problems).toEqual([]);
  }, 60_000);
});
