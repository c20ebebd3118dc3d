import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildQueries } from '../../fixtures/dataset/queries.js';
import type { Dataset } from '../../fixtures/dataset/types.js';
import { createQuarry, PaginationError, QuarryError, ServiceUnavailableError, ValidationError, type Quarry } from '../../src/index.js';
import { readQueryString } from '../../src/query/querystring/index.js';
import type { Page } from '../../src/documents/read.js';
import { ARTICLE, EXPLOSIVE_POPULATE, loadDataset, openQuarry, RESTAURANT, SCHEMAS, sleep, spin, SPIN_WORKER, type TestQuarry, warmUp } from './support.js';

const SIZE = 2_000;

async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  const end = performance.now() + ms;
  while (!condition()) {
    if (performance.now() > end) throw new Error('condition not met in time');
    await sleep(20);
  }
}

describe('worker pool (document service)', () => {
  let t: TestQuarry;
  let data: Dataset;

  beforeAll(async () => {
    // A generous limit: cold workers on a loaded machine must never time out here. The
    // time-limit tests use their own read-only Quarry on the same folder with a short one.
    t = openQuarry({ pool: { threads: 2, timeoutMs: 30_000 } });
    data = await loadDataset(t.quarry, SIZE);
    // Drafts and locales: the worker must read the same version scopes.
    const articles = t.quarry.documents(ARTICLE);
    for (let i = 0; i < 30; i++) {
      const a = await articles.create({ data: { title: `Article ${i}`, body: i % 3 === 0 ? 'ramen and more' : 'plain', restaurants: [i + 1] }, locale: 'en' });
      if (i % 2 === 0) await articles.publish({ documentId: a.documentId as string, locale: 'en' });
      if (i % 5 === 0) await articles.update({ documentId: a.documentId as string, data: { title: `Article ${i} (fr)` }, locale: 'fr' });
    }
  }, 120_000);
  afterAll(async () => {
    await t?.dispose();
  });

  const service = () => t.quarry.documents(RESTAURANT);
  const q = (rest: string) => readQueryString(rest);

  it('starts the threads it was given', () => {
    expect(t.quarry.pool?.threads).toBe(2);
  });

  describe('pooled answers are the inline answers', () => {
    const extra = [
      'populate=*&pagination[pageSize]=50',
      'sort[0]=chef.name:asc&sort[1]=name:desc&fields[0]=name&fields[1]=price&pagination[page]=3&pagination[pageSize]=20',
      'filters[price][$lt]=20&sort=price:desc&populate[chef][fields][0]=name&pagination[start]=10&pagination[limit]=15',
      'populate[categories][sort]=name:desc&populate[categories][filters][name][$startsWith]=A&pagination[withCount]=false',
      'populate[categories][count]=true&filters[$not][stars][$eq]=3&sort=stars:asc',
      'filters[description][$containsi]=ramen&pagination[pageSize]=100',
    ];
    it('the filter benchmark\'s queries', async () => {
      const queries = buildQueries(data);
      expect(queries.length).toBeGreaterThan(10);
      for (const bench of queries) {
        const query = q(bench.rest);
        const inline = await t.quarry.reads.queryAsync(RESTAURANT, query, undefined, 'inline');
        const pooled = await t.quarry.reads.queryAsync(RESTAURANT, query, undefined, 'pool');
        expect(pooled, bench.name).toEqual(inline);
        expect(JSON.stringify(pooled), bench.name).toBe(JSON.stringify(inline));
        expect((inline.pagination as { total: number }).total, bench.name).toBeGreaterThan(0);
      }
    });
    it.each(extra)('%s', async (rest) => {
      const inline = t.quarry.reads.query(RESTAURANT, q(rest));
      const pooled = await t.quarry.reads.queryAsync(RESTAURANT, q(rest), undefined, 'pool');
      expect(JSON.stringify(pooled)).toBe(JSON.stringify(inline));
    });
    it.each([
      'status=draft&sort=title:asc&populate[restaurants][fields][0]=name',
      'status=published&locale=en&filters[body][$containsi]=RAMEN',
      'locale=fr&sort=title:desc',
      'locale=*&pagination[pageSize]=100',
    ])('versions and locales: articles %s', async (rest) => {
      const inline = t.quarry.reads.query(ARTICLE, q(rest));
      const pooled = await t.quarry.reads.queryAsync(ARTICLE, q(rest), undefined, 'pool');
      expect(inline.results.length).toBeGreaterThan(0);
      expect(JSON.stringify(pooled)).toBe(JSON.stringify(inline));
    });
    it('the list settings (page sizes) travel with the request', async () => {
      const settings = { defaultPageSize: 7, maxPageSize: 9 };
      expect((await t.quarry.reads.queryAsync(RESTAURANT, q(''), settings, 'pool')).results).toHaveLength(7);
      expect((await t.quarry.reads.queryAsync(RESTAURANT, q('pagination[pageSize]=50'), settings, 'pool')).results).toHaveLength(9);
    });
  });

  describe('cheap lists inline, expensive ones on a worker', () => {
    it('answers a list that runs inline at once, without a promise, and an offloaded one later', async () => {
      const cheap = q(`filters[name][$eq]=${encodeURIComponent(data.restaurant(7).name)}`);
      const now = t.quarry.reads.page(t.quarry.reads.compileQuery(RESTAURANT, cheap));
      expect(now).not.toBeInstanceOf(Promise);
      expect(now).toEqual(t.quarry.reads.query(RESTAURANT, cheap));
      const costly = q('sort=chef.name:asc&pagination[pageSize]=10');
      const later = t.quarry.reads.page(t.quarry.reads.compileQuery(RESTAURANT, costly));
      expect(later).toBeInstanceOf(Promise);
      expect(await later).toEqual(t.quarry.reads.query(RESTAURANT, costly));
    });

    it('decides by the estimate: a point lookup stays inline, a relation sort over every row goes', async () => {
      const run = vi.spyOn(t.quarry.pool!, 'run');
      try {
        const cheap = q(`filters[name][$eq]=${encodeURIComponent(data.restaurant(7).name)}`);
        expect(t.quarry.reads.estimateQuery(RESTAURANT, cheap).movable).toBeLessThan(t.quarry.pool!.costThreshold);
        const page = await t.quarry.reads.queryAsync(RESTAURANT, cheap);
        expect(page.results.map((e) => e.name)).toEqual([data.restaurant(7).name]);
        expect(run).not.toHaveBeenCalled();

        const costly = q('sort=chef.name:asc&pagination[pageSize]=10');
        expect(t.quarry.reads.estimateQuery(RESTAURANT, costly).movable).toBeGreaterThanOrEqual(t.quarry.pool!.costThreshold);
        const sorted = await t.quarry.reads.queryAsync(RESTAURANT, costly);
        expect(run).toHaveBeenCalledTimes(1);
        expect(sorted).toEqual(t.quarry.reads.query(RESTAURANT, costly));
      } finally {
        run.mockRestore();
      }
    });

    it('a cheap list settles in the same turn (no thread hop)', async () => {
      let settled = false;
      const pending = t.quarry.reads.queryAsync(RESTAURANT, q('filters[id][$eq]=3')).then(() => (settled = true));
      await Promise.resolve();
      await Promise.resolve();
      await Promise.resolve();
      expect(settled).toBe(true);
      await pending;
    });

    it('inside a write transaction a read stays inline: only this thread sees the uncommitted write', async () => {
      const run = vi.spyOn(t.quarry.pool!, 'run');
      try {
        const seen = await t.quarry.store.transact(() => {
          void service().create({ data: { name: 'Inside Txn', stars: 1 } });
          return t.quarry.reads.queryAsync(RESTAURANT, q('filters[name][$eq]=Inside Txn&sort=chef.name'), undefined, 'pool');
        });
        expect(seen.results.map((e) => e.name)).toEqual(['Inside Txn']);
        expect(run).not.toHaveBeenCalled();
      } finally {
        run.mockRestore();
        const found = t.quarry.reads.query(RESTAURANT, q('filters[name][$eq]=Inside Txn'));
        for (const e of found.results) await service().delete({ documentId: e.documentId as string });
      }
    });
  });

  describe('errors come back as the same QuarryError', () => {
    const failure = async (p: Promise<unknown>) => p.then(() => { throw new Error('expected a rejection'); }, (e: unknown) => e);

    it.each([
      'filters[nope][$eq]=1',
      'filters[stars][$between][0]=1',
      'sort=nope:asc',
      'populate[nope]=*',
      'fields[0]=nope',
    ])('ValidationError: %s', async (rest) => {
      const inline = await failure(t.quarry.reads.queryAsync(RESTAURANT, q(rest), undefined, 'inline'));
      const pooled = await failure(t.quarry.reads.queryAsync(RESTAURANT, q(rest), undefined, 'pool'));
      expect(inline).toBeInstanceOf(ValidationError);
      expect(pooled).toBeInstanceOf(ValidationError);
      expect(pooled).toBeInstanceOf(QuarryError);
      const e = pooled as ValidationError;
      expect(e.status).toBe(400);
      expect(e.toJSON()).toEqual((inline as ValidationError).toJSON());
      expect(Object.keys(e.details).length).toBeGreaterThan(0);
    });

    it('a PaginationError keeps its class', async () => {
      const rest = 'pagination[page]=1&pagination[start]=0';
      const inline = await failure(t.quarry.reads.queryAsync(RESTAURANT, q(rest), undefined, 'inline'));
      const pooled = await failure(t.quarry.reads.queryAsync(RESTAURANT, q(rest), undefined, 'pool'));
      expect(pooled).toBeInstanceOf((inline as QuarryError).constructor);
      expect((pooled as QuarryError).toJSON()).toEqual((inline as QuarryError).toJSON());
      expect([PaginationError, ValidationError].some((C) => pooled instanceof C)).toBe(true);
    });

    it('anything else is a plain Error (a 500 over REST), never a QuarryError', async () => {
      const read = t.quarry.reads.compileQuery(RESTAURANT, q(''));
      const e = await failure(t.quarry.pool!.run({ kind: 'one', read: { ...read, type: 'api::nope.nope' }, documentId: 'x' }));
      expect(e).toBeInstanceOf(Error);
      expect(e).not.toBeInstanceOf(QuarryError);
      expect((e as Error).message).toContain('Unknown content-type');
    });
  });

  describe('time limit', () => {
    const LIMIT = 1_000;
    let limited: Quarry;
    beforeAll(async () => {
      limited = createQuarry({ schemas: SCHEMAS, path: t.path, readOnly: true, i18n: { defaultLocale: 'en', locales: ['en', 'fr'] }, pool: { threads: 2, timeoutMs: LIMIT, workerFile: SPIN_WORKER } });
      // Threads that are still starting count against the limit too: wait until both answer.
      await limited.pool!.ready();
      await warm();
    });
    afterAll(async () => {
      await limited?.close();
    });
    const pool = () => limited.pool!;
    const CHEAP = 'filters[stars][$eq]=5&pagination[pageSize]=5';
    const warm = () => warmUp(limited, CHEAP);
    const timeout = { status: 503, name: 'ServiceUnavailableError', message: `The read exceeds the limit of ${LIMIT} ms (the read time limit) and was cancelled`, details: { timeoutMs: LIMIT } };

    it('a real query past the limit is answered with a 503 while the main thread answers others', async () => {
      const query = q(EXPLOSIVE_POPULATE);
      expect(limited.reads.estimateQuery(RESTAURANT, query).movable).toBeGreaterThan(pool().costThreshold * 100);
      const ids = pool().threadIds;
      const started = performance.now();
      // Chosen by the estimate, not forced.
      const slow = limited.reads.queryAsync(RESTAURANT, query).then(
        () => ({ error: undefined, at: performance.now() - started }),
        (error: unknown) => ({ error, at: performance.now() - started }),
      );
      // Meanwhile: cheap lists inline, again and again, and pooled ones on the other thread.
      const answered: number[] = [];
      while (performance.now() - started < LIMIT - 50) {
        const t0 = performance.now();
        const page = await limited.reads.queryAsync(RESTAURANT, q(CHEAP));
        expect(page.results).toHaveLength(5);
        answered.push(performance.now() - t0);
        await sleep(5);
      }
      const pooled = await Promise.all([1, 2, 3].map(() => limited.reads.queryAsync(RESTAURANT, q(CHEAP), undefined, 'pool')));
      for (const page of pooled) expect(page.results).toHaveLength(5);
      const { error, at } = await slow;
      expect(error).toBeInstanceOf(ServiceUnavailableError);
      expect((error as ServiceUnavailableError).toJSON()).toEqual(timeout);
      expect(at).toBeGreaterThanOrEqual(LIMIT - 10);
      expect(at).toBeLessThan(LIMIT + 500);
      expect(answered.length).toBeGreaterThan(10);
      expect(Math.max(...answered)).toBeLessThan(LIMIT / 4);
      // The worker gave the query up itself: both threads answer at once, none was terminated.
      await Promise.all([pool().ping(), pool().ping(), pool().ping()]);
      expect(performance.now() - started).toBeLessThan(LIMIT + 900);
      expect(pool().threadIds).toEqual(ids);
    });

    it('a runaway that never reads the store is answered at the limit; its thread is terminated a second later and replaced', async () => {
      const ids = pool().threadIds;
      const started = performance.now();
      await expect(spin(pool(), 60_000)).rejects.toBeInstanceOf(ServiceUnavailableError);
      expect(performance.now() - started).toBeLessThan(LIMIT + 500);
      // Meanwhile the other thread serves pooled lists.
      const page = await limited.reads.queryAsync(RESTAURANT, q(CHEAP), undefined, 'pool');
      expect(page.results).toHaveLength(5);
      await until(() => pool().threads === 2 && pool().threadIds.filter((id) => !ids.includes(id)).length === 1);
      expect(performance.now() - started).toBeGreaterThan(LIMIT + 900);
      await warm();
      const pages = await Promise.all(Array.from({ length: 6 }, () => limited.reads.queryAsync(RESTAURANT, q(CHEAP), undefined, 'pool')));
      for (const p of pages) expect(p.results).toHaveLength(5);
    });

    it('a task waiting behind busy threads is answered at the limit too, and dropped', async () => {
      const ids = pool().threadIds;
      const busy = [spin(pool(), 60_000), spin(pool(), 60_000)].map((p) => p.then(() => 'done', (e: unknown) => e));
      const started = performance.now();
      const queued = await limited.reads.queryAsync(RESTAURANT, q(CHEAP), undefined, 'pool').then(() => 'done', (e: unknown) => e);
      expect(queued).toBeInstanceOf(ServiceUnavailableError);
      expect(performance.now() - started).toBeLessThan(LIMIT + 500);
      for (const b of await Promise.all(busy)) expect(b).toBeInstanceOf(ServiceUnavailableError);
      await until(() => pool().threads === 2 && pool().threadIds.every((id) => !ids.includes(id)));
      expect(pool().queued).toBe(0);
      await warm();
      expect((await limited.reads.queryAsync(RESTAURANT, q(CHEAP), undefined, 'pool')).results).toHaveLength(5);
    });

    it('stopped and terminated threads leave no LMDB readers behind', async () => {
      // Reader slots in use in the (shared) environment; a thread that died holding one would
      // keep it, pinning an old snapshot and, after enough of them, refusing new readers.
      const readers = () => (limited.store as unknown as { env: { readerList(): string } }).env.readerList().trim().split('\n').length - 1;
      const before = readers();
      for (let round = 0; round < 3; round++) {
        const ids = pool().threadIds;
        await expect(limited.reads.queryAsync(RESTAURANT, q(EXPLOSIVE_POPULATE), undefined, 'pool')).rejects.toBeInstanceOf(ServiceUnavailableError);
        await Promise.all([spin(pool(), 60_000), spin(pool(), 60_000)].map((p) => p.catch(() => undefined)));
        await until(() => pool().threads === 2 && pool().threadIds.every((id) => !ids.includes(id)));
        await warm();
      }
      // Six threads terminated while holding a read transaction, and three queries stopped.
      expect(readers()).toBeGreaterThan(0);
      expect(readers()).toBeLessThan(before + 6);
    });
  });

  describe('snapshots', () => {
    it('a write committed on the main thread is seen by the next pooled read', async () => {
      const name = `Fresh ${Date.now()}`;
      const query = q(`filters[name][$eq]=${encodeURIComponent(name)}&sort=chef.name`);
      // Warm the workers' caches for this query first: the write must drop what they keep.
      for (let i = 0; i < 4; i++) expect((await t.quarry.reads.queryAsync(RESTAURANT, query, undefined, 'pool')).results).toEqual([]);
      const created = await service().create({ data: { name, stars: 2 } });
      for (let i = 0; i < 4; i++) {
        const page = await t.quarry.reads.queryAsync(RESTAURANT, query, undefined, 'pool');
        expect(page.results.map((e) => e.documentId)).toEqual([created.documentId]);
      }
      await service().update({ documentId: created.documentId as string, data: { stars: 5 } });
      for (let i = 0; i < 4; i++) expect((await t.quarry.reads.queryAsync(RESTAURANT, query, undefined, 'pool')).results[0]!.stars).toBe(5);
      await service().delete({ documentId: created.documentId as string });
      for (let i = 0; i < 4; i++) expect((await t.quarry.reads.queryAsync(RESTAURANT, query, undefined, 'pool')).results).toEqual([]);
    });

    it('a pooled read sees each write transaction whole or not at all', async () => {
      const BATCH = 150;
      const marker = `Batch ${Date.now()}`;
      // Total and page come from one snapshot: both move by whole batches, and every entry of
      // the page carries the stars value of one batch.
      const query = q(`filters[name][$startsWith]=${encodeURIComponent(marker)}&sort=chef.name&pagination[pageSize]=100`);
      const seen: { total: number; stars: Set<unknown> }[] = [];
      let writing = true;
      const readers = Array.from({ length: 4 }, async () => {
        while (writing) {
          const page = await t.quarry.reads.queryAsync(RESTAURANT, query, undefined, 'pool');
          seen.push({ total: (page.pagination as { total: number }).total, stars: new Set(page.results.map((e) => e.stars)) });
        }
      });
      for (let batch = 1; batch <= 6; batch++) {
        // One transaction: a new batch, and every earlier entry of the marker moved to this batch's stars.
        await t.quarry.store.transact(() => {
          const made = Array.from({ length: BATCH }, (_, i) => service().create({ data: { name: `${marker} ${batch}-${i}`, stars: batch } }));
          for (const e of t.quarry.reads.query(RESTAURANT, q(`filters[name][$startsWith]=${encodeURIComponent(marker)}&pagination[pageSize]=100000&fields[0]=stars`)).results) {
            if (e.stars !== batch) void service().update({ documentId: e.documentId as string, data: { stars: batch } });
          }
          return Promise.all(made);
        });
        await sleep(20);
      }
      writing = false;
      await Promise.all(readers);
      expect(seen.length).toBeGreaterThan(6);
      for (const s of seen) {
        expect(s.total % BATCH).toBe(0);
        expect(s.stars.size).toBeLessThanOrEqual(1);
        if (s.total > 0) expect([...s.stars][0]).toBe(s.total / BATCH);
      }
      expect(seen.some((s) => s.total === BATCH * 6)).toBe(true);
      const all = t.quarry.reads.query(RESTAURANT, q(`filters[name][$startsWith]=${encodeURIComponent(marker)}&pagination[pageSize]=100000&fields[0]=name`));
      await t.quarry.store.transact(() => Promise.all(all.results.map((e) => service().delete({ documentId: e.documentId as string }))));
    });
  });
});

