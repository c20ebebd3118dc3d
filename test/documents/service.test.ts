/** The document service's basic operations (docs/relations.md; docs/filters.md, Pagination). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Quarry } from '../../src/index.js';
import { PaginationError, ValidationError } from '../../src/index.js';
import type { SchemaSource } from '../../src/schema/raw.js';
import { tempQuarry } from '../support/temp-quarry.js';

const ITEM = 'api::item.item';
const POST = 'api::post.post';
const USER = 'plugin::users-permissions.user';

const schemas: SchemaSource[] = [
  {
    uid: ITEM,
    file: 'item',
    schema: {
      kind: 'collectionType',
      info: { singularName: 'item', pluralName: 'items' },
      options: { draftAndPublish: false },
      attributes: {
        name: { type: 'string', required: true },
        rank: { type: 'integer' },
        secret: { type: 'string', private: true },
        owner: { type: 'relation', relation: 'manyToOne', target: USER },
        hidden: { type: 'relation', relation: 'manyWay', target: ITEM, private: true },
      },
    },
  },
  {
    uid: POST,
    file: 'post',
    schema: {
      kind: 'collectionType',
      info: { singularName: 'post', pluralName: 'posts' },
      options: { draftAndPublish: true },
      pluginOptions: { i18n: { localized: true } },
      attributes: { title: { type: 'string', required: true, pluginOptions: { i18n: { localized: true } } }, slug: { type: 'uid', unique: true } },
    },
  },
];

let q: Quarry & { dispose(): Promise<void> };
beforeEach(() => {
  q = tempQuarry(schemas);
});
afterEach(async () => {
  await q.dispose();
});

const items = () => q.documents(ITEM);
const posts = () => q.documents(POST);
async function seed(n: number) {
  const out = [];
  for (let i = 1; i <= n; i++) out.push(await items().create({ data: { name: `i${i}`, rank: i, secret: 's' } }));
  return out;
}

async function rejects(p: Promise<unknown>, path: string, message?: string): Promise<void> {
  const err = await p.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(ValidationError);
  expect((err as ValidationError).status).toBe(400);
  expect((err as ValidationError).details.path).toBe(path);
  if (message !== undefined) expect((err as ValidationError).message).toBe(message);
}

describe('create and read', () => {
  it('create returns the entry in Strapi’s shape, with a documentId and timestamps', async () => {
    const e = await items().create({ data: { name: 'a', rank: 3 } });
    expect(Object.keys(e)).toEqual(['id', 'documentId', 'name', 'rank', 'createdAt', 'updatedAt', 'publishedAt']);
    expect(e).toMatchObject({ name: 'a', rank: 3 });
    expect(e.documentId).toMatch(/^[a-z][a-z0-9]{23}$/);
    expect(e.publishedAt).toBe(e.createdAt);
    expect(await items().findOne({ documentId: e.documentId as string })).toEqual(e);
  });

  it('a draft & publish type starts as a draft; status published creates it published too', async () => {
    const draft = await posts().create({ data: { title: 'd' } });
    expect(draft).toMatchObject({ title: 'd', publishedAt: null, locale: 'en' });
    expect(await posts().findOne({ documentId: draft.documentId as string, status: 'published' })).toBeNull();
    const pub = await posts().create({ data: { title: 'p' }, status: 'published' });
    expect(pub.publishedAt).not.toBeNull();
    expect(await posts().findOne({ documentId: pub.documentId as string })).toMatchObject({ title: 'p', publishedAt: null });
    expect(await posts().count({ status: 'published' })).toBe(1);
    expect(await posts().count()).toBe(2);
  });

  it('findOne of an unknown document is null', async () => {
    expect(await items().findOne({ documentId: 'nosuchdocument' })).toBeNull();
  });

  it('findMany and findFirst list in creation order; fields picks the fields, id and documentId always', async () => {
    await seed(3);
    expect((await items().findMany()).map((e) => e.name)).toEqual(['i1', 'i2', 'i3']);
    expect((await items().findFirst())!.name).toBe('i1');
    const [first] = await items().findMany({ fields: ['rank'], limit: 1 });
    expect(Object.keys(first!)).toEqual(['id', 'documentId', 'rank']);
    expect(await q.documents(POST).findFirst()).toBeNull();
  });

  it('count per status and locale', async () => {
    await posts().create({ data: { title: 'en1' } });
    const fr = await posts().create({ data: { title: 'fr1' }, locale: 'fr' });
    await posts().publish({ documentId: fr.documentId as string, locale: 'fr' });
    expect(await posts().count()).toBe(1);
    expect(await posts().count({ locale: 'fr' })).toBe(1);
    expect(await posts().count({ locale: '*' })).toBe(2);
    expect(await posts().count({ locale: '*', status: 'published' })).toBe(1);
    expect((await posts().findMany({ locale: '*' })).map((e) => e.locale)).toEqual(['en', 'fr']);
  });

  it('a bad status or locale is a 400', async () => {
    await rejects(items().findMany({ status: 'live' as never }), 'status');
    await rejects(posts().findOne({ documentId: 'x', locale: 5 as never }), 'locale');
    await rejects(posts().create({ data: { title: 't' }, locale: 'de' }), 'locale');
  });
});

describe('findPage', () => {
  it('page / pageSize meta', async () => {
    await seed(7);
    const first = await q.reads.findPage(ITEM, { pagination: { page: 1, pageSize: 3 } });
    expect(first.results.map((e) => e.name)).toEqual(['i1', 'i2', 'i3']);
    expect(first.pagination).toEqual({ page: 1, pageSize: 3, pageCount: 3, total: 7 });
    const last = await q.reads.findPage(ITEM, { pagination: { page: 3, pageSize: 3 } });
    expect(last.results.map((e) => e.name)).toEqual(['i7']);
    expect(last.pagination).toEqual({ page: 3, pageSize: 3, pageCount: 3, total: 7 });
  });

  it('the default page is the first 25', async () => {
    await seed(27);
    const page = await q.reads.findPage(ITEM);
    expect(page.results).toHaveLength(25);
    expect(page.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 2, total: 27 });
  });

  it('start / limit meta', async () => {
    await seed(5);
    const page = await q.reads.findPage(ITEM, { pagination: { start: 1, limit: 2 } });
    expect(page.results.map((e) => e.name)).toEqual(['i2', 'i3']);
    expect(page.pagination).toEqual({ start: 1, limit: 2, total: 5 });
  });

  it('withCount: false answers the raw start / limit pair, in page mode too (docs/filters.md, Pagination)', async () => {
    await seed(5);
    const page = await q.reads.findPage(ITEM, { pagination: { page: 2, pageSize: 2, withCount: false } });
    expect(page.results.map((e) => e.name)).toEqual(['i3', 'i4']);
    expect(page.pagination).toEqual({ start: 2, limit: 2 });
    expect((await q.reads.findPage(ITEM, { pagination: { start: 0, limit: 2, withCount: false } })).pagination).toEqual({ start: 0, limit: 2 });
  });

  it('a page size above the maximum (100) is capped, and the meta says so (docs/limits-and-errors.md, Limits)', async () => {
    await seed(3);
    expect((await q.reads.findPage(ITEM, { pagination: { pageSize: 500 } })).pagination).toEqual({ page: 1, pageSize: 100, pageCount: 1, total: 3 });
    expect((await q.reads.findPage(ITEM, { pagination: { start: 0, limit: 500 } })).pagination).toEqual({ start: 0, limit: 100, total: 3 });
  });

  it('an empty list has pageCount 0', async () => {
    expect(await q.reads.findPage(ITEM)).toEqual({ results: [], pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } });
  });

  it('page and offset together, or out of range, are pagination errors', async () => {
    await expect(q.reads.findPage(ITEM, { pagination: { page: 1, start: 0 } })).rejects.toBeInstanceOf(PaginationError);
    // Strapi accepts page 0 (as page 1); a page that is not an integer is the error.
    expect((await q.reads.findPage(ITEM, { pagination: { page: 0 } })).pagination).toMatchObject({ page: 1 });
    await expect(q.reads.findPage(ITEM, { pagination: { page: 1.5 } })).rejects.toMatchObject({ status: 400, name: 'PaginationError' });
  });
});

describe('update and delete', () => {
  it('update changes the fields given and keeps the rest', async () => {
    const [a] = await seed(1);
    const out = await items().update({ documentId: a!.documentId as string, data: { rank: 9 } });
    expect(out).toMatchObject({ name: 'i1', rank: 9, createdAt: a!.createdAt });
    expect(await items().findOne({ documentId: a!.documentId as string })).toEqual(out);
  });

  it('update of a missing document is null', async () => {
    expect(await items().update({ documentId: 'nosuchdocument', data: { rank: 1 } })).toBeNull();
    expect(await items().count()).toBe(0);
  });

  it('delete removes every version and returns what it removed', async () => {
    const p = await posts().create({ data: { title: 'p' }, status: 'published' });
    const documentId = p.documentId as string;
    await posts().update({ documentId, locale: 'fr', data: { title: 'p fr' } });
    const out = await posts().delete({ documentId, locale: '*' });
    expect(out.documentId).toBe(documentId);
    expect(out.entries.map((e) => `${e.locale} ${e.publishedAt === null ? 'draft' : 'published'}`).sort()).toEqual(['en draft', 'en published', 'fr draft']);
    expect(await posts().count({ locale: '*' })).toBe(0);
    expect(await posts().count({ locale: '*', status: 'published' })).toBe(0);
    expect((await posts().delete({ documentId })).entries).toEqual([]);
  });

  it('delete of one locale leaves the others', async () => {
    const p = await posts().create({ data: { title: 'p' } });
    const documentId = p.documentId as string;
    await posts().update({ documentId, locale: 'fr', data: { title: 'p fr' } });
    await posts().delete({ documentId, locale: 'fr' });
    expect(await posts().findOne({ documentId, locale: 'fr' })).toBeNull();
    expect(await posts().findOne({ documentId })).toMatchObject({ title: 'p' });
  });
});

describe('draft & publish', () => {
  it('publish, unpublish and discardDraft', async () => {
    const d = await posts().create({ data: { title: 'v1' } });
    const documentId = d.documentId as string;
    const published = await posts().publish({ documentId });
    expect(published.entries).toHaveLength(1);
    expect(published.entries[0]).toMatchObject({ documentId, title: 'v1' });
    await posts().update({ documentId, data: { title: 'v2' } });
    expect(await posts().findOne({ documentId, status: 'published' })).toMatchObject({ title: 'v1' });
    const discarded = await posts().discardDraft({ documentId });
    expect(discarded.entries[0]).toMatchObject({ title: 'v1', publishedAt: null });
    expect(await posts().findOne({ documentId })).toMatchObject({ title: 'v1' });
    // Republishing keeps the published row's id, so links to it survive.
    const again = await posts().publish({ documentId });
    expect(again.entries[0]!.id).toBe(published.entries[0]!.id);
    await posts().unpublish({ documentId });
    expect(await posts().findOne({ documentId, status: 'published' })).toBeNull();
    expect(await posts().findOne({ documentId })).toMatchObject({ title: 'v1' });
  });

  it('a draft may miss required fields; publishing it may not', async () => {
    const d = await posts().create({ data: { slug: 'no-title' } });
    await rejects(posts().publish({ documentId: d.documentId as string }), 'data.title', 'title must be defined.');
    expect(await posts().findOne({ documentId: d.documentId as string, status: 'published' })).toBeNull();
  });

  it('update with status published that cannot publish writes nothing', async () => {
    const d = await posts().create({ data: { slug: 'draft-only' } });
    const documentId = d.documentId as string;
    await rejects(posts().update({ documentId, status: 'published', data: { slug: 'changed' } }), 'data.title', 'title must be defined.');
    expect(await posts().findOne({ documentId })).toEqual(d);
    expect(await posts().count({ status: 'published' })).toBe(0);
  });

  it('publishing a value another published entry holds is a unique clash', async () => {
    const a = await posts().create({ data: { title: 'a', slug: 'taken' }, status: 'published' });
    await posts().update({ documentId: a.documentId as string, data: { slug: 'moved' } });
    const b = await posts().create({ data: { title: 'b', slug: 'taken' } });
    await rejects(posts().publish({ documentId: b.documentId as string }), 'data.slug', 'This attribute must be unique');
    expect(await posts().findOne({ documentId: b.documentId as string, status: 'published' })).toBeNull();
    expect(await posts().findMany({ status: 'published', filters: { slug: 'taken' } })).toHaveLength(1);
  });

  it('version operations on a type without draft & publish do nothing', async () => {
    const [a] = await seed(1);
    expect(await items().publish({ documentId: a!.documentId as string })).toEqual({ documentId: a!.documentId, entries: [] });
    expect(await items().unpublish({ documentId: a!.documentId as string })).toEqual({ documentId: a!.documentId, entries: [] });
    expect(await items().findOne({ documentId: a!.documentId as string })).not.toBeNull();
  });
});

describe('private fields', () => {
  it('a user’s password is stored hashed and never returned', async () => {
    const user = await q.documents(USER).create({ data: { username: 'ann', email: 'ann@example.com', password: 'secret123' } });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('resetPasswordToken');
    expect(user).toMatchObject({ username: 'ann', confirmed: false, blocked: false });
    const stored = q.store.rows.get(USER, user.id as number)!;
    expect(stored.password).toMatch(/^scrypt\$/);
    expect(stored.password).not.toContain('secret123');
    expect(await q.documents(USER).findOne({ documentId: user.documentId as string })).not.toHaveProperty('password');
    expect((await q.documents(USER).findMany())[0]).not.toHaveProperty('password');
    const item = await items().create({ data: { name: 'x', owner: user.documentId }, populate: { owner: true } });
    expect(item.owner).toMatchObject({ username: 'ann' });
    expect(item.owner).not.toHaveProperty('password');
    await rejects(q.documents(USER).findMany({ fields: ['password'] }), 'fields.password');
  });

  it('private attributes are not returned, populated or asked for', async () => {
    const e = await items().create({ data: { name: 'x', secret: 'hidden' } });
    expect(e).not.toHaveProperty('secret');
    await rejects(items().findMany({ fields: ['secret'] }), 'fields.secret');
    await rejects(items().findMany({ populate: { hidden: true } }), 'populate.hidden');
    expect(await items().findOne({ documentId: e.documentId as string, populate: '*' })).toEqual({ ...e, owner: null });
  });
});

describe('atomicity', () => {
  it('a failing update writes nothing, not even the fields that were valid', async () => {
    const [a, b] = await seed(2);
    await rejects(items().update({ documentId: a!.documentId as string, data: { rank: 5, name: null } }), 'data.name', 'name must be defined.');
    await rejects(items().update({ documentId: a!.documentId as string, data: { name: 'new', rank: 'five' } }), 'data.rank');
    await rejects(items().update({ documentId: a!.documentId as string, data: { name: 'new', owner: 'nope' } }), 'data.owner');
    expect(await items().findOne({ documentId: a!.documentId as string })).toEqual(a);
    expect(await items().findOne({ documentId: b!.documentId as string })).toEqual(b);
  });

  it('a unique clash found after the row was written rolls the whole update back', async () => {
    const one = await posts().create({ data: { title: 'one', slug: 'one' } });
    const two = await posts().create({ data: { title: 'two', slug: 'two' } });
    await rejects(posts().update({ documentId: two.documentId as string, data: { title: 'changed', slug: 'one' } }), 'data.slug', 'This attribute must be unique');
    expect(await posts().findOne({ documentId: two.documentId as string })).toEqual(two);
    expect(await posts().findMany({ filters: { slug: 'one' } })).toEqual([one]);
  });

  it('a failing create leaves no row', async () => {
    await posts().create({ data: { title: 'one', slug: 'one' } });
    await rejects(posts().create({ data: { title: 'again', slug: 'one' } }), 'data.slug');
    expect(await posts().count()).toBe(1);
    await rejects(items().create({ data: { rank: 1 } }), 'data.name', 'name must be defined.');
    expect(await items().count()).toBe(0);
  });

  it('a failing publish in create with status published leaves no draft either', async () => {
    await rejects(posts().create({ data: { slug: 'x' }, status: 'published' }), 'data.title');
    expect(await posts().count()).toBe(0);
  });
});
