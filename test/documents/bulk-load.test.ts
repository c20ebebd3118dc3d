import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