describe('worker pool lifecycle', () => {
  it('close() stops every thread and later pooled reads fail', async () => {
    const t = openQuarry({ pool: { threads: 2 } });
    const pool = t.quarry.pool!;
    await pool.ping();
    expect(pool.threads).toBe(2);
    await t.dispose();
    expect(pool.threads).toBe(0);
    await expect(pool.ping()).rejects.toThrow('closed');
  });

  it('ready() resolves once every thread has loaded; close() right after creation waits for starting threads', async () => {
    const t = openQuarry({ pool: { threads: 2 } });
    await t.quarry.pool!.ready();
    await t.dispose();
    // Terminating a thread while it loads the LMDB addon can abort the process: close() waits.
    for (let i = 0; i < 3; i++) {
      const fresh = openQuarry({ pool: { threads: 2 } });
      await fresh.dispose();
      expect(fresh.quarry.pool!.threads).toBe(0);
    }
  });

  it('close() while a task runs rejects it and still stops every thread', async () => {
    const t = openQuarry({ pool: { threads: 1, timeoutMs: 60_000, workerFile: SPIN_WORKER } });
    const pool = t.quarry.pool!;
    await pool.ping();
    const running = spin(pool, 10_000).then(() => 'done', () => 'rejected');
    await sleep(50);
    const t0 = performance.now();
    await t.dispose();
    expect(performance.now() - t0).toBeLessThan(5_000);
    expect(await running).toBe('rejected');
    expect(pool.threads).toBe(0);
  });

  it('without `pool` there are no threads and every read runs inline, a costly one too', async () => {
    const t = openQuarry({ pool: undefined });
    try {
      expect(t.quarry.pool).toBeUndefined();
      await t.quarry.documents(RESTAURANT).create({ data: { name: 'Solo', stars: 3 } });
      const page = t.quarry.reads.page(t.quarry.reads.compileQuery(RESTAURANT, readQueryString('sort=chef.name')));
      expect(page).not.toBeInstanceOf(Promise);
      expect((page as Page).results.map((e) => e.name)).toEqual(['Solo']);
    } finally {
      await t.dispose();
    }
  });

  it('settings are checked before anything opens', () => {
    expect(() => openQuarry({ pool: { threads: 0 } })).toThrow(RangeError);
    expect(() => openQuarry({ pool: { timeoutMs: -1 } })).toThrow(RangeError);
    expect(() => openQuarry({ pool: { costThreshold: Number.NaN } })).toThrow(RangeError);
  });
});
