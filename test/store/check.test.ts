import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Key, RootDatabase } from 'lmdb';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createQuarry, type ProblemKind, type Quarry } from '../../src/index.js';
import { openRowDb, type Dbs } from '../../src/store/dbs.js';
import { Postings } from '../../src/store/postings.js';
import { PACKED_BYTES } from '../../src/store/links.js';
import { packList } from '../../src/store/packed-lists.js';
import { ReadGuard } from '../../src/store/read-guard.js';
import { ARTICLE, CATEGORY, RESTAURANT, seed, TAG, type Seeded } from '../http/seed.js';
import { randomHistory } from '../cli/random-ops.js';
import { openRich } from '../cli/support.js';
import { DEMO_SCHEMAS } from '../support/temp-quarry.js';
import { problemKinds, problemMessages, secondHandle } from './damage.js';

/**
 * Each test damages one kind of derived data through the store's own low-level pieces (its
 * databases, its posting sets, its link lists) and expects the checker to name that kind.
 */
let path: string;
let quarry: Quarry;
let seeded: Seeded;
let env: RootDatabase;
let dbs: Dbs;
let damage: (fn: () => void) => void;

const CATEGORIES = `${RESTAURANT}.categories`;
const CATEGORY_RESTAURANTS = `${CATEGORY}.restaurants`;
const ARTICLE_TAGS = `${ARTICLE}.tags`;

beforeEach(async () => {
  path = mkdtempSync(join(tmpdir(), 'quarry-check-'));
  quarry = createQuarry({ schemas: DEMO_SCHEMAS, path, noSync: true, i18n: { defaultLocale: 'en', locales: ['en', 'fr'] } });
  seeded = await seed(quarry);
  const tags = [];
  for (const name of ['Spicy', 'Cheap']) tags.push((await quarry.documents(TAG).create({ data: { name, code: name.toLowerCase() } })).documentId);
  await quarry.documents(ARTICLE).create({
    data: { title: 'Where to eat', restaurants: Object.values(seeded.restaurants).slice(0, 3), tags },
    status: 'published',
  });
  ({ env, dbs, damage } = secondHandle(path));
});
afterEach(async () => {
  await env.close();
  await quarry.close();
  rmSync(path, { recursive: true, force: true });
});

const code = (name: string) => quarry.store.code(name);
const rowId = (type: string, documentId: string, locale: string | null = null) => quarry.store.rows.idOf(type, documentId, 'published', locale)!;
/** Changes one posting set through a second handle; its changes are written when they are flushed, as Store.transact does. */
const changeSet = (db: Database<Buffer, Key[]>, change: (p: Postings) => void) =>
  damage(() => {
    const postings = new Postings(db, 'raw', undefined, new ReadGuard(), dbs.blockFormat);
    change(postings);
    postings.flush();
  });
const kinds = () => problemKinds(quarry);
const messages = (kind: ProblemKind) => problemMessages(quarry, kind);

