/**
 * Fields a localized type does not localize hold one value for every locale of a document, per
 * version (drafts among drafts, published rows among published rows), as Strapi 5.54 keeps them:
 * the last locale written gives its value to the others, in the same transaction.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Quarry } from '../../src/index.js';
import { collection, expectRejected } from '../relations/fixtures.js';
import { tempQuarry } from '../support/temp-quarry.js';

const PAGE = 'api::page.page';
const CHEF = 'api::chef.chef';
const shared = { pluginOptions: { i18n: { localized: false } } };
const schemas = [
  collection('page', {
    title: { type: 'string', pluginOptions: { i18n: { localized: true } } },
    code: { type: 'string', unique: true, ...shared },
    rank: { type: 'integer', ...shared },
    // No i18n option: Strapi's i18n reads it as shared (only `localized: true` localizes a field).
    note: { type: 'string' },
    meta: { type: 'json', ...shared },
    chef: { type: 'relation', relation: 'manyToOne', target: CHEF, ...shared },
  }, { dp: true, localized: true }),
  collection('chef', { name: { type: 'string' } }),
];

let q: Quarry & { dispose(): Promise<void> };
beforeEach(() => {
  q = tempQuarry(schemas);
});
afterEach(async () => {
  await q.dispose();
});

type Version = 'en/draft' | 'en/published' | 'fr/draft' | 'fr/published';

/** One field of every version of a document, by `locale/status`. */
async function field(documentId: string, name: string): Promise<Partial<Record<Version, unknown>>> {
  const out: Partial<Record<Version, unknown>> = {};
  for (const status of ['draft', 'published'] as const) {
    for (const e of await q.documents(PAGE).findMany({ locale: '*', status, filters: { documentId }, populate: { chef: true } })) {
      const value = e[name];
      out[`${e.locale}/${status}` as Version] = name === 'chef' ? (value as { name: string } | null)?.name ?? null : value;
    }
  }
  return out;
}

describe('fields shared by the locales of a document', () => {
  it('a new locale takes the shared values it is not given, and gives the others those it is given', async () => {
    const pages = q.documents(PAGE);
    const { documentId } = await pages.create({ data: { title: 'Home', code: 'c1', rank: 1, meta: { a: 1 } }, status: 'published' });
    const id = documentId as string;
    await pages.update({ documentId: id, locale: 'fr', data: { title: 'Accueil', rank: null } });
    expect(await field(id, 'code')).toEqual({ 'en/draft': 'c1', 'fr/draft': 'c1', 'en/published': 'c1' });
    expect(await field(id, 'rank')).toEqual({ 'en/draft': 1, 'fr/draft': 1, 'en/published': 1 });

    const other = (await pages.create({ data: { title: 'About', code: 'a1', meta: { b: 1 } } })).documentId as string;
    await pages.update({ documentId: other, locale: 'fr', data: { title: 'À propos', code: 'a2', meta: { b: 2 } } });
    expect(await field(other, 'code')).toEqual({ 'en/draft': 'a2', 'fr/draft': 'a2' });
    expect(await field(other, 'meta')).toEqual({ 'en/draft': { b: 2 }, 'fr/draft': { b: 2 } });
    expect(await field(other, 'title')).toEqual({ 'en/draft': 'About', 'fr/draft': 'À propos' });
    await pages.update({ documentId: other, locale: 'en', data: { note: 'unmarked' } });
    expect(await field(other, 'note')).toEqual({ 'en/draft': 'unmarked', 'fr/draft': 'unmarked' });
  });

  it('an update gives its shared values to the other locales of its version; publishing gives them to the published ones', async () => {
    const pages = q.documents(PAGE);
    const chef = (await q.documents(CHEF).create({ data: { name: 'Ana' } })).documentId as string;
    const id = (await pages.create({ data: { title: 'Home', code: 'c1', chef }, status: 'published' })).documentId as string;
    await pages.update({ documentId: id, locale: 'fr', data: { title: 'Accueil' }, status: 'published' });
    const long = '2020-01-01T00:00:00.000Z';
    await q.restoreTimestamps(PAGE, { documentId: id, locale: 'en', status: 'draft', createdAt: long, updatedAt: long, publishedAt: null });

    await pages.update({ documentId: id, locale: 'fr', data: { code: 'c2' } });
    expect(await field(id, 'code')).toEqual({ 'en/draft': 'c2', 'fr/draft': 'c2', 'en/published': 'c1', 'fr/published': 'c1' });
    // The other locale's row changed: so did its updatedAt.
    expect(await field(id, 'updatedAt')).not.toMatchObject({ 'en/draft': long });

    await pages.update({ documentId: id, locale: 'fr', data: { code: 'c3' }, status: 'published' });
    expect(await field(id, 'code')).toEqual({ 'en/draft': 'c3', 'fr/draft': 'c3', 'en/published': 'c3', 'fr/published': 'c3' });

    await pages.update({ documentId: id, locale: 'en', data: { code: 'c4' } });
    expect(await field(id, 'code')).toEqual({ 'en/draft': 'c4', 'fr/draft': 'c4', 'en/published': 'c3', 'fr/published': 'c3' });
    await pages.publish({ documentId: id, locale: 'en' });
    expect(await field(id, 'code')).toEqual({ 'en/draft': 'c4', 'fr/draft': 'c4', 'en/published': 'c4', 'fr/published': 'c4' });

    await pages.update({ documentId: id, locale: 'fr', data: { code: 'c5' } });
    await pages.discardDraft({ documentId: id, locale: 'en' });
    expect(await field(id, 'code')).toEqual({ 'en/draft': 'c4', 'fr/draft': 'c4', 'en/published': 'c4', 'fr/published': 'c4' });

    await pages.update({ documentId: id, locale: 'fr', data: { code: null } });
    expect(await field(id, 'code')).toEqual({ 'en/draft': null, 'fr/draft': null, 'en/published': 'c4', 'fr/published': 'c4' });
    // Relations are every locale's own, even marked not localized (Strapi localizes every relation).
    expect(await field(id, 'chef')).toEqual({ 'en/draft': 'Ana', 'fr/draft': null, 'en/published': 'Ana', 'fr/published': null });
  });

  it('a shared unique value that clashes in another locale is refused, and nothing is written', async () => {
    const pages = q.documents(PAGE);
    const a = (await pages.create({ data: { title: 'A', code: 'taken' }, locale: 'fr' })).documentId as string;
    const b = (await pages.create({ data: { title: 'B', code: 'b' } })).documentId as string;
    await pages.update({ documentId: b, locale: 'fr', data: { title: 'B fr' } });
    await expectRejected(q, () => pages.update({ documentId: b, locale: 'en', data: { code: 'taken' } }), 'data.code', 'This attribute must be unique');
    expect(await field(b, 'code')).toEqual({ 'en/draft': 'b', 'fr/draft': 'b' });
    expect(await field(a, 'code')).toEqual({ 'fr/draft': 'taken' });
  });
});
