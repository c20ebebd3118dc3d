import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createQuarry, type Quarry } from '../../src/index.js';
import { readQueryString } from '../../src/query/querystring/index.js';
import type { ProjectSources, RawAttribute } from '../../src/schema/raw.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const BOOK = 'api::book.book';
const project = (attributes: Record<string, RawAttribute>): ProjectSources => ({
  types: [{ uid: BOOK, file: 'book/schema.json', schema: { info: { singularName: 'book', pluralName: 'books' }, attributes } }],
  components: [{ uid: 'shared.seo', file: 'components/shared/seo.json', schema: { attributes: { metaTitle: { type: 'string' } } } }],
});
const open = (path: string, attributes: Record<string, RawAttribute>): Quarry => createQuarry({ schemas: project(attributes), path, noSync: true });
const names = (q: Quarry, query: string) => q.reads.query(BOOK, readQueryString(`${query}&sort=title`)).results.map((e) => e.title);

describe('indexes follow the schema from one open to the next', () => {
  it('a field or component added to a type is indexed from the rows already stored; one whose kind changed is built again', async () => {
    const path = mkdtempSync(join(tmpdir(), 'quarry-upkeep-'));
    dirs.push(path);
    const first = open(path, { title: { type: 'string' }, pages: { type: 'string' } });
    for (const [title, pages] of [['A', '12'], ['B', '300'], ['C', null]] as const) await first.documents(BOOK).create({ data: { title, pages } });
    expect(first.store.reindexed).toEqual([]);
    await first.close();

    // `pages` becomes a number (its text index is no use for a range), `year` and `seo` are new.
    const second = open(path, { title: { type: 'string' }, pages: { type: 'integer' }, year: { type: 'integer' }, seo: { type: 'component', component: 'shared.seo' } });
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
    const third = open(path, { title: { type: 'string' }, pages: { type: 'integer' }, year: { type: 'integer' }, seo: { type: 'component', component: 'shared.seo' } });
    expect(third.store.reindexed).toEqual([]);
    expect(names(third, 'filters[year][$eq]=2020')).toEqual(['D']);
    await third.close();
  });
});
