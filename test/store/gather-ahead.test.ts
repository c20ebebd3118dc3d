import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { GatherAhead } from '../../src/store/gather-ahead.js';
import { indexedFieldsOf } from '../../src/store/indexed-fields.js';
import type { CodeSets } from '../../src/store/gather-sets.js';
import type { TypeLayout } from '../../src/store/layout.js';
import { Store } from '../../src/store/store.js';

/**
 * The gathering thread itself (gather-ahead.ts, gather-thread.ts): a bulk load falls back to
 * gathering in place when the thread fails, so the load's own tests pass whether or not the
 * thread works. Here its sets must come from it, as gathering in place makes them.
 */
const A = 'api::a.a';
const B = 'api::b.b';
const layouts: TypeLayout[] = [
  { name: A, fields: [{ name: 'name', index: 'text', grams: true }, { name: 'n', index: 'ordered' }] },
  { name: B, fields: [{ name: 'label', index: 'text' }] },
];
const PUBLISHED = { status: 'published', locale: null } as const;
/** Rows enough that one value's list (n = 0, in every other row) outgrows the 64 KiB the thread copies rather than moves. */
const ROWS = 40_000;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A set's entries as plain data: value, then its ids. */
const plain = ({ code, values, sole, lists }: CodeSets) => ({ code, sets: values.map((v, i) => [v, ...(sole[i] !== 0 ? [sole[i]] : lists.get(i)!)]) });

describe('the thread gathering a bulk load\'s index sets', () => {
  it('sends every code\'s sets, large lists and small, as gathering them in place makes them', async () => {
    const path = mkdtempSync(join(tmpdir(), 'quarry-gather-ahead-'));
    dirs.push(path);
    const store = Store.open({ path, noSync: true }, layouts);
    try {
      store.transact(() => {
        for (let i = 0; i < ROWS; i++) store.rows.insert(A, PUBLISHED, { documentId: `d${i}`, name: `Place ${i % 997}`, n: i % 2 === 0 ? 0 : i });
      });
      const fields = indexedFieldsOf(layouts[0]!, (name) => store.code(name)).filter((f) => f.name !== 'documentId');
      const passBytes = 96 * 1024 ** 2;
      const inPlace = [...store.gatherRows(A, fields, passBytes)].map(plain);

      const ahead = new GatherAhead({ path, layouts, types: [{ type: A, fields }], passBytes, roomKib: 1024, heapMib: 256 }, new Map([[A, 1]]));
      const fromThread: ReturnType<typeof plain>[] = [];
      // A thread that fails throws GatherStopped here.
      for await (const sets of ahead.sets(A)) fromThread.push(plain(sets));
      await ahead.stop();

      expect(fromThread).toEqual(inPlace);
      const zero = inPlace.flatMap((c) => c.sets).find(([v]) => v === 0)!;
      expect(zero.length - 1).toBe(ROWS / 2);
    } finally {
      await store.close();
    }
  });

  it.each([['every code as the rows come', 96 * 1024 ** 2], ['the first codes as they come, the rest once every row is written', 3 * 1024 ** 2]])(
    'gathers a type whose rows are still being written, %s, then the types it is told of',
    async (_, passBytes) => {
      const path = mkdtempSync(join(tmpdir(), 'quarry-gather-growing-'));
      dirs.push(path);
      const store = Store.open({ path, noSync: true }, layouts);
      try {
        const insert = (from: number, to: number) => store.transact(() => {
          for (let i = from; i < to; i++) store.rows.insert(A, PUBLISHED, { documentId: `d${i}`, name: `Place ${i % 997}`, n: i % 5 });
        });
        const fieldsOf = (type: string) => indexedFieldsOf(layouts.find((l) => l.name === type)!, (name) => store.code(name)).filter((f) => f.name !== 'documentId');
        insert(0, 3_000);
        const ahead = new GatherAhead({ path, layouts, types: [{ type: A, fields: fieldsOf(A) }], growing: true, passBytes, roomKib: 1024, heapMib: 256 }, new Map());
        // Commits the thread reads as they come, some while it waits for them.
        for (let from = 3_000; from < 30_000; from += 3_000) {
          insert(from, from + 3_000);
          ahead.committed();
          await sleep(from % 2 === 0 ? 20 : 0);
        }
        store.transact(() => {
          for (let i = 0; i < 500; i++) store.rows.insert(B, PUBLISHED, { documentId: `b${i}`, label: `L${i % 13}` });
        });
        ahead.rowsWritten(new Map([[A, 1], [B, 1]]), [{ type: B, fields: fieldsOf(B) }]);
        expect(ahead.order).toEqual([A, B]);
        for (const type of [A, B]) {
          const fromThread: ReturnType<typeof plain>[] = [];
          for await (const sets of ahead.sets(type)) fromThread.push(plain(sets));
          expect(fromThread, type).toEqual([...store.gatherRows(type, fieldsOf(type), passBytes)].map(plain));
        }
        await ahead.stop();
      } finally {
        await store.close();
      }
    },
  );
});
