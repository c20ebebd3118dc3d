import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RootDatabase } from 'lmdb';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Entry, ProblemKind, Quarry } from '../../src/index.js';
import { openRowDb, type Dbs } from '../../src/store/dbs.js';
import { FILE, openComponentLinks, PAGE, randomComponentHistory, SPOT } from '../cli/component-models.js';
import { tempDir } from '../cli/support.js';
import { problemKinds, problemMessages, secondHandle } from './damage.js';

/**
 * The checker on components (docs/content-models.md): what rows hold in component fields, the
 * instance ids per component, and links from instances. Each damage is written through a second
 * handle on the environment, past everything the store upholds, as check.test.ts does.
 */
let path: string;
let quarry: Quarry;
let env: RootDatabase;
let dbs: Dbs;
let page: Entry;
let spot: Entry;
let damage: (fn: () => void) => void;

const PICKS = 'sections.picks';
const SPOTS_LIST = `${PICKS}.spots`;

beforeEach(async () => {
  path = mkdtempSync(join(tmpdir(), 'quarry-components-check-'));
  quarry = openComponentLinks(path);
  const file = await quarry.documents(FILE).create({ data: { name: 'a.jpg', hash: 'a', mime: 'image/jpeg', size: 1, url: '/a.jpg', provider: 'local' } });
  const spots = [];
  for (const name of ['Zinc', 'Halles']) spots.push((await quarry.documents(SPOT).create({ data: { name } })).documentId as string);
  spot = await quarry.documents(SPOT).create({ data: { name: 'Rivoli', highlights: [{ heading: 'near', spots: spots.slice(0, 1) }] }, populate: { highlights: true } });
  page = await quarry.documents(PAGE).create({
    data: {
      title: 'Home', seo: { metaTitle: 'Home', image: file.documentId },
      blocks: [{ __component: 'sections.hero', heading: 'Hi' }, { __component: PICKS, heading: 'Best', spots, more: { label: 'more', page: null } }, { __component: 'sections.gallery', images: [file.documentId] }],
    },
    populate: { blocks: { populate: '*' } },
  });
  ({ env, dbs, damage } = secondHandle(path));
});
afterEach(async () => {
  await env.close();
  await quarry.close();
  rmSync(path, { recursive: true, force: true });
});

const kinds = () => problemKinds(quarry);
const messages = (kind: ProblemKind) => problemMessages(quarry, kind);

/** Rewrites the page's draft row with its dynamic zone as `blocks` gives it (dynamic zones are not indexed, so nothing else disagrees). */
function rewriteBlocks(blocks: (held: Entry[]) => unknown): number {
  const id = quarry.store.rows.idOf(PAGE, page.documentId as string, 'draft', 'en')!;
  const rows = openRowDb(env, PAGE);
  const row = rows.get(id) as Record<string, unknown>;
  damage(() => rows.putSync(id, { ...row, blocks: blocks(row.blocks as Entry[]) }));
  return id;
}

describe('quarry.check() on components', () => {
  it.each([11, 12, 13])('finds a long random history of component writes consistent: no orphan links after updates, publishing and deletes (seed %i)', async (seed) => {
    const q = openComponentLinks(tempDir('quarry-components-history-'));
    expect(await randomComponentHistory(q, seed, 300)).toBeGreaterThan(100);
    const report = q.check();
    await q.close();
    expect(report.problems).toEqual([]);
    expect(report.counts.components).toBeGreaterThan(50);
    expect(report.counts.links).toBeGreaterThan(50);
  });

  it('counts the instances rows hold', () => {
    const report = quarry.check();
    expect(report.problems).toEqual([]);
    // seo, three blocks, the picks' nested link, and the spot's highlight.
    expect(report.counts.components).toBe(6);
  });

  it('links from an instance no row holds: an item gone from its row while its links stay', () => {
    const picks = (page.blocks as Entry[])[1]!;
    rewriteBlocks((held) => held.filter((b) => b.id !== picks.id || b.__component !== PICKS));
    expect(kinds()).toEqual(['dangling']);
    const found = messages('dangling');
    expect(found).toContain(`${SPOTS_LIST}: links from ${PICKS} instance ${String(picks.id)}, which no row holds`);
    expect(found).toMatch(new RegExp(`${SPOTS_LIST}~inverse: \\d+ links to ${PICKS} instances ${String(picks.id)}, which no row holds`));
  });

  it('an instance id held twice for one component', () => {
    const highlight = (spot.highlights as Entry[])[0]!;
    rewriteBlocks((held) => [...held, { __component: PICKS, ...highlight }]);
    expect(kinds()).toEqual(['component']);
    const found = messages('component');
    expect(found).toMatch(new RegExp(`^${PICKS} instance ${String(highlight.id)} is held twice: by \\S+ row \\d+\\.\\S+ and by \\S+ row \\d+\\.\\S+$`));
    expect(found).toMatch(new RegExp(`${SPOT} row \\d+\\.highlights\\.0`));
    expect(found).toMatch(new RegExp(`${PAGE} row \\d+\\.blocks\\.3`));
  });

  it('a dynamic-zone item of a component the zone does not allow, one with no id, and a single value where a list belongs', () => {
    const id = rewriteBlocks((held) => [{ ...held[0], __component: 'shared.seo' }, { __component: 'sections.hero', heading: 'no id' }, ...held.slice(1)]);
    expect(kinds()).toEqual(['component']);
    const found = messages('component');
    expect(found).toContain(`${PAGE} row ${id}.blocks.0 names component "shared.seo", which the dynamic zone does not allow (sections.hero, ${PICKS}, sections.gallery)`);
    expect(found).toContain(`${PAGE} row ${id}.blocks.1 (sections.hero) has no id: undefined`);
    rewriteBlocks((held) => held[0]);
    expect(messages('component')).toBe(`${PAGE} row ${id}.blocks is not a list where a list of components belongs`);
  });

  it('an instance sequence behind the ids in use', () => {
    damage(() => dbs.meta.putSync(['seq', quarry.store.code(PICKS)], 0));
    expect(kinds()).toEqual(['sequence']);
    expect(messages('sequence')).toMatch(new RegExp(`^${PICKS}: the last allocated instance id is 0, but instance \\d+ exists`));
  });
});
