import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { open } from 'lmdb';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toBufferKey } from 'ordered-binary';
import { createQuarry, type Quarry } from '../../src/index.js';
import { RESTAURANT, seed } from '../http/seed.js';
import { DEMO_SCHEMAS } from '../support/temp-quarry.js';

/**
 * A folder keeps the key format it was made with: new folders write compact keys
 * (src/store/key-codec.ts), and a folder made before them, with lmdb's ordered-binary keys, is
 * read and written as it is.
 */
let path: string;
const open2 = () => createQuarry({ schemas: DEMO_SCHEMAS, path, noSync: true, i18n: { defaultLocale: 'en', locales: ['en', 'fr'] } });

/** What the folder's meta records under a key. */
async function recorded(key: string): Promise<unknown> {
  const env = open({ path, noSubdir: false, maxDbs: 80, readOnly: true });
  try {
    return env.openDB({ name: 'meta' }).get([key]);
  } finally {
    await env.close();
  }
}

/** The raw keys of one sub-database. */
async function rawKeys(name: string): Promise<Buffer[]> {
  const env = open({ path, noSubdir: false, maxDbs: 80, readOnly: true });
  try {
    return [...env.openDB({ name, keyEncoding: 'binary' }).getKeys()] as Buffer[];
  } finally {
    await env.close();
  }
}

async function servesAndChecks(quarry: Quarry): Promise<void> {
  await seed(quarry);
  const page = await quarry.documents(RESTAURANT).findMany({ filters: { categories: { name: { $eq: 'Italian' } } }, sort: ['name:asc'], populate: ['categories'] });
  expect(page.length).toBeGreaterThan(0);
  expect(page.map((r) => r.name)).toEqual([...page.map((r) => r.name as string)].sort());
  expect(quarry.check().problems).toEqual([]);
}

beforeEach(() => {
  path = mkdtempSync(join(tmpdir(), 'quarry-key-format-'));
});
afterEach(() => rmSync(path, { recursive: true, force: true }));

describe('key formats', () => {
  it('a new folder writes compact keys: a packed link list is under a dozen bytes, not 19', async () => {
    const quarry = open2();
    await servesAndChecks(quarry);
    await quarry.close();
    // The seed's lists are all short, so each is one packed entry keyed [list, source].
    const keys = await rawKeys('links');
    expect(keys.length).toBeGreaterThan(0);
    expect(Math.max(...keys.map((k) => k.length))).toBeLessThan(12);
    // Its posting blocks are delta varints (posting-values.ts).
    expect(await recorded('blockFormat')).toBe('delta');
    // Its rows' shapes sort first, so that new rows are appended (dbs.ts).
    expect(await recorded('rowShapes')).toBe('first');
    expect((await rawKeys(`rows:${RESTAURANT}`))[0]!.readUInt32BE()).toBe(0);
  });

  it('a folder made with ordered-binary keys keeps them, and serves, writes and checks as before', async () => {
    // What an earlier Quarry left at its first open: interned codes, no recorded key format.
    const env = open({ path, noSubdir: false, maxDbs: 80 });
    await env.openDB({ name: 'meta' }).put(['nextCode'], 1);
    await env.close();
    let quarry = open2();
    await servesAndChecks(quarry);
    await quarry.close();
    quarry = open2();
    expect(quarry.check().problems).toEqual([]);
    await quarry.close();
    const keys = await rawKeys('links');
    expect(keys.length).toBeGreaterThan(0);
    // Every key as ordered-binary writes a two-number array: 19 bytes.
    expect(keys.every((k) => k.length === toBufferKey([1, 1]).length)).toBe(true);
    // Nor does it take the later block format: its blocks stay four bytes an id.
    expect(await recorded('blockFormat')).toBeUndefined();
    // Nor the later place of its rows' shapes: after every row, where rows are not appended.
    expect(await recorded('rowShapes')).toBeUndefined();
    expect((await rawKeys(`rows:${RESTAURANT}`)).at(-1)!.readUInt32BE()).toBe(0xffff_ffff);
  });
});
