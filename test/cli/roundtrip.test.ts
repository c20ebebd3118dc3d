import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportFile } from '../../src/cli/transfer/export-file.js';
import { importFile } from '../../src/cli/transfer/import-file.js';
import { randomHistory } from './random-ops.js';
import { openRich, Sink, snapshot, tempDir } from './support.js';

/** Export a Quarry, import the file into a new folder, and compare what the API shows of both. */
async function roundTrip(seed: number, file: string, batch: number) {
  const dir = tempDir();
  const source = openRich(join(dir, 'source'));
  const writes = await randomHistory(source, seed, 500);
  const before = await snapshot(source);
  const path = join(dir, file);
  await exportFile(source, path, new Sink());
  await source.close();

  const copy = openRich(join(dir, 'copy'));
  await importFile(copy, path, batch, new Sink());
  const after = await snapshot(copy);
  await copy.close();
  return { writes, before, after, path };
}

describe('export -> import round trip over every kind of relation', () => {
  const histories: Record<string, unknown[]>[] = [];
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
    const file = seed % 2 === 0 ? 'out.msgpack' : 'out.json';
    it(`keeps documentIds, versions, locales and both sides' order (seed ${seed}, ${file})`, async () => {
      const { writes, before, after } = await roundTrip(seed, file, seed % 3 === 0 ? 7 : 1000);
      expect(writes).toBeGreaterThan(150);
      expect(after).toEqual(before);
      histories.push(before);
    });
  }

  it('the histories above exercise what the format must carry', () => {
    const all = (key: string) => histories.flatMap((h) => h[key]!) as Record<string, unknown>[];
    const longest = (key: string, attr: string) => Math.max(...all(key).map((e) => (e[attr] as unknown[]).length));
    // Lists of several items on both sides, in both versions, and between two versioned types.
    expect(longest('api::post.post published', 'books')).toBeGreaterThan(1);
    expect(longest('api::book.book published', 'posts')).toBeGreaterThan(1);
    expect(longest('api::post.post published', 'prev')).toBeGreaterThan(1);
    expect(longest('api::shop.shop draft', 'books')).toBeGreaterThan(1);
    expect(longest('api::shop.shop published', 'books')).toBeGreaterThan(1);
    expect(longest('api::label.label published', 'shops')).toBeGreaterThan(1);
    expect(all('api::post.post published').some((p) => p.pinned !== null)).toBe(true);
    expect(new Set(all('api::label.label published').map((l) => l.locale))).toEqual(new Set(['en', 'fr']));
  });

  it('writes JSON that any JSON reader can read whole', async () => {
    const { path } = await roundTrip(12, 'out.json', 1000);
    const doc = JSON.parse(readFileSync(path, 'utf8')) as { format: string; records: { kind: string }[] };
    expect(doc.format).toBe('quarry-export');
    expect(doc.records.at(-1)).toEqual({ kind: 'end', records: doc.records.length - 1 });
  });
});
