import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RowRef } from '../../src/documents/bulk-load.js';
import { collection } from '../relations/fixtures.js';
import { tempQuarry } from '../support/temp-quarry.js';

/**
 * The bulk door (Quarry.bulk) in a load (Store.deferIndexes): a type's indexes are built from its
 * rows when the load finishes, so its unique fields are checked then, over every row it wrote.
 */
const TAG = 'api::tag.tag';
const schemas = [collection('tag', { slug: { type: 'string', unique: true }, label: { type: 'string' } })];
const times = { createdAt: '2024-01-02T03:04:05.000Z', updatedAt: '2024-01-02T03:04:05.000Z', publishedAt: '2024-01-02T03:04:05.000Z' };
const docId = (i: number) => `t${String(i).padStart(23, '0')}`;

let q: ReturnType<typeof tempQuarry>;
beforeEach(() => {
  q = tempQuarry(schemas);
});
afterEach(() => q.dispose());

const insertAll = (slugs: (string | null)[]) => {
  const ct = q.registry.require(TAG);
  slugs.forEach((slug, i) => q.bulk.insert(ct, { documentId: docId(i), data: { slug, label: `L${i}` }, ...times }));
};

describe('a bulk load of a type with a unique field', () => {
  it('refuses two rows that hold one value when it finishes, naming both documents', async () => {
    await expect(q.store.deferIndexes(async () => {
      insertAll(['a', 'b', null, null, 'b']);
      await q.bulk.finish();
    })).rejects.toThrow(`This attribute must be unique: documents ${docId(1)} and ${docId(4)} hold the same value`);
  });

  it('takes distinct values (and any number of nulls), and the index built checks later writes', async () => {
    await q.store.deferIndexes(async () => {
      insertAll(['a', 'b', null, null, 'x'.repeat(300), `${'x'.repeat(300)}y`]);
      await q.bulk.finish();
    });
    const tags = q.documents(TAG);
    expect(await tags.count({ filters: { slug: { $startsWith: 'x' } } })).toBe(2);
    expect((await tags.findMany({ filters: { slug: 'b' } })).map((t) => t.documentId)).toEqual([docId(1)]);
    await expect(tags.create({ data: { slug: 'a' } })).rejects.toThrow('This attribute must be unique');
    expect(q.check().problems).toEqual([]);
  });
});

describe('a bulk load\'s links, one row\'s record at a time', () => {
  const SHELF = 'api::shelf.shelf';
  const BOOK = 'api::book.book';
  const linked = [
    collection('shelf', { label: { type: 'string' }, books: { type: 'relation', relation: 'manyToMany', target: BOOK, inversedBy: 'shelves' }, keeper: { type: 'relation', relation: 'oneWay', target: BOOK, private: true } }),
    collection('book', { title: { type: 'string' }, shelves: { type: 'relation', relation: 'manyToMany', target: SHELF, mappedBy: 'books' } }),
  ];
  const shelfId = (i: number) => `s${String(i).padStart(23, '0')}`;
  const bookId = (i: number) => `b${String(i).padStart(23, '0')}`;

  /** Loads three books and a shelf, then the links records `records` (each [type, documentId, lists]). */
  const load = async (lq: ReturnType<typeof tempQuarry>, records: [string, string, Record<string, RowRef[]>][]) => {
    await lq.store.deferIndexes(async () => {
      lq.store.transact(() => {
        for (let i = 0; i < 3; i++) lq.bulk.insert(lq.registry.require(BOOK), { documentId: bookId(i), data: { title: `B${i}` }, ...times });
        lq.bulk.insert(lq.registry.require(SHELF), { documentId: shelfId(0), data: { label: 'top' }, ...times });
      });
      lq.store.transact(() => {
        for (const [type, documentId, lists] of records) lq.bulk.links(lq.registry.require(type), documentId, lists, 'relations');
      });
      await lq.bulk.finish();
    });
  };

  it('writes each side from its own record, targets named by documentId or in full', async () => {
    const lq = tempQuarry(linked);
    try {
      await load(lq, [
        [SHELF, shelfId(0), { books: [bookId(2), { documentId: bookId(0), locale: null, status: 'published' }] }],
        [BOOK, bookId(0), { shelves: [shelfId(0)] }],
        [BOOK, bookId(2), { shelves: [shelfId(0)] }],
      ]);
      const found = await lq.documents(SHELF).findOne({ documentId: shelfId(0), populate: { books: { fields: ['title'] } } });
      expect((found!.books as { title: string }[]).map((b) => b.title)).toEqual(['B2', 'B0']);
      expect(lq.check().problems).toEqual([]);
    } finally {
      lq.dispose();
    }
  });

  it.each([['keeper', 'private'], ['owner', 'unknown']])('refuses a relation the content API does not show (%s: %s)', async (name) => {
    const lq = tempQuarry(linked);
    try {
      await expect(load(lq, [[SHELF, shelfId(0), { [name]: [bookId(1)] }]])).rejects.toThrow(`${SHELF} has no relation ${name}`);
    } finally {
      lq.dispose();
    }
  });
});
