import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open } from 'lmdb';
import { setTimeout as sleep } from 'node:timers/promises';
import { Store } from '../../src/store/store.js';
import type { LinkLayout, RowScope, TypeLayout } from '../../src/store/layout.js';

/**
 * A bulk load builds the indexes of the types it writes from their rows at its end
 * (Store.buildIndexesLater, index-build.ts), and writes the lists it filled in key order
 * (held-lists.ts): the folder must come out entry for entry as writing row by row leaves it.
 */
const A = 'api::a.a';
const B = 'api::b.b';
const layouts: TypeLayout[] = [
  { name: A, fields: [
    { name: 'documentId', index: 'document' }, { name: 'name', index: 'text', grams: true }, { name: 'n', index: 'ordered' },
    { name: 'at', index: 'instant' }, { name: 'items', index: 'ordered', path: ['parts', 'v'], multi: true },
  ] },
  { name: B, fields: [{ name: 'documentId', index: 'document' }, { name: 'name', index: 'text' }] },
];
const links: LinkLayout[] = [];
const PUBLISHED = { status: 'published', locale: null } as const;
/** Small bounds, so that a few hundred rows take several passes and many transactions; sets gathered in place. */
const limits = { passBytes: 2_000, batch: 7, aheadRows: Infinity, aheadBytes: 0, aheadHeapBytes: 64 * 1024 ** 2 };
/** The same, the sets gathered in a thread (Store.gatherAhead) that waits after each code for the last to be written. */
const ahead = { ...limits, aheadRows: 1, aheadBytes: 1 };

interface RowData {
  name: string | null;
  n: number | null;
  at: string;
  parts: { v: number }[];
}

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-index-build-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const openStore = (path: string, buildLimits = limits) => {
  const store = Store.open({ path, noSync: true, packedListBytes: 8, buildLimits }, layouts);
  store.intern(['A.list']);
  return store;
};
const docId = (i: number) => `d${String(i).padStart(23, '0')}`;
const targets = (length: number) => Array.from({ length }, (_, k) => 1000 * k + 1);
const fields = (i: number, r: RowData) => ({ documentId: docId(i), ...r, createdAt: r.at, updatedAt: r.at, publishedAt: r.at });

/** Every entry of the databases an index build writes, as raw bytes. */
async function entriesOf(path: string): Promise<Record<string, string[]>> {
  const env = open({ path, noSubdir: false, maxDbs: 80, readOnly: true });
  const out: Record<string, string[]> = {};
  try {
    for (const name of ['idx', 'docs', 'scope', 'links', 'linkPos', 'adj', `rows:${A}`]) {
      const db = env.openDB({ name, keyEncoding: 'binary', encoding: 'binary' });
      out[name] = [...db.getRange()].map(({ key, value }) => `${(key as Buffer).toString('hex')}=${(value as Buffer).toString('hex')}`);
    }
  } finally {
    await env.close();
  }
  return out;
}

const row = fc.record<RowData>({
  // Few names, each with many rows; or mostly distinct ones, surrogates among them.
  name: fc.option(fc.oneof(fc.constantFrom('Thai', 'thai', 'Greek house', 'É', 'x'.repeat(300), 'pizza place'), fc.string({ maxLength: 6, unit: 'binary' })), { nil: null }),
  n: fc.option(fc.oneof(fc.integer({ min: -3, max: 3 }), fc.double({ noNaN: true })), { nil: null }),
  at: fc.constantFrom('2024-01-02T03:04:05.000Z', '2025-06-07T08:09:10.500Z', 'not an instant'),
  parts: fc.array(fc.record({ v: fc.integer({ min: 0, max: 4 }) }), { maxLength: 3 }),
});