describe('quarry.check()', () => {
  it('finds written data consistent, after creates, updates, relation moves, publishing and deletes', async () => {
    const restaurants = quarry.documents(RESTAURANT);
    const sushi = seeded.restaurants['Sushi Zen']!;
    await restaurants.update({ documentId: sushi, data: { name: 'Sushi Zen II', open: null, categories: { connect: [{ documentId: seeded.categories['Italian']!, position: { start: true } }] } } });
    await restaurants.update({ documentId: seeded.restaurants['Green Fork']!, data: { categories: { set: [seeded.categories['Japanese']!] } } });
    await restaurants.delete({ documentId: seeded.restaurants['Burger Barn']! });
    await quarry.documents(TAG).update({ documentId: (await quarry.documents(TAG).findFirst())!.documentId as string, locale: 'fr', data: { name: 'Épicé' } });
    const report = quarry.check();
    expect(report.problems).toEqual([]);
    expect(report.consistent).toBe(true);
    expect(report.counts.types).toBe(quarry.registry.types.length);
    expect(report.counts.rows).toBeGreaterThan(10);
    expect(report.counts.links).toBeGreaterThan(10);
    expect(report.counts.indexSets).toBeGreaterThan(50);
  });

  it('finds a long random history over every relation kind, versions and locales consistent', async () => {
    for (const seed of [1, 2, 3]) {
      const dir = mkdtempSync(join(tmpdir(), 'quarry-check-rich-'));
      const rich = openRich(dir);
      try {
        expect(await randomHistory(rich, seed, 400)).toBeGreaterThan(200);
        const report = rich.check();
        expect(report.problems).toEqual([]);
        expect(report.counts.links).toBeGreaterThan(100);
      } finally {
        await rich.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  describe('rows and the document index', () => {
    it('a row missing from the document index', () => {
      damage(() => dbs.docs.removeSync([code(RESTAURANT), seeded.restaurants['Pizza Napoli']!, 'p']));
      expect(kinds()).toEqual(['document-index']);
      expect(messages('document-index')).toMatch(/row \d+ \(document \w+, published\) is not in the document index/);
    });

    it('a document index entry for a row that does not exist', () => {
      damage(() => dbs.docs.putSync([code(RESTAURANT), 'zzzzzzzzzzzzzzzzzzzzzzzz', 'p'], 999));
      expect(kinds()).toEqual(['document-index']);
      expect(messages('document-index')).toContain('points to row 999, which does not exist');
    });

    it('a row id sequence behind the rows', () => {
      damage(() => dbs.meta.putSync(['seq', code(RESTAURANT)], 2));
      expect(kinds()).toEqual(['sequence']);
    });

    it('a count that disagrees with the rows, and a scope set missing a row', () => {
      damage(() => dbs.meta.putSync(['count', code(CATEGORY), 'p'], 99));
      expect(kinds()).toEqual(['count']);
      expect(messages('count')).toContain('the count says 99 rows, there are 4');
      changeSet(dbs.scope, (p) => p.remove([code(CATEGORY), 'p'], rowId(CATEGORY, seeded.categories['Vegan']!)));
      expect(kinds()).toEqual(['count', 'scope-set']);
    });
  });

  describe('secondary indexes', () => {
    it('a row whose value changed without its index sets: the plain, folded and trigram sets all show it', () => {
      const id = rowId(RESTAURANT, seeded.restaurants['Sushi Zen']!);
      const rows = openRowDb(env, RESTAURANT);
      damage(() => rows.putSync(id, { ...(rows.get(id) as object), name: 'Ramen Ya' }));
      expect(kinds()).toEqual(['index']);
      const found = messages('index');
      expect(found).toContain(`${RESTAURANT}.name (published) = "Ramen Ya": missing ${id}`);
      expect(found).toContain(`${RESTAURANT}.name (published) = "Sushi Zen": holds ${id}, which it should not`);
      expect(found).toContain(`${RESTAURANT}.name~i (published) = "ramen ya": missing ${id}`);
      expect(found).toContain(`${RESTAURANT}.name~3 (published) = "ram": missing ${id}`);
      expect(found).toContain(`${RESTAURANT}.name~3 (published) = "sus"`);
    });

    it('an id missing from a plain set, and an extra id in a folded twin', () => {
      const id = rowId(RESTAURANT, seeded.restaurants['Sushi Zen']!);
      changeSet(dbs.idx, (p) => p.remove([code(RESTAURANT), code(`${RESTAURANT}.stars`), 'p', 5], id));
      expect(messages('index')).toBe(`index ${RESTAURANT}.stars (published) = 5: missing ${id}`);
      changeSet(dbs.idx, (p) => p.add([code(RESTAURANT), code(`${RESTAURANT}.name~i`), 'p', 'green fork'], 77));
      expect(messages('index')).toContain(`= "green fork": holds 77, which it should not`);
    });

    it('a trigram set missing a row, and a trigram set that should not exist', () => {
      const id = rowId(CATEGORY, seeded.categories['Vegan']!);
      changeSet(dbs.idx, (p) => p.remove([code(CATEGORY), code(`${CATEGORY}.name~3`), 'p', 'veg'], id));
      expect(kinds()).toEqual(['index']);
      changeSet(dbs.idx, (p) => p.add([code(CATEGORY), code(`${CATEGORY}.name~3`), 'p', 'xyz'], id));
      expect(messages('index')).toContain('no such set should exist');
    });

    it('a null set missing a row (open: null)', () => {
      const id = rowId(RESTAURANT, seeded.restaurants['Pizza Napoli']!);
      changeSet(dbs.idx, (p) => p.remove([code(RESTAURANT), code(`${RESTAURANT}.open`), 'p', null as unknown as Key], id));
      expect(messages('index')).toBe(`index ${RESTAURANT}.open (published) = null: missing ${id}`);
    });

    it('a malformed posting set: ids out of order, a listed block that is missing', () => {
      const prefix = [code(RESTAURANT), code(`${RESTAURANT}.stars`), 'p', 4];
      damage(() => dbs.idx.putSync([...prefix, 0], Buffer.from(Uint32Array.of(0, 9, 3).buffer)));
      expect(kinds()).toEqual(['index', 'posting']);
      expect(messages('posting')).toContain('ids are not strictly ascending');
      damage(() => dbs.idx.putSync([...prefix, 0], Buffer.from(Uint32Array.of(1, 3).buffer)));
      expect(messages('posting')).toContain('listed blocks missing: 3');
      // A block whose bytes end inside an id (blocks are delta varints in a new folder).
      expect(dbs.blockFormat).toBe('delta');
      damage(() => dbs.idx.putSync([...prefix, 3], Buffer.from([0x83])));
      expect(messages('posting')).toContain(`malformed entry ${JSON.stringify([...prefix, 3])}`);
    });

    it('entries under a type code the schemas do not have', () => {
      damage(() => dbs.idx.putSync([4242, 1, 'p', 'x', 0], Buffer.from(Uint32Array.of(0, 1).buffer)));
      expect(kinds()).toEqual(['stray']);
      expect(messages('stray')).toContain('secondary index: [4242,1,"p","x",0] is under unknown code 4242');
    });
  });

  describe('link lists', () => {
    const restaurant = () => rowId(RESTAURANT, seeded.restaurants['Sushi Zen']!);
    const category = (name: string) => rowId(CATEGORY, seeded.categories[name]!);

    it('a link without its partner: one side written, the other not', () => {
      const [r, c] = [restaurant(), category('Italian')];
      quarry.store.transact(() => quarry.store.links.place(CATEGORIES, r, c, { at: 'end' }));
      expect(kinds()).toEqual(['partner']);
      expect(messages('partner')).toBe(`${CATEGORIES}: ${r} → ${c} has no mirror ${CATEGORY_RESTAURANTS}: ${c} → ${r}`);
    });

    it('a partner link without its link, in the hidden inverse list of a one-way relation', () => {
      const tag = quarry.store.rows.ids(TAG, { status: 'published', locale: 'en' })[0]!;
      const [source] = quarry.store.links.targets(`${ARTICLE_TAGS}~inverse`, tag);
      quarry.store.transact(() => quarry.store.links.remove(ARTICLE_TAGS, source!, tag));
      expect(kinds()).toEqual(['partner']);
      expect(messages('partner')).toBe(`${ARTICLE_TAGS}~inverse: ${tag} → ${source} has no mirror ${ARTICLE_TAGS}: ${source} → ${tag}`);
    });

    /** Gives the restaurant more categories than a packed list holds, so that its list is keyed (order keys, positions, bounds). */
    const makeKeyed = async () => {
      const more = [];
      // Category ids from 128 on take two bytes in a packed list, the first 127 one.
      for (let i = 0; i < PACKED_BYTES / 2 + 128; i++) more.push((await quarry.documents(CATEGORY).create({ data: { name: `Extra ${i}` } })).documentId);
      await quarry.documents(RESTAURANT).update({ documentId: seeded.restaurants['Sushi Zen']!, data: { categories: { connect: more } } });
      expect(quarry.store.links.count(CATEGORIES, restaurant())).toBeGreaterThan(PACKED_BYTES / 2);
      expect(kinds()).toEqual([]);
    };

    it('a packed list that lists a target twice, or beside entries of a keyed one', () => {
      const [r, c] = [restaurant(), category('Japanese')];
      const l = code(CATEGORIES);
      const list = quarry.store.links.targets(CATEGORIES, r);
      expect(list.length).toBeLessThanOrEqual(PACKED_BYTES);
      damage(() => dbs.links.putSync([l, r], packList([...list, list[0]!])));
      expect(messages('link-order')).toBe(`${CATEGORIES}: ${r} lists ${list[0]} twice`);
      // The msgpack array a folder written before holds is read the same.
      damage(() => dbs.links.putSync([l, r], [...list, list[0]!]));
      expect(messages('link-order')).toBe(`${CATEGORIES}: ${r} lists ${list[0]} twice`);
      damage(() => dbs.links.putSync([l, r], Buffer.from([0x85])));
      expect(messages('link-order')).toContain('malformed link entry');
      damage(() => {
        dbs.links.putSync([l, r], packList(list));
        dbs.linkPos.putSync([l, r, c], [1, '']);
      });
      expect(kinds()).toEqual(['link-position']);
      expect(messages('link-position')).toBe(`${CATEGORIES}: ${r}'s list is packed, yet has a position for ${c} entry`);
      damage(() => {
        dbs.linkPos.removeSync([l, r, c]);
        dbs.links.putSync([l, r, 1, ''], c);
      });
      expect(messages('link-order')).toContain(`${r}'s list is both packed and keyed`);
    });

    it('a position entry that disagrees with the order key, and one for a link that is gone', async () => {
      await makeKeyed();
      const [r, c] = [restaurant(), category('Japanese')];
      const l = code(CATEGORIES);
      damage(() => dbs.linkPos.putSync([l, r, c], [123, 'x']));
      expect(kinds()).toEqual(['link-position']);
      expect(messages('link-position')).toMatch(/is at \[-?\d+,""\], its position says \[123,"x"\]/);
      damage(() => {
        for (const { key } of dbs.links.getRange({ start: [l, r], end: [l, r + 1] })) dbs.links.removeSync(key);
      });
      expect(messages('link-position')).toContain(`${r} has a position for ${c}, which is not in its list`);
    });

    it('a malformed order key and a target listed twice', async () => {
      await makeKeyed();
      const [r, c] = [restaurant(), category('Japanese')];
      const l = code(CATEGORIES);
      damage(() => dbs.links.putSync([l, r, 7, 'a0'], c));
      expect(messages('link-order')).toContain('malformed link entry');
      damage(() => {
        dbs.links.removeSync([l, r, 7, 'a0']);
        dbs.links.putSync([l, r, 7, 'a'], c);
      });
      expect(messages('link-order')).toBe(`${CATEGORIES}: ${r} lists ${c} twice`);
    });

    it('key bounds that do not hold the keys', async () => {
      await makeKeyed();
      const r = restaurant();
      damage(() => dbs.linkPos.putSync([code(CATEGORIES), r, 0], [1_000_000, 1_000_000] as unknown as [number, string]));
      expect(kinds()).toEqual(['link-bounds']);
      damage(() => dbs.linkPos.removeSync([code(CATEGORIES), r, 0]));
      expect(messages('link-bounds')).toBe(`${CATEGORIES}: ${r} has links but no key bounds`);
    });

    it('a target set and a "has a link" set that disagree with the lists', () => {
      const [r, c] = [restaurant(), category('Vegan')];
      changeSet(dbs.adj, (p) => p.remove([code(CATEGORIES), r], c));
      expect(kinds()).toEqual(['adjacency']);
      expect(messages('adjacency')).toBe(`${CATEGORIES}: the target set of ${r}: missing ${c}`);
      changeSet(dbs.adj, (p) => p.add([code(CATEGORIES), r], c));
      changeSet(dbs.adj, (p) => p.remove([code(CATEGORY_RESTAURANTS), 'any'], c));
      expect(kinds()).toEqual(['has-link']);
    });

    it('links on both sides to a row that does not exist', () => {
      const r = restaurant();
      quarry.store.transact(() => {
        quarry.store.links.place(CATEGORIES, r, 999, { at: 'end' });
        quarry.store.links.place(CATEGORY_RESTAURANTS, 999, r, { at: 'end' });
      });
      expect(kinds()).toEqual(['dangling']);
      expect(messages('dangling')).toContain(`${CATEGORIES}: ${r} links to ${CATEGORY} rows 999, which do not exist`);
      expect(messages('dangling')).toContain(`${CATEGORY_RESTAURANTS}: links from ${CATEGORY} row 999, which does not exist`);
    });
  });
});
