import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open } from 'lmdb';
import { createQuarry, type Quarry } from '../../src/index.js';
import type { ProjectSources } from '../../src/schema/raw.js';
import { openRowDb } from '../../src/store/dbs.js';
import { CATEGORY } from '../http/seed.js';
import { DEMO_SCHEMAS } from '../support/temp-quarry.js';

/** Rows and indexes keep instants as milliseconds (store/instants.ts) and read them back as the text they were given. */
let path: string;
let quarry: Quarry;

beforeEach(() => {
  path = mkdtempSync(join(tmpdir(), 'quarry-row-times-'));
  quarry = createQuarry({ schemas: DEMO_SCHEMAS, path, noSync: true });
});
afterEach(async () => {
  await quarry.close();
  rmSync(path, { recursive: true, force: true });
});

/** The row as stored, read through a handle of its own, without the store's decoding. */
async function storedRow(id: number): Promise<Record<string, unknown>> {
  const env = open({ path, readOnly: true, maxDbs: 64 });
  try {
    return { ...(openRowDb(env, CATEGORY).get(id) as Record<string, unknown>) };
  } finally {
    await env.close();
  }
}

describe('row timestamps', () => {
  it('are stored as milliseconds and read back as the same ISO text, through every door', async () => {
    const made = await quarry.documents(CATEGORY).create({ data: { name: 'Thai' } });
    const raw = await storedRow(made.id as number);
    expect(typeof raw.createdAt).toBe('number');
    expect(raw.createdAt).toBe(Date.parse(made.createdAt as string));
    const again = await quarry.documents(CATEGORY).findOne({ documentId: made.documentId as string });
    expect(again).toMatchObject({ createdAt: made.createdAt, updatedAt: made.updatedAt, publishedAt: made.publishedAt });
    expect(typeof again!.createdAt).toBe('string');
    // Filters and sorts read them as text too.
    const found = await quarry.documents(CATEGORY).findMany({ filters: { createdAt: { $eq: made.createdAt } }, sort: 'updatedAt:desc' });
    expect(found.map((e) => e.documentId)).toEqual([made.documentId]);
  });

  it('are index keys in milliseconds, which ranges and sorts read in time order', async () => {
    const times = ['2024-03-01T10:00:00.000Z', '2023-12-31T23:59:59.999Z', '2024-03-01T10:00:00.001Z'];
    const made = [];
    for (const [i, t] of times.entries()) {
      const entry = await quarry.documents(CATEGORY).create({ data: { name: `C${i}` } });
      quarry.store.transact(() => {
        const row = quarry.store.rows.get(CATEGORY, entry.id as number)!;
        quarry.store.rows.update(CATEGORY, { status: 'published', locale: null }, { ...row, createdAt: t });
      });
      made.push(entry);
    }
    const kept = quarry.store.rows.indexSets(CATEGORY, 'createdAt', { status: 'published', locale: null })!;
    expect([...kept.values]).toEqual(times.map((t) => Date.parse(t)).sort((a, b) => a - b));
    const names = async (filters: Record<string, unknown>, sort = 'createdAt:asc') =>
      (await quarry.documents(CATEGORY).findMany({ filters, sort })).map((e) => e.name);
    expect(await names({})).toEqual(['C1', 'C0', 'C2']);
    expect(await names({}, 'createdAt:desc')).toEqual(['C2', 'C0', 'C1']);
    expect(await names({ createdAt: { $gt: '2024-03-01T10:00:00.000Z' } })).toEqual(['C2']);
    expect(await names({ createdAt: { $lte: '2024-03-01T10:00:00.000Z' } })).toEqual(['C1', 'C0']);
    expect(await names({ createdAt: { $eq: '2024-03-01T10:00:00.001Z' } })).toEqual(['C2']);
    expect(await names({ createdAt: { $between: ['2023-12-31T23:59:59.999Z', '2024-03-01T10:00:00.000Z'] } })).toEqual(['C1', 'C0']);
    expect(quarry.check().problems).toEqual([]);
  });

  it('keep a text that is not exactly an instant\'s ISO form as text, and read it back unchanged', async () => {
    const made = await quarry.documents(CATEGORY).create({ data: { name: 'Greek' } });
    const odd = '2026-01-01T00:00:00Z';
    quarry.store.transact(() => {
      const row = quarry.store.rows.get(CATEGORY, made.id as number)!;
      quarry.store.rows.update(CATEGORY, { status: 'published', locale: null }, { ...row, createdAt: odd });
    });
    expect((await storedRow(made.id as number)).createdAt).toBe(odd);
    expect(quarry.store.rows.get(CATEGORY, made.id as number)!.createdAt).toBe(odd);
    expect(quarry.check().problems).toEqual([]);
  });

  it('are kept so for a type\'s own datetime attributes too, derived from its layout', async () => {
    const EVENT = 'api::event.event';
    const project: ProjectSources = {
      types: [{ uid: EVENT, file: 'event/schema.json', schema: { info: { singularName: 'event', pluralName: 'events' }, attributes: { title: { type: 'string' }, startsAt: { type: 'datetime' } } } }],
      components: [],
    };
    const dir = mkdtempSync(join(tmpdir(), 'quarry-instant-attr-'));
    const events = createQuarry({ schemas: project, path: dir, noSync: true });
    try {
      const early = await events.documents(EVENT).create({ data: { title: 'early', startsAt: '2024-05-01T10:00:00.000Z' } });
      await events.documents(EVENT).create({ data: { title: 'late', startsAt: '2024-06-01T10:00:00.000Z' } });
      const env = open({ path: dir, readOnly: true, maxDbs: 64 });
      const raw = { ...(openRowDb(env, EVENT).get(early.id as number) as Record<string, unknown>) };
      await env.close();
      expect(raw.startsAt).toBe(Date.parse('2024-05-01T10:00:00.000Z'));
      const found = await events.documents(EVENT).findMany({ filters: { startsAt: { $lt: '2024-05-15T00:00:00.000Z' } } });
      expect(found.map((e) => [e.title, e.startsAt])).toEqual([['early', '2024-05-01T10:00:00.000Z']]);
      expect(events.check().problems).toEqual([]);
    } finally {
      await events.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
