import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createQuarry, type Quarry } from '../../src/index.js';
import { readQueryString } from '../../src/query/querystring/index.js';
import type { ProjectSources, RawAttribute } from '../../src/schema/raw.js';
import { open } from 'lmdb';
import { Store } from '../../src/store/store.js';
import { openDbs } from '../../src/store/dbs.js';
import type { TypeLayout } from '../../src/store/layout.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const BOOK = 'api::book.book';
const project = (attributes: Record<string, RawAttribute>): ProjectSources => ({
  types: [{ uid: BOOK, file: 'book/schema.json', schema: { info: { singularName: 'book', pluralName: 'books' }, attributes } }],
  components: [{ uid: 'shared.seo', file: 'components/shared/seo.json', schema: { attributes: { metaTitle: { type: 'string' } } } }],
});
const openQuarry = (path: string, attributes: Record<string, RawAttribute>): Quarry => createQuarry({ schemas: project(attributes), path, noSync: true });
const names = (q: Quarry, query: string) => q.reads.query(BOOK, readQueryString(`${query}&sort=title`)).results.map((e) => e.title);

describe('indexes follow the schema from one open to the next', () => {
  it('a field or component added to a type is indexed from the rows already stored; one whose kind changed is built again', async () => {
    const path = mkdtempSync(join(tmpdir(), 'quarry-upkeep-'));
    dirs.push(path);
    const first = openQuarry(path, { title: { type: 'string' }, pages: { type: 'string' } });
    for (const [title, pages] of [['A', '12'], ['B', '300'], ['C', null]] as const) await first.documents(BOOK).create({ data: { title, pages } });
    expect(first.store.reindexed).toEqual([]);
    await first.close();

    // `pages` becomes a number (its text index is no use for a range), `year` and `seo` are new.
    const second = openQuarry(path, { title: { type: 'string' }, pages: { type: 'integer' }, year: { type: 'integer' }, seo: { type: 'component', component: 'shared.seo' } });
    expect(second.store.reindexed).toEqual(expect.arrayContaining([`${BOOK}.pages`, `${BOOK}.year`, `${BOOK}.seo.metaTitle`]));
    expect(names(second, 'filters[year][$null]=true')).toEqual(['A', 'B', 'C']);
    expect(names(second, 'filters[seo][metaTitle][$null]=true')).toEqual(['A', 'B', 'C']);
    await second.documents(BOOK).create({ data: { title: 'D', pages: 50, year: 2020, seo: { metaTitle: 'Dee' } } });
    expect(names(second, 'filters[year][$null]=true')).toEqual(['A', 'B', 'C']);
    expect(names(second, 'filters[seo][metaTitle][$eq]=Dee')).toEqual(['D']);
    // The text index's folded twin and trigram sets went with it: nothing stray is left.
    expect(second.check().problems).toEqual([]);
    await second.close();

    // The same layout again: nothing to build.
    const third = openQuarry(path, { title: { type: 'string' }, pages: { type: 'integer' }, year: { type: 'integer' }, seo: { type: 'component', component: 'shared.seo' } });
    expect(third.store.reindexed).toEqual([]);
    expect(names(third, 'filters[year][$eq]=2020')).toEqual(['D']);
    await third.close();
  });
});

describe('a documentId index kept in sets by a folder written before', () => {
  it('is cleared at the first writable open, and the documentId is read from the lookup', async () => {
    const path = mkdtempSync(join(tmpdir(), 'quarry-upkeep-doc-'));
    dirs.push(path);
    const T = 'api::thing.thing';
    const scope = { status: 'published', locale: null } as const;
    const layoutAs = (index: 'ordered' | 'document'): TypeLayout[] => [{ name: T, fields: [{ name: 'documentId', index }, { name: 'n', index: 'ordered' }] }];
    const before = Store.open({ path, noSync: true }, layoutAs('ordered'));
    before.transact(() => ['b', 'a', 'c'].forEach((documentId, i) => before.rows.insert(T, scope, { documentId, n: i, createdAt: '', updatedAt: '', publishedAt: '' })));
    const setsOf = (store: Store) => [...store.rows.indexGroups(T, 'documentId', scope, { kind: 'range' })].map((g) => [g.value, [...g.ids]]);
    expect(setsOf(before)).toEqual([['a', [2]], ['b', [1]], ['c', [3]]]);
    await before.close();
    const entries = () => {
      const env = open({ path, readOnly: true, maxDbs: 80 });
      try {
        return [...openDbs(env).idx.getKeys({ start: new Uint8Array([0]) })].length;
      } finally {
        void env.close();
      }
    };
    // Three documentIds and three numbers, each a set of one row.
    expect(entries()).toBe(6);
    // A read-only open (quarry check) leaves them, and checks them as kept.
    const reader = Store.open({ path, readOnly: true }, layoutAs('document'));
    expect(reader.check([], []).problems).toEqual([]);
    expect(setsOf(reader)).toEqual([['a', [2]], ['b', [1]], ['c', [3]]]);
    await reader.close();
    expect(entries()).toBe(6);

    const after = Store.open({ path, noSync: true }, layoutAs('document'));
    expect(after.reindexed).toEqual([`${T}.documentId`]);
    expect(entries()).toBe(3);
    expect(setsOf(after)).toEqual([['a', [2]], ['b', [1]], ['c', [3]]]);
    expect(after.rows.idsEqual(T, 'documentId', scope, 'c')).toEqual([3]);
    expect(after.check([], []).problems).toEqual([]);
    await after.close();
  });
});
