import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open, type Database, type Key, type RootDatabase } from 'lmdb';
import { Postings } from '../../src/store/postings.js';
import { BLOCK } from '../../src/store/posting-values.js';
import { INLINE, type BlockFormat } from '../../src/store/posting-values.js';
import { MAX } from '../../src/store/keys.js';
import { ReadGuard } from '../../src/store/read-guard.js';

describe.each(['delta', 'plain'] as const)('with %s blocks', (format: BlockFormat) => {
  let dir: string;
  let env: RootDatabase;
  let db: Database<Buffer, Key[]>;
  let postings: Postings;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'quarry-postings-'));
    env = open({ path: dir, noSync: true, maxDbs: 4 });
    db = env.openDB<Buffer, Key[]>({ name: 'p', encoding: 'binary' });
    postings = new Postings(db, 'p', undefined, new ReadGuard(), format);
  });
  afterEach(async () => {
    await env.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('postings', () => {
    it('store a block\'s ids in the folder\'s form: delta varints, or four bytes each in folders made before', () => {
      const ids = Array.from({ length: 200 }, (_, i) => 1000 + i * 3);
      write(() => ids.forEach((id) => postings.add(['s'], id)));
      const blocks = [...db.getRange({ start: ['s', 1], end: ['s', MAX] })];
      expect(blocks).toHaveLength(1);
      expect(blocks[0]!.value.length).toBe(format === 'delta' ? 2 + 199 : 4 * 200);
      expect([...postings.get(['s'])]).toEqual(ids);
    });

    /** One write transaction, whose waiting changes are written before it commits, as Store.transact does. */
    const write = (fn: () => void) =>
      env.transactionSync(() => {
        fn();
        postings.flush();
      });

    it('keeps a sorted set across block splits, in any insertion order, and removes', () => {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.integer({ min: 1, max: 3000 }), fc.boolean()), { maxLength: 1500 }),
          fc.array(fc.integer({ min: 1, max: 1500 }), { maxLength: 4 }),
          (ops, cuts) => {
            // Transactions of any size: a few changes go one by one, more merge or append.
            const ends = [...new Set([...cuts, ops.length])].sort((a, b) => a - b);
            const model = new Set<number>();
            env.transactionSync(() => db.clearSync());
            let from = 0;
            for (const end of ends) {
              write(() => {
                for (const [id, add] of ops.slice(from, end)) {
                  if (add) {
                    postings.add([1, 'v'], id);
                    model.add(id);
                  } else {
                    postings.remove([1, 'v'], id);
                    model.delete(id);
                  }
                  // A read inside the transaction sees every change made before it.
                  if (id % 97 === 0) expect(postings.has([1, 'v'], id)).toBe(model.has(id));
                }
              });
              from = end;
            }
            expect([...postings.get([1, 'v'])]).toEqual([...model].sort((a, b) => a - b));
            for (const id of [1, 1500, 3000]) expect(postings.has([1, 'v'], id)).toBe(model.has(id));
          },
        ),
        { numRuns: 60 },
      );
    });

    it('appends a transaction of new ids after a set\'s last as full blocks', () => {
      write(() => {
        for (let id = 1; id <= BLOCK + 10; id++) postings.add([1, 'v'], id);
      });
      write(() => {
        for (let id = BLOCK + 11; id <= BLOCK * 3; id++) postings.add([1, 'v'], id);
      });
      const blocks = [...db.getRange({ start: [1, 'v', 1], end: [1, 'v', new Uint8Array([0xff])] })];
      // Consecutive ids: a byte each as deltas (the first, 1, 449 or 897, one or two).
      expect(blocks.map(({ value }) => value.length)).toEqual(format === 'delta' ? [BLOCK, BLOCK + 1, BLOCK + 1] : [BLOCK * 4, BLOCK * 4, BLOCK * 4]);
      expect([...postings.get([1, 'v'])]).toEqual(Array.from({ length: BLOCK * 3 }, (_, i) => i + 1));
    });

    it('drops the changes of a transaction that is rolled back', () => {
      write(() => postings.add([1, 'v'], 5));
      expect(() =>
        env.transactionSync(() => {
          for (let id = 6; id < 20; id++) postings.add([1, 'v'], id);
          throw new Error('rolled back');
        }),
      ).toThrow('rolled back');
      postings.discard();
      write(() => postings.add([1, 'v'], 30));
      expect([...postings.get([1, 'v'])]).toEqual([5, 30]);
    });

    it('splits appends into full blocks and groups sets by value', () => {
      write(() => {
        for (let id = 1; id <= BLOCK * 3; id++) postings.add([1, id % 2 === 0 ? 'even' : 'odd'], id);
        postings.add([1, 'small'], 7);
      });
      const entries = [...db.getRange({ start: [1, 'even'], end: [1, 'even', new Uint8Array([0xff])] })];
      // the directory entry, then full blocks
      expect(entries.length).toBe(1 + Math.ceil((BLOCK * 3) / 2 / BLOCK));
      const groups = [...postings.groups([1], [1, new Uint8Array([0xff])], 2)];
      expect(groups.map((g) => [g.key[1], g.ids.length])).toEqual([['even', (BLOCK * 3) / 2], ['odd', (BLOCK * 3) / 2], ['small', 1]]);
      expect([...postings.get([1, 'small'])]).toEqual([7]);
    });

    it('gives a set only while it is small and inline', () => {
      write(() => {
        for (let id = 1; id <= 5; id++) postings.add([1, 'few'], id);
        for (let id = 1; id <= 40; id++) postings.add([1, 'more'], id);
        for (let id = 1; id <= BLOCK + 10; id++) postings.add([1, 'blocks'], id);
      });
      expect([...postings.small([1, 'few'], 16)!]).toEqual([1, 2, 3, 4, 5]);
      expect(postings.small([1, 'none'], 16)).toEqual(new Uint32Array(0));
      expect(postings.small([1, 'more'], 16)).toBeUndefined();
      expect(postings.small([1, 'more'], 64)).toHaveLength(40);
      expect(postings.small([1, 'blocks'], 10_000)).toBeUndefined();
    });

    it('keeps a set of one id as the id alone, and reads the older [INLINE, id] form the same', () => {
      write(() => {
        postings.add(['a'], 7);
        postings.add(['b'], 1);
        postings.add(['c'], 3);
        postings.add(['c'], 9);
      });
      expect(db.getBinary(['a', 0])!.length).toBe(4);
      expect(db.getBinary(['b', 0])!.length).toBe(4);
      expect(db.getBinary(['c', 0])!.length).toBe(12);
      // What a folder written before holds for a one-id set.
      env.transactionSync(() => db.putSync(['d', 0], Buffer.from(Uint32Array.of(INLINE, 5).buffer)));
      const fresh = new Postings(db, 'p2', undefined, new ReadGuard(), format);
      expect([...fresh.get(['a'])]).toEqual([7]);
      expect([...fresh.get(['b'])]).toEqual([1]);
      expect([...fresh.get(['d'])]).toEqual([5]);
      expect([...fresh.groups([], [MAX], 1)].map((g) => [g.key[0], [...g.ids]])).toEqual([['a', [7]], ['b', [1]], ['c', [3, 9]], ['d', [5]]]);
      // Growing, shrinking back and emptying, from either form.
      write(() => {
        postings.add(['a'], 8);
        postings.add(['d'], 6);
      });
      expect([...postings.get(['a'])]).toEqual([7, 8]);
      expect([...postings.get(['d'])]).toEqual([5, 6]);
      write(() => {
        postings.remove(['a'], 7);
        postings.remove(['d'], 5);
        postings.remove(['d'], 6);
      });
      expect([...postings.get(['a'])]).toEqual([8]);
      expect(db.getBinary(['a', 0])!.length).toBe(4);
      expect([...postings.get(['d'])]).toEqual([]);
    });
  });
});
