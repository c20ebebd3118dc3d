/** `quarry.transaction`: document-service writes that commit together or not at all. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/index.js';
import { tempQuarry } from '../support/temp-quarry.js';

const R = 'api::restaurant.restaurant';
const C = 'api::chef.chef';

describe('quarry.transaction', () => {
  let q: ReturnType<typeof tempQuarry>;
  beforeEach(() => {
    q = tempQuarry();
  });
  afterEach(async () => {
    await q.dispose();
  });

  const names = async (uid: string): Promise<string[]> =>
    (await q.documents(uid).findMany({ sort: 'name', pagination: { limit: 100 } })).map((e) => String(e.name));

  it('answers every write in the order started, all committed', async () => {
    const chef = await q.documents(C).create({ data: { name: 'Ana' } });
    const [a, b, updated] = await q.transaction(() => [
      q.documents(R).create({ data: { name: 'A', chef: chef.documentId } }),
      q.documents(R).create({ data: { name: 'B' } }),
      q.documents(C).update({ documentId: String(chef.documentId), data: { country: 'PT' } }),
    ]);
    expect([a.name, b.name, updated?.country]).toEqual(['A', 'B', 'PT']);
    expect(await names(R)).toEqual(['A', 'B']);
    const kept = await q.documents(C).findOne({ documentId: String(chef.documentId), populate: { restaurants: true } });
    expect((kept?.restaurants as { name: string }[]).map((r) => r.name)).toEqual(['A']);
  });

  it('keeps nothing when a later write fails its check, and throws that failure', async () => {
    await q.documents(R).create({ data: { name: 'Before' } });
    const started = q.transaction(() => [
      q.documents(R).create({ data: { name: 'A' } }),
      q.documents(C).create({ data: { name: 'Ana' } }),
      q.documents(R).create({ data: { stars: 3 } }),
    ]);
    await expect(started).rejects.toBeInstanceOf(ValidationError);
    expect(await names(R)).toEqual(['Before']);
    expect(await names(C)).toEqual([]);
  });

  it('keeps nothing when a write fails after it began writing (a relation to a missing document)', async () => {
    const before = await q.documents(R).create({ data: { name: 'Before', stars: 1 } });
    const started = q.transaction(() => [
      q.documents(R).update({ documentId: String(before.documentId), data: { stars: 5 } }),
      q.documents(R).create({ data: { name: 'New', stars: 2, categories: { connect: ['nosuchdocumentidxxxxxxxxx'] } } }),
    ]);
    await expect(started).rejects.toThrow();
    expect(await names(R)).toEqual(['Before']);
    const kept = await q.documents(R).findOne({ documentId: String(before.documentId) });
    expect(kept?.stars).toBe(1);
  });

  it('keeps nothing when a delete fails after a create', async () => {
    const started = q.transaction(() => [
      q.documents(C).create({ data: { name: 'Ana' } }),
      // Tags are localized, and de is not a configured locale.
      q.documents('api::tag.tag').delete({ documentId: 'x', locale: 'de' }),
    ]);
    await expect(started).rejects.toThrow();
    expect(await names(C)).toEqual([]);
  });

  it('leaves later writes working: a failed transaction does not poison the next one', async () => {
    await expect(q.transaction(() => [q.documents(R).create({ data: {} })])).rejects.toBeInstanceOf(ValidationError);
    const [made] = await q.transaction(() => [q.documents(R).create({ data: { name: 'After' } })]);
    expect(made.name).toBe('After');
    await q.documents(R).create({ data: { name: 'Alone' } });
    expect(await names(R)).toEqual(['After', 'Alone']);
  });
});