describe('a bulk load\'s index build', () => {
  it.each([['in place', limits], ['in a thread', ahead]])('leaves the indexes, documentId lookup and lists that writing row by row leaves, entry for entry, its sets gathered %s', async (_, buildLimits) => {
    const rowsAndLate = fc.array(row, { minLength: 1, maxLength: 120, size: 'medium' }).chain((rows) => fc.tuple(fc.constant(rows), fc.nat({ max: rows.length })));
    await fc.assert(fc.asyncProperty(rowsAndLate, fc.array(fc.nat({ max: 5 }), { maxLength: 120, size: 'medium' }), async ([rows, late], lists) => {
      // B has rows before the load: A's sets come before them in key order, so they are not appended.
      const direct = folder();
      const plain = openStore(direct);
      plain.transact(() => {
        plain.rows.insert(B, PUBLISHED, { documentId: docId(0), name: 'before' });
        rows.forEach((r, i) => plain.rows.insert(A, PUBLISHED, fields(i, r)));
        lists.forEach((length, i) => plain.links.fill('A.list', i + 1, targets(length)));
      });
      await plain.close();

      const built = folder();
      const store = openStore(built, buildLimits);
      store.transact(() => store.rows.insert(B, PUBLISHED, { documentId: docId(0), name: 'before' }));
      await store.deferIndexes(async () => {
        expect(store.buildIndexesLater(A, PUBLISHED)).toBe(true);
        expect(store.buildIndexesLater(B, PUBLISHED)).toBe(false);
        const write = (r: RowData, i: number) => store.transact(() => store.rows.insert(A, PUBLISHED, fields(i, r)));
        rows.slice(0, rows.length - late).forEach(write);
        // Links begin, and the sets gathering starts; the `late` rows after it have them gathered again.
        store.gatherAhead();
        rows.slice(rows.length - late).forEach((r, i) => write(r, rows.length - late + i));
        // Lists come in no order of their sources.
        [...lists.entries()].reverse().forEach(([i, length]) => store.transact(() => store.links.fill('A.list', i + 1, targets(length))));
      });
      await store.close();
      expect(await entriesOf(built)).toEqual(await entriesOf(direct));
    }), { numRuns: 15 });
  });

  it('writes the sets the thread sends as the load goes on, and gathers them again in place when rows change after them', async () => {
    // The first row's name is its own: once it is removed, its set must go.
    const rows = Array.from({ length: 40 }, (_, i): RowData => ({ name: i === 0 ? 'only' : `r${i % 7}`, n: i % 3, at: '2024-01-02T03:04:05.000Z', parts: [{ v: i % 4 }] }));
    const direct = folder();
    const plain = openStore(direct);
    plain.transact(() => rows.forEach((r, i) => plain.rows.insert(A, PUBLISHED, fields(i, r))));
    plain.transact(() => plain.rows.remove(A, PUBLISHED, 1));
    await plain.close();

    const built = folder();
    const store = openStore(built, ahead);
    await store.deferIndexes(async () => {
      store.buildIndexesLater(A, PUBLISHED);
      rows.slice(0, 30).forEach((r, i) => store.transact(() => store.rows.insert(A, PUBLISHED, fields(i, r))));
      store.gatherAhead();
      // Each commit writes what the thread has sent by then.
      for (let waited = 0; !store.wroteAhead(A); waited += 5) {
        if (waited > 20_000) throw new Error('the thread sent nothing');
        await sleep(5);
        store.transact(() => undefined);
      }
      rows.slice(30).forEach((r, i) => store.transact(() => store.rows.insert(A, PUBLISHED, fields(30 + i, r))));
      store.transact(() => store.rows.remove(A, PUBLISHED, 1));
    });
    await store.close();
    expect(await entriesOf(built)).toEqual(await entriesOf(direct));
  });

  it.each([[A, B], [B, A]])('gathers two types\' sets in the thread started while the first one\'s rows are written (%s, then %s), and a type whose rows change meanwhile in place', async (first, second) => {
    const rowsOf = (type: string) => Array.from({ length: 60 }, (_, i) => ({ documentId: docId(i), name: `${type.slice(5, 6)}${i % 9}`, ...(type === A ? { n: i % 4, at: '2024-01-02T03:04:05.000Z', parts: [{ v: i % 3 }] } : {}) }));
    const direct = folder();
    const plain = openStore(direct);
    plain.transact(() => {
      for (const type of [first, second]) for (const r of rowsOf(type)) plain.rows.insert(type, PUBLISHED, r);
    });
    await plain.close();

    for (const changed of [false, true]) {
      const built = folder();
      const store = openStore(built, ahead);
      await store.deferIndexes(async () => {
        for (const type of [first, second]) {
          expect(store.buildIndexesLater(type, PUBLISHED)).toBe(true);
          // A commit a row: the thread starts at the first, and reads the first type's rows as they come.
          for (const r of rowsOf(type)) store.transact(() => store.rows.insert(type, PUBLISHED, r));
        }
        // A row changed after the thread may have read it: its type's sets cannot come from the thread.
        if (changed) store.transact(() => store.rows.update(first, PUBLISHED, { ...store.rows.get(first, 3)! }));
        store.gatherAhead();
      });
      await store.close();
      expect(await entriesOf(built), `changed: ${changed}`).toEqual(await entriesOf(direct));
    }
  });

  it('gathers in place the sets of a thread that fails', async () => {
    const rows = Array.from({ length: 40 }, (_, i): RowData => ({ name: `r${i}`, n: i % 3, at: 'x', parts: [] }));
    const direct = folder();
    const plain = openStore(direct);
    plain.transact(() => rows.forEach((r, i) => plain.rows.insert(A, PUBLISHED, fields(i, r))));
    await plain.close();

    const built = folder();
    // Too small a heap to load its modules in.
    const store = openStore(built, { ...ahead, aheadHeapBytes: 1024 ** 2 });
    await store.deferIndexes(async () => {
      store.buildIndexesLater(A, PUBLISHED);
      rows.forEach((r, i) => store.transact(() => store.rows.insert(A, PUBLISHED, fields(i, r))));
      store.gatherAhead();
    });
    await store.close();
    expect(await entriesOf(built)).toEqual(await entriesOf(direct));
  });

  it('keeps the documentId lookup in memory meanwhile, and refuses to read a field index before it is built', async () => {
    const store = openStore(folder());
    await store.deferIndexes(async () => {
      store.buildIndexesLater(A, PUBLISHED);
      const first = store.transact(() => store.rows.insert(A, PUBLISHED, fields(1, { name: 'Thai', n: 1, at: '2024-01-02T03:04:05.000Z', parts: [] })));
      expect(store.rows.idOf(A, docId(1), 'published', null)).toBe(first.id);
      expect(store.rows.idOf(A, docId(1), 'draft', null)).toBeUndefined();
      expect(store.rows.versions(A, docId(1))).toEqual([{ id: first.id, status: 'published', locale: null }]);
      expect(() => store.rows.idsEqual(A, 'name', PUBLISHED, 'Thai')).toThrow(/before the bulk load writing its rows has built it/);
    });
    expect(store.rows.idsEqual(A, 'name', PUBLISHED, 'Thai')).toHaveLength(1);
    expect(store.check(links, []).problems).toEqual([]);
    await store.close();
  });

  it('refuses a second row of a document, and a row in another scope, failing the load', async () => {
    const load = async (rows: readonly (readonly [RowScope, number])[]) => {
      const store = openStore(folder());
      try {
        await store.deferIndexes(async () => {
          store.buildIndexesLater(A, PUBLISHED);
          for (const [scope, i] of rows) store.transact(() => store.rows.insert(A, scope, fields(i, { name: 'one', n: 2, at: 'x', parts: [] })));
        });
      } finally {
        await store.close();
      }
    };
    await expect(load([[PUBLISHED, 1], [PUBLISHED, 1]])).rejects.toThrow(/already has a p row/);
    await expect(load([[{ status: 'draft', locale: null }, 1]])).rejects.toThrow(/in one scope/);
  });

  it('refuses a list filled twice when it writes the held lists', async () => {
    const store = openStore(folder());
    await expect(store.deferIndexes(async () => {
      store.transact(() => store.links.fill('A.list', 3, [1, 2]));
      store.transact(() => store.links.fill('A.list', 3, [4]));
    })).rejects.toThrow(/filled twice/);
    await store.close();
  });

  it('refuses to fill a list stored before the load, beside lists of its code the load holds', async () => {
    const store = openStore(folder());
    store.transact(() => store.links.fill('A.list', 3, [1, 2]));
    await expect(store.deferIndexes(async () => {
      store.transact(() => store.links.fill('A.list', 4, [5]));
      store.transact(() => store.links.fill('A.list', 3, [4]));
    })).rejects.toThrow(/A\.list of row 3 already has links/);
    expect([...store.links.targets('A.list', 3)]).toEqual([1, 2]);
    await store.close();
  });

  it('resumes keeping the indexes up when its load fails', async () => {
    const store = openStore(folder());
    await expect(store.deferIndexes(async () => {
      store.buildIndexesLater(A, PUBLISHED);
      throw new Error('stopped');
    })).rejects.toThrow('stopped');
    store.transact(() => store.rows.insert(A, PUBLISHED, fields(1, { name: 'Thai', n: 1, at: 'x', parts: [] })));
    expect(store.rows.idsEqual(A, 'name', PUBLISHED, 'Thai')).toHaveLength(1);
    expect(store.indexesPending(A)).toBe(false);
    await store.close();
  });
});
