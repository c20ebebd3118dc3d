import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportFile } from '../../src/cli/transfer/export-file.js';
import { importFile } from '../../src/cli/transfer/import-file.js';
import { openComponentLinks, PAGE, randomComponentHistory, SPOT } from './component-models.js';
import { Sink, snapshot, tempDir } from './support.js';

/** A random history over components that link, exported, imported into a new folder, compared as the API shows both. */
async function roundTrip(seed: number, file: string, batch: number) {
  const dir = tempDir();
  const source = openComponentLinks(join(dir, 'source'));
  const writes = await randomComponentHistory(source, seed, 300);
  const before = await snapshot(source);
  const sourceCheck = source.check();
  const path = join(dir, file);
  await exportFile(source, path, new Sink());
  await source.close();

  const copy = openComponentLinks(join(dir, 'copy'));
  await importFile(copy, path, batch, new Sink());
  const after = await snapshot(copy);
  const copyCheck = copy.check();
  await copy.close();
  return { writes, before, after, path, checks: [sourceCheck, copyCheck] };
}

type Shown = Record<string, any>;

describe('export -> import round trip of components, dynamic zones and the links inside them', () => {
  const histories: Record<string, unknown[]>[] = [];
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    const file = seed % 2 === 0 ? 'out.msgpack' : 'out.json';
    it(`keeps values, item order, nested components and the order of every list inside them (seed ${seed}, ${file})`, async () => {
      const { writes, before, after, checks } = await roundTrip(seed, file, seed % 3 === 0 ? 5 : 1000);
      expect(writes).toBeGreaterThan(100);
      expect(after).toEqual(before);
      // Both folders are consistent: no link is left from an instance no row holds.
      for (const report of checks) expect(report.problems).toEqual([]);
      histories.push(before);
    });
  }

  it('the histories above exercise what the format must carry', () => {
    const all = (key: string) => histories.flatMap((h) => h[key]!) as Shown[];
    const pages = [...all(`${PAGE} draft`), ...all(`${PAGE} published`)];
    const blocks = pages.flatMap((p) => p.blocks as Shown[]);
    const longest = (items: Shown[], attr: string) => Math.max(...items.map((i) => (i[attr] as unknown[] | undefined)?.length ?? 0));
    expect(longest(pages, 'blocks')).toBeGreaterThan(2);
    expect(new Set(blocks.map((b) => b.__component))).toEqual(new Set(['sections.hero', 'sections.picks', 'sections.gallery']));
    expect(longest(blocks.filter((b) => b.__component === 'sections.picks'), 'spots')).toBeGreaterThan(1);
    expect(longest(blocks.filter((b) => b.__component === 'sections.gallery'), 'images')).toBeGreaterThan(1);
    expect(blocks.some((b) => b.more?.page)).toBe(true);
    expect(pages.some((p) => p.seo?.image)).toBe(true);
    expect(pages.some((p) => (p.links as Shown[]).some((l) => l.page))).toBe(true);
    expect(all(`${PAGE} published`).some((p) => (p.blocks as Shown[]).length > 0)).toBe(true);
    expect(new Set(pages.map((p) => p.locale))).toEqual(new Set(['en', 'fr']));
    // A spot, without versions, links a page's draft in one view and its published version in the other.
    const promos = (status: string) => all(`${SPOT} ${status}`).map((s) => s.promo?.page).filter(Boolean) as Shown[];
    expect(promos('draft').some((p) => !p.published)).toBe(true);
    expect(promos('published').some((p) => p.published)).toBe(true);
    expect(longest(all(`${SPOT} published`), 'highlights')).toBeGreaterThan(1);
  });

  it('writes each item\'s links beside the row, laid out as its components, and its values without ids', async () => {
    const { path } = await roundTrip(7, 'out.json', 1000);
    const records = (JSON.parse(readFileSync(path, 'utf8')) as { records: Shown[] }).records;
    const version = records.find((r) => r.kind === 'version' && r.type === PAGE && r.data.blocks.length > 1)!;
    expect(JSON.stringify(version.data)).not.toMatch(/"id":/);
    const links = records.find((r) => r.kind === 'links' && r.type === PAGE && r.components?.blocks)!;
    const { blocks } = links.components;
    expect(blocks.every((b: Shown) => typeof b.__component === 'string')).toBe(true);
    const linked = blocks.find((b: Shown) => b.spots ?? b.images ?? b.image ?? b.more);
    expect(linked).toBeDefined();
  });
});
