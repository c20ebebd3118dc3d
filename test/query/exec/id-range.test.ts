/** Filters on `id` ranges read the rows in scope as a slice, and answer exactly as a test of each row would. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempQuarry } from '../../support/temp-quarry.js';

const ARTICLE = 'api::article.article';
let q: ReturnType<typeof tempQuarry>;
let published: number[];
let drafts: number[];

beforeAll(async () => {
  q = tempQuarry();
  for (let i = 0; i < 30; i++) {
    const made = await q.documents(ARTICLE).create({ data: { title: `A${i}` } });
    if (i % 3 === 0) await q.documents(ARTICLE).publish({ documentId: String(made.documentId) });
    // Some ids go missing: the slice must not assume them dense.
    if (i % 7 === 5) await q.documents(ARTICLE).delete({ documentId: String(made.documentId) });
  }
  const ids = async (status: 'draft' | 'published') =>
    (await q.documents(ARTICLE).findMany({ status, fields: ['id'], sort: 'id:asc', pagination: { limit: 100 } })).map((e) => Number(e.id));
  published = await ids('published');
  drafts = await ids('draft');
});
afterAll(() => q.dispose());

describe('id ranges', () => {
  const read = async (status: 'draft' | 'published', id: Record<string, unknown>) =>
    (await q.documents(ARTICLE).findMany({ status, filters: { id }, fields: ['id'], sort: 'id:asc', pagination: { limit: 100 } })).map((e) => Number(e.id));

  it('answers every operator as the rows tested one by one would, in both statuses', async () => {
    for (const [status, all] of [['draft', drafts], ['published', published]] as const) {
      const mid = all[Math.floor(all.length / 2)]!;
      const cases: [Record<string, unknown>, (id: number) => boolean][] = [
        [{ $gt: mid }, (id) => id > mid],
        [{ $gte: mid }, (id) => id >= mid],
        [{ $lt: mid }, (id) => id < mid],
        [{ $lte: mid }, (id) => id <= mid],
        [{ $gt: mid - 0.5 }, (id) => id > mid - 0.5],
        [{ $lt: mid + 0.5 }, (id) => id < mid + 0.5],
        [{ $between: [all[1]! + 1, all.at(-2)!] }, (id) => id >= all[1]! + 1 && id <= all.at(-2)!],
        [{ $gt: all.at(-1)! }, () => false],
        [{ $lt: 1 }, () => false],
        [{ $gt: mid, $lt: mid }, () => false],
      ];
      for (const [filter, keep] of cases) expect(await read(status, filter), `${status} ${JSON.stringify(filter)}`).toEqual(all.filter(keep));
    }
  });

  it('pages by keyset: id > the last one read, until none is left, each row once', async () => {
    const seen: number[] = [];
    for (let last = 0; ;) {
      const page = (await q.documents(ARTICLE).findMany({ status: 'draft', filters: { id: { $gt: last } }, fields: ['id'], sort: 'id:asc', pagination: { start: 0, limit: 4 } })).map((e) => Number(e.id));
      if (page.length === 0) break;
      seen.push(...page);
      last = page.at(-1)!;
    }
    expect(seen).toEqual(drafts);
  });
});
