import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempQuarry } from '../support/temp-quarry.js';

const A = 'api::article.article';
const R = 'api::restaurant.restaurant';
let q: ReturnType<typeof tempQuarry>;
beforeAll(() => {
  q = tempQuarry();
});
afterAll(() => q.dispose());

const times = { createdAt: '2020-01-02T03:04:05.000Z', updatedAt: '2021-01-02T03:04:05.000Z', publishedAt: '2022-01-02T03:04:05.000Z' };

describe('restoring timestamps', () => {
  it('sets a version as it was, draft and published, and the times are filterable and sortable', async () => {
    const svc = q.documents(A);
    const created = await svc.create({ data: { title: 'Old story' }, status: 'published' });
    const documentId = created.documentId as string;
    await q.restoreTimestamps(svc.contentType.uid, { documentId, status: 'published', ...times });
    const draft = await q.restoreTimestamps(svc.contentType.uid, { documentId, ...times });
    expect(draft).toMatchObject({ createdAt: times.createdAt, updatedAt: times.updatedAt, publishedAt: null });
    expect(await svc.findOne({ documentId, status: 'published' })).toMatchObject(times);
    const old = await svc.findMany({ status: 'published', filters: { createdAt: { $lt: '2020-06-01T00:00:00.000Z' } } });
    expect(old.map((e) => e.documentId)).toEqual([documentId]);
  });

  it('answers null for a version that does not exist and refuses a bad time without writing', async () => {
    const svc = q.documents(R);
    const r = await svc.create({ data: { name: 'Kept' } });
    const documentId = r.documentId as string;
    expect(await q.restoreTimestamps(svc.contentType.uid, { documentId: 'nosuchdocumentidxxxxxxxx', ...times })).toBeNull();
    await expect(q.restoreTimestamps(svc.contentType.uid, { documentId, ...times, updatedAt: 'yesterday' })).rejects.toMatchObject({ name: 'ValidationError', details: { path: 'updatedAt' } });
    expect(await svc.findOne({ documentId })).toMatchObject({ createdAt: r.createdAt, updatedAt: r.updatedAt });
  });
});
