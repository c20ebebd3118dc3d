/**
 * Relations across draft & publish and locales (docs/relations.md, Both sides and Draft & publish and locales), with
 * Strapi's document-service relation tests (basic, bidirectional-relations) ported.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Entry, Quarry } from '../../src/index.js';
import { tempQuarry } from '../support/temp-quarry.js';
import { collection, expectRejected } from './fixtures.js';

const AUTHOR = 'api::author.author';
const BOOK = 'api::book.book';
const GENRE = 'api::genre.genre';
const SHELF = 'api::shelf.shelf';
const LABEL = 'api::label.label';
const NOTE = 'api::note.note';

const rel = (relation: string, target: string, extra: Record<string, string> = {}) => ({ type: 'relation', relation, target, ...extra });

/** author ↔ book both have versions; genre and shelf do not; label is localized, note is localized with versions. */
const schemas = [
  collection('author', { name: { type: 'string' }, books: rel('manyToMany', BOOK, { inversedBy: 'authors' }), favourite: rel('oneToOne', BOOK, { inversedBy: 'fan' }) }, { dp: true }),
  collection('book', {
    title: { type: 'string' },
    authors: rel('manyToMany', AUTHOR, { mappedBy: 'books' }),
    fan: rel('oneToOne', AUTHOR, { mappedBy: 'favourite' }),
    genre: rel('manyToOne', GENRE, { inversedBy: 'books' }),
    shelves: rel('manyToMany', SHELF, { mappedBy: 'books' }),
    sequel: rel('oneWay', BOOK),
  }, { dp: true }),
  collection('genre', { name: { type: 'string' }, books: rel('oneToMany', BOOK, { mappedBy: 'genre' }) }),
  collection('shelf', { name: { type: 'string' }, books: rel('manyToMany', BOOK, { inversedBy: 'shelves' }), featured: rel('oneWay', BOOK), labels: rel('manyWay', LABEL) }),
  collection('label', {
    name: { type: 'string', pluginOptions: { i18n: { localized: true } } },
    code: { type: 'string', pluginOptions: { i18n: { localized: false } } },
    notes: rel('manyToMany', NOTE, { mappedBy: 'labels' }),
  }, { localized: true }),
  collection('note', { title: { type: 'string', pluginOptions: { i18n: { localized: true } } }, labels: rel('manyToMany', LABEL, { inversedBy: 'notes' }) }, { dp: true, localized: true }),
];

let q: Quarry & { dispose(): Promise<void> };
beforeEach(() => {
  q = tempQuarry(schemas);
});
afterEach(async () => {
  await q.dispose();
});

const create = async (uid: string, data: Record<string, unknown>, extra: { locale?: string; status?: 'published' } = {}) =>
  (await q.documents(uid).create({ data, ...extra })).documentId as string;
const publish = (uid: string, documentId: string, locale?: string) => q.documents(uid).publish({ documentId, ...(locale ? { locale } : {}) });
/** A relation of one version of a document, as names (title or name). */
async function related(uid: string, documentId: string, attr: string, params: { status?: 'draft' | 'published'; locale?: string } = {}) {
  const e = await q.documents(uid).findOne({ documentId, populate: { [attr]: true }, ...params });
  expect(e, `${uid} ${documentId} ${JSON.stringify(params)}`).not.toBeNull();
  const v = e![attr];
  if (v === null) return null;
  const label = (x: Entry) => (x.title ?? x.name) as string;
  return Array.isArray(v) ? v.map(label) : label(v as Entry);
}
/** Books show their title, everything else its name. */
const titles = (value: unknown) => (value as Entry[]).map((x) => (x.title ?? x.name) as string);

describe('draft & publish on both sides', () => {
  it('drafts link to drafts; the item status is ignored', async () => {
    const b1 = await create(BOOK, { title: 'b1' });
    await publish(BOOK, b1);
    const a = await create(AUTHOR, { name: 'a', books: { connect: [{ documentId: b1, status: 'published' }] } });
    const draft = await q.documents(AUTHOR).findOne({ documentId: a, populate: { books: true } });
    expect((draft!.books as Entry[]).map((b) => b.publishedAt)).toEqual([null]);
    expect(await related(BOOK, b1, 'authors', { status: 'draft' })).toEqual(['a']);
    expect(await related(BOOK, b1, 'authors', { status: 'published' })).toEqual([]);
    expect(await q.documents(AUTHOR).findOne({ documentId: a, status: 'published' })).toBeNull();
  });

  it('a deleted target is not found', async () => {
    const b1 = await create(BOOK, { title: 'b1' });
    const a = await create(AUTHOR, { name: 'a' });
    await q.documents(BOOK).delete({ documentId: b1 });
    await expectRejected(q, () => q.documents(AUTHOR).update({ documentId: a, data: { books: [b1] } }), 'data.books.0', `Document with id "${b1}", locale "null" not found`);
  });

  it('publishing copies links re-targeted to published rows, in order, and drops targets never published', async () => {
    const [b1, b2, b3] = [await create(BOOK, { title: 'b1' }), await create(BOOK, { title: 'b2' }), await create(BOOK, { title: 'b3' })];
    const g = await create(GENRE, { name: 'g' });
    const a = await create(AUTHOR, { name: 'a', books: [b3, b2, b1] });
    await q.documents(BOOK).update({ documentId: b2, data: { genre: g } });
    await publish(BOOK, b3);
    await publish(BOOK, b1);
    const { entries } = await q.documents(AUTHOR).publish({ documentId: a });
    expect(entries).toHaveLength(1);
    const published = await q.documents(AUTHOR).findOne({ documentId: a, status: 'published', populate: { books: true } });
    expect(titles(published!.books)).toEqual(['b3', 'b1']);
    const publishedB1 = await q.documents(BOOK).findOne({ documentId: b1, status: 'published' });
    expect((published!.books as Entry[])[1]!.id).toBe(publishedB1!.id);
    expect(await related(AUTHOR, a, 'books', { status: 'draft' })).toEqual(['b3', 'b2', 'b1']);
    expect(await related(BOOK, b1, 'authors', { status: 'published' })).toEqual(['a']);
    // A target without versions is always linked.
    await publish(BOOK, b2);
    expect(await related(BOOK, b2, 'genre', { status: 'published' })).toBe('g');
    expect(await related(GENRE, g, 'books', { status: 'published' })).toEqual(['b2']);
    expect(await related(GENRE, g, 'books', { status: 'draft' })).toEqual(['b2']);
  });

  it('Publishing connects relation to the published targeted documents (and later publishes of the target join the published source)', async () => {
    const b1 = await create(BOOK, { title: 'b1' });
    const b2 = await create(BOOK, { title: 'b2' });
    const a = await create(AUTHOR, { name: 'a', books: [b1, b2] });
    await publish(AUTHOR, a);
    expect(await related(AUTHOR, a, 'books', { status: 'published' })).toEqual([]);
    await publish(BOOK, b2);
    await publish(BOOK, b1);
    // Publishing a book copies its (inverse) links too; each takes the author-side place the draft gives it.
    expect(await related(AUTHOR, a, 'books', { status: 'published' })).toEqual(['b1', 'b2']);
  });

  it('Discarding draft brings back relations', async () => {
    const b1 = await create(BOOK, { title: 'b1' });
    await publish(BOOK, b1);
    const a = await create(AUTHOR, { name: 'Article with author', books: [b1] });
    await publish(AUTHOR, a);
    await q.documents(AUTHOR).update({ documentId: a, data: { name: 'Updated', books: [] } });
    expect(await related(AUTHOR, a, 'books')).toEqual([]);
    const { entries } = await q.documents(AUTHOR).discardDraft({ documentId: a });
    expect(entries[0]!.name).toBe('Article with author');
    expect(entries[0]!.publishedAt).toBeNull();
    expect(await related(AUTHOR, a, 'books')).toEqual(['b1']);
    expect(await related(BOOK, b1, 'authors', { status: 'draft' })).toEqual(['Article with author']);
  });

  it('Relation order is preserved after unpublish and republish of a related entry', async () => {
    const c = await create(AUTHOR, { name: 'Author C' });
    const a = await create(AUTHOR, { name: 'Author A' });
    const b = await create(AUTHOR, { name: 'Author B' });
    const article = await create(BOOK, { title: 'Test Article', authors: [{ documentId: a }, { documentId: b }, { documentId: c }] });
    for (const x of [c, a, b]) await publish(AUTHOR, x);
    await publish(BOOK, article);
    expect(await related(BOOK, article, 'authors', { status: 'published' })).toEqual(['Author A', 'Author B', 'Author C']);
    await q.documents(AUTHOR).unpublish({ documentId: b });
    expect(await related(BOOK, article, 'authors', { status: 'published' })).toEqual(['Author A', 'Author C']);
    await publish(AUTHOR, b);
    expect(await related(BOOK, article, 'authors', { status: 'published' })).toEqual(['Author A', 'Author B', 'Author C']);
  });

  it('interleaved article/author publishes: author-side article order should match draft', async () => {
    const periphZ = await create(BOOK, { title: 'ix-periph-Z' });
    const periphM = await create(BOOK, { title: 'ix-periph-M' });
    const periphA = await create(BOOK, { title: 'ix-periph-A' });
    const authZ = await create(AUTHOR, { name: 'ix-auth-Z' });
    const authM = await create(AUTHOR, { name: 'ix-auth-M' });
    const authA = await create(AUTHOR, { name: 'ix-auth-A' });
    const hub = await create(BOOK, { title: 'ix-hub-main' });
    await q.documents(BOOK).update({ documentId: hub, data: { authors: { set: [{ documentId: authM }, { documentId: authZ }, { documentId: authA }] } } });
    await q.documents(AUTHOR).update({ documentId: authZ, data: { books: { set: [{ documentId: periphA }, { documentId: hub }, { documentId: periphM }] } } });
    await q.documents(AUTHOR).update({ documentId: authM, data: { books: { set: [{ documentId: hub }, { documentId: periphZ }, { documentId: periphA }] } } });
    await q.documents(AUTHOR).update({ documentId: authA, data: { books: { set: [{ documentId: periphZ }, { documentId: periphM }, { documentId: hub }] } } });
    const expectedAuthZ = ['ix-periph-A', 'ix-hub-main', 'ix-periph-M'];
    expect(await related(AUTHOR, authZ, 'books')).toEqual(expectedAuthZ);
    await publish(BOOK, periphM);
    await publish(AUTHOR, authA);
    await publish(BOOK, periphA);
    await publish(AUTHOR, authZ);
    await publish(BOOK, periphZ);
    await publish(AUTHOR, authM);
    await publish(BOOK, hub);
    expect(await related(AUTHOR, authZ, 'books', { status: 'published' })).toEqual(expectedAuthZ);
    expect(await related(AUTHOR, authM, 'books', { status: 'published' })).toEqual(['ix-hub-main', 'ix-periph-Z', 'ix-periph-A']);
    expect(await related(AUTHOR, authA, 'books', { status: 'published' })).toEqual(['ix-periph-Z', 'ix-periph-M', 'ix-hub-main']);
    expect(await related(BOOK, hub, 'authors', { status: 'published' })).toEqual(['ix-auth-M', 'ix-auth-Z', 'ix-auth-A']);
  });

  it('Sync bidirectional relations on republish of related entry', async () => {
    const tag = await create(AUTHOR, { name: 'Tag1' });
    await publish(AUTHOR, tag);
    const product = await create(BOOK, { title: 'Product1', authors: [{ documentId: tag }] });
    await publish(BOOK, product);
    await q.documents(AUTHOR).update({ documentId: tag, data: { name: 'Tag1 Updated' } });
    const republished = await q.documents(AUTHOR).publish({ documentId: tag });
    const published = await q.documents(BOOK).findOne({ documentId: product, status: 'published', populate: { authors: true } });
    expect(published!.authors).toHaveLength(1);
    expect((published!.authors as Entry[])[0]).toMatchObject({ id: republished.entries[0]!.id, name: 'Tag1 Updated' });
  });

  it('Removed bidirectional relation not returned after republish of parent', async () => {
    const t1 = await create(BOOK, { title: 'TagA' });
    const t2 = await create(BOOK, { title: 'TagB' });
    await publish(BOOK, t1);
    await publish(BOOK, t2);
    const product = await create(AUTHOR, { name: 'Product3', books: [{ documentId: t1 }, { documentId: t2 }] });
    await publish(AUTHOR, product);
    await q.documents(AUTHOR).update({ documentId: product, data: { name: 'Product3', books: [{ documentId: t1 }] } });
    await publish(AUTHOR, product);
    expect(await related(AUTHOR, product, 'books', { status: 'published' })).toEqual(['TagA']);
    expect(await related(BOOK, t2, 'authors', { status: 'published' })).toEqual([]);
  });

  it('Bidirectional relation order is preserved after republish of related entry', async () => {
    const tags = [];
    for (const name of ['OrderTagA', 'OrderTagB', 'OrderTagC']) {
      const t = await create(BOOK, { title: name });
      await publish(BOOK, t);
      tags.push(t);
    }
    const product = await create(AUTHOR, { name: 'Product4', books: tags.map((documentId) => ({ documentId })) });
    await publish(AUTHOR, product);
    await q.documents(BOOK).update({ documentId: tags[1]!, data: { title: 'OrderTagB Updated' } });
    await publish(BOOK, tags[1]!);
    expect(await related(AUTHOR, product, 'books', { status: 'published' })).toEqual(['OrderTagA', 'OrderTagB Updated', 'OrderTagC']);
  });

  it('republishing a target keeps the published source’s links and order, whatever the source’s draft says', async () => {
    const [t1, t2, t3] = [await create(BOOK, { title: 't1' }), await create(BOOK, { title: 't2' }), await create(BOOK, { title: 't3' })];
    for (const t of [t1, t2, t3]) await publish(BOOK, t);
    const a = await create(AUTHOR, { name: 'a', books: [t1, t2, t3], favourite: t2 });
    await publish(AUTHOR, a);
    // The author's draft changes but is not published: the published author must not change.
    await q.documents(AUTHOR).update({ documentId: a, data: { books: [t3, t1], favourite: null } });
    await publish(BOOK, t2);
    await publish(BOOK, t1);
    expect(await related(AUTHOR, a, 'books', { status: 'published' })).toEqual(['t1', 't2', 't3']);
    expect(await related(AUTHOR, a, 'favourite', { status: 'published' })).toBe('t2');
    expect(await related(AUTHOR, a, 'books', { status: 'draft' })).toEqual(['t3', 't1']);
    expect(await related(BOOK, t2, 'authors', { status: 'published' })).toEqual(['a']);
  });

  it('republishing a target keeps links a source without versions holds to its published row only', async () => {
    const b = await create(BOOK, { title: 'b' });
    await publish(BOOK, b);
    const s = await create(SHELF, { name: 's', books: { connect: [{ documentId: b, status: 'published' }] } });
    await q.documents(BOOK).update({ documentId: b, data: { title: 'b2' } });
    await publish(BOOK, b);
    expect(await related(SHELF, s, 'books', { status: 'published' })).toEqual(['b2']);
    expect(await related(BOOK, b, 'shelves', { status: 'published' })).toEqual(['s']);
  });

  it('discarding the draft of a mappedBy side keeps the links other drafts hold to it', async () => {
    const b = await create(BOOK, { title: 'b' });
    const a1 = await create(AUTHOR, { name: 'a1', books: [b] });
    await publish(BOOK, b);
    const a2 = await create(AUTHOR, { name: 'a2', books: [b] });
    await q.documents(BOOK).update({ documentId: b, data: { title: 'b edited' } });
    await q.documents(BOOK).discardDraft({ documentId: b });
    expect(await related(BOOK, b, 'authors', { status: 'draft' })).toEqual(['a1', 'a2']);
    expect(await related(AUTHOR, a1, 'books')).toEqual(['b']);
    expect(await related(AUTHOR, a2, 'books')).toEqual(['b']);
  });

  it('status: published on update updates the draft and publishes it', async () => {
    const b = await create(BOOK, { title: 'b' });
    await publish(BOOK, b);
    const a = await create(AUTHOR, { name: 'a' });
    const out = await q.documents(AUTHOR).update({ documentId: a, status: 'published', data: { name: 'a2', books: [b] }, populate: { books: true } });
    expect(out!.publishedAt).not.toBeNull();
    expect(titles(out!.books)).toEqual(['b']);
    expect(await related(AUTHOR, a, 'books', { status: 'published' })).toEqual(['b']);
    expect((await q.documents(AUTHOR).findOne({ documentId: a, status: 'published' }))!.name).toBe('a2');
    expect((await q.documents(AUTHOR).findOne({ documentId: a }))!.name).toBe('a2');
  });

  it('the draft and the published version of a source may both hold the same oneToOne target (sibling exemption)', async () => {
    const b = await create(BOOK, { title: 'b' });
    await publish(BOOK, b);
    const a = await create(AUTHOR, { name: 'a', favourite: b });
    await publish(AUTHOR, a);
    expect(await related(AUTHOR, a, 'favourite', { status: 'draft' })).toBe('b');
    expect(await related(AUTHOR, a, 'favourite', { status: 'published' })).toBe('b');
    // Another author taking it steals it from the draft only (drafts link to drafts).
    await create(AUTHOR, { name: 'other', favourite: b });
    expect(await related(AUTHOR, a, 'favourite', { status: 'draft' })).toBeNull();
    expect(await related(AUTHOR, a, 'favourite', { status: 'published' })).toBe('b');
    expect(await related(BOOK, b, 'fan', { status: 'draft' })).toBe('other');
  });

  it('deleting a document removes both versions’ links from both sides', async () => {
    const b1 = await create(BOOK, { title: 'b1' });
    const b2 = await create(BOOK, { title: 'b2' });
    const a = await create(AUTHOR, { name: 'a', books: [b1, b2] });
    await publish(BOOK, b1);
    await publish(BOOK, b2);
    await publish(AUTHOR, a);
    const s = await create(SHELF, { name: 's', books: [b1, b2] });
    await q.documents(BOOK).delete({ documentId: b1 });
    expect(await related(AUTHOR, a, 'books', { status: 'draft' })).toEqual(['b2']);
    expect(await related(AUTHOR, a, 'books', { status: 'published' })).toEqual(['b2']);
    expect(await related(SHELF, s, 'books', { status: 'draft' })).toEqual(['b2']);
    expect(await related(SHELF, s, 'books', { status: 'published' })).toEqual(['b2']);
  });

  it('update of a missing document returns null and writes nothing', async () => {
    expect(await q.documents(AUTHOR).update({ documentId: 'nosuchdocument', data: { name: 'x' } })).toBeNull();
    expect(await q.documents(AUTHOR).count()).toBe(0);
  });
});

describe('a self-relation with draft & publish', () => {
  const NODE = 'api::node.node';
  let nq: Quarry & { dispose(): Promise<void> };
  beforeEach(() => {
    nq = tempQuarry([collection('node', {
      name: { type: 'string' },
      next: rel('oneToOne', NODE, { inversedBy: 'prev' }),
      prev: rel('oneToOne', NODE, { mappedBy: 'next' }),
      links: rel('manyToMany', NODE, { inversedBy: 'backlinks' }),
      backlinks: rel('manyToMany', NODE, { mappedBy: 'links' }),
    }, { dp: true })]);
  });
  afterEach(async () => {
    await nq.dispose();
  });
  const node = async (documentId: string, status: 'draft' | 'published') => {
    const e = await nq.documents(NODE).findOne({ documentId, status, populate: { next: true, prev: true, links: true, backlinks: true } });
    const n = (v: unknown) => (v === null ? null : Array.isArray(v) ? v.map((x: Entry) => x.name) : (v as Entry).name);
    return { next: n(e!.next), prev: n(e!.prev), links: n(e!.links), backlinks: n(e!.backlinks) };
  };

  it('publishing re-targets links to the published rows, the document’s own included', async () => {
    const mk = async (name: string) => (await nq.documents(NODE).create({ data: { name } })).documentId as string;
    const [n1, n2, n3] = [await mk('n1'), await mk('n2'), await mk('n3')];
    await nq.documents(NODE).update({ documentId: n1, data: { links: [n3, n1, n2], next: n1 } });
    await nq.documents(NODE).update({ documentId: n2, data: { next: n3, links: [n1] } });
    for (const d of [n2, n3, n1]) await nq.documents(NODE).publish({ documentId: d });
    expect(await node(n1, 'published')).toEqual({ next: 'n1', prev: 'n1', links: ['n3', 'n1', 'n2'], backlinks: ['n1', 'n2'] });
    expect(await node(n2, 'published')).toEqual({ next: 'n3', prev: null, links: ['n1'], backlinks: ['n1'] });
    expect(await node(n3, 'published')).toEqual({ next: null, prev: 'n2', links: [], backlinks: ['n1'] });
    // n1's draft changes; republishing n3 (the far side of n1's links) leaves published n1 alone.
    await nq.documents(NODE).update({ documentId: n1, data: { links: [n2] } });
    await nq.documents(NODE).publish({ documentId: n3 });
    expect(await node(n1, 'published')).toEqual({ next: 'n1', prev: 'n1', links: ['n3', 'n1', 'n2'], backlinks: ['n1', 'n2'] });
    expect(await node(n1, 'draft')).toEqual({ next: 'n1', prev: 'n1', links: ['n2'], backlinks: ['n2'] });
    await nq.documents(NODE).publish({ documentId: n1 });
    expect(await node(n1, 'published')).toEqual({ next: 'n1', prev: 'n1', links: ['n2'], backlinks: ['n2'] });
    expect(await node(n3, 'published')).toEqual({ next: null, prev: 'n2', links: [], backlinks: [] });
  });
});

describe('a deep filter through a to-one relation to a target with versions', () => {
  it('counts a source once after the target gains its published version (the plan is kept across writes)', async () => {
    const b = await create(BOOK, { title: 'b' });
    // The same request text each time: its plan is kept, and was made while books had drafts only.
    const shelvesFeaturing = () => q.reads.query(SHELF, { filters: { featured: { title: { $eq: 'b' } } } } as never).pagination.total;
    expect(shelvesFeaturing()).toBe(0);
    await publish(BOOK, b);
    // No status: the shelf links both versions of the book, and both match.
    await create(SHELF, { name: 's', featured: b });
    expect(shelvesFeaturing()).toBe(1);
  });
});

describe('a source without versions and a target with them', () => {
  let b1: string;
  let b2: string;
  beforeEach(async () => {
    b1 = await create(BOOK, { title: 'b1' });
    b2 = await create(BOOK, { title: 'b2' });
    await publish(BOOK, b1);
    await publish(BOOK, b2);
    await q.documents(BOOK).update({ documentId: b1, data: { title: 'b1 draft' } });
  });

  it('no status links both versions; populate with a status shows one', async () => {
    const s = await create(SHELF, { name: 's', books: [b1], featured: b1 });
    expect(await related(SHELF, s, 'books', { status: 'published' })).toEqual(['b1']);
    expect(await related(SHELF, s, 'books')).toEqual(['b1']);
    expect(await related(SHELF, s, 'books', { status: 'draft' })).toEqual(['b1 draft']);
    expect(await related(SHELF, s, 'featured', { status: 'draft' })).toBe('b1 draft');
    expect(await related(SHELF, s, 'featured', { status: 'published' })).toBe('b1');
    expect(await related(BOOK, b1, 'shelves', { status: 'draft' })).toEqual(['s']);
    expect(await related(BOOK, b1, 'shelves', { status: 'published' })).toEqual(['s']);
    const counted = await q.documents(SHELF).findOne({ documentId: s, populate: { books: { count: true } } });
    expect(counted!.books).toEqual({ count: 1 });
    // Both versions of the featured book match, and each lists the shelf: one shelf all the same.
    await create(SHELF, { name: 't', featured: b2 });
    const found = await q.reads.findPage(SHELF, { filters: { featured: { title: { $startsWith: 'b' } } }, pagination: { page: 1, pageSize: 1 } });
    expect({ total: found.pagination.total, names: found.results.map((e) => e.name) }).toEqual({ total: 2, names: ['s'] });
  });

  it('item status picks one version', async () => {
    const s = await create(SHELF, { name: 's', books: { connect: [{ documentId: b1, status: 'published' }, { documentId: b2, status: 'draft' }] } });
    expect(await related(SHELF, s, 'books', { status: 'published' })).toEqual(['b1']);
    expect(await related(SHELF, s, 'books', { status: 'draft' })).toEqual(['b2']);
    expect(await related(BOOK, b1, 'shelves', { status: 'draft' })).toEqual([]);
  });

  it('the same documentId is connectable once per status; twice without status is a duplicate', async () => {
    const s = await create(SHELF, { name: 's', books: { connect: [{ documentId: b1, status: 'draft' }, { documentId: b1, status: 'published' }] } });
    expect(await related(SHELF, s, 'books', { status: 'draft' })).toEqual(['b1 draft']);
    expect(await related(SHELF, s, 'books', { status: 'published' })).toEqual(['b1']);
    await expectRejected(
      q, () => q.documents(SHELF).update({ documentId: s, data: { books: { connect: [b2, { documentId: b2, status: 'published' }] } } }),
      'data.books.connect.1', /^The relation with id \d+ is already connected/,
    );
  });

  it('positions work on both versions at once', async () => {
    const b3 = await create(BOOK, { title: 'b3' });
    await publish(BOOK, b3);
    const s = await create(SHELF, { name: 's', books: [b1, b2] });
    await q.documents(SHELF).update({ documentId: s, data: { books: { connect: [{ documentId: b3, position: { before: b2 } }, { documentId: b2, position: { start: true } }] } } });
    expect(await related(SHELF, s, 'books', { status: 'published' })).toEqual(['b2', 'b1', 'b3']);
    expect(await related(SHELF, s, 'books', { status: 'draft' })).toEqual(['b2', 'b1 draft', 'b3']);
    await q.documents(SHELF).update({ documentId: s, data: { books: { disconnect: [b1] } } });
    expect(await related(SHELF, s, 'books', { status: 'published' })).toEqual(['b2', 'b3']);
    expect(await related(SHELF, s, 'books', { status: 'draft' })).toEqual(['b2', 'b3']);
  });

  it('a target only in draft links its draft; publishing the target does not link the published row', async () => {
    const b4 = await create(BOOK, { title: 'b4' });
    const s = await create(SHELF, { name: 's', books: [b4] });
    expect(await related(SHELF, s, 'books', { status: 'draft' })).toEqual(['b4']);
    expect(await related(SHELF, s, 'books', { status: 'published' })).toEqual([]);
    await expectRejected(q, () => q.documents(SHELF).update({ documentId: s, data: { books: { connect: [{ documentId: b4, status: 'published' }] } } }), 'data.books.connect.0', `Document with id "${b4}", locale "null" not found`);
  });
});

describe('locales', () => {
  let label: string;
  beforeEach(async () => {
    label = await create(LABEL, { name: 'red', code: 'R' }, { locale: 'en' });
    await q.documents(LABEL).update({ documentId: label, locale: 'fr', data: { name: 'rouge' } });
  });

  it('update of a missing locale creates it, with the fields all locales share', async () => {
    const fr = await q.documents(LABEL).findOne({ documentId: label, locale: 'fr' });
    expect(fr).toMatchObject({ documentId: label, locale: 'fr', name: 'rouge', code: 'R' });
    expect(await q.documents(LABEL).count({ locale: '*' })).toBe(2);
    expect(await q.documents(LABEL).count({ locale: 'fr' })).toBe(1);
  });

  it('fields that are not localized are shared across locales', async () => {
    await q.documents(LABEL).update({ documentId: label, locale: 'fr', data: { code: 'RR', name: 'rouge vif' } });
    expect(await q.documents(LABEL).findOne({ documentId: label, locale: 'en' })).toMatchObject({ name: 'red', code: 'RR' });
    expect(await q.documents(LABEL).findOne({ documentId: label, locale: 'fr' })).toMatchObject({ name: 'rouge vif', code: 'RR' });
  });

  it('both localized: the target takes the source’s locale, whatever the item says', async () => {
    const n = await create(NOTE, { title: 'note fr', labels: { connect: [{ documentId: label, locale: 'en' }] } }, { locale: 'fr' });
    expect(await related(NOTE, n, 'labels', { locale: 'fr' })).toEqual(['rouge']);
    expect(await related(LABEL, label, 'notes', { locale: 'fr', status: 'draft' })).toEqual(['note fr']);
    expect(await related(LABEL, label, 'notes', { locale: 'en', status: 'draft' })).toEqual([]);
    // The English version of the note links the English label.
    await q.documents(NOTE).update({ documentId: n, locale: 'en', data: { title: 'note en', labels: [label] } });
    expect(await related(NOTE, n, 'labels', { locale: 'en' })).toEqual(['red']);
    expect(await related(NOTE, n, 'labels', { locale: 'fr' })).toEqual(['rouge']);
  });

  it('both localized: a target missing in the source’s locale is a 400 naming that locale', async () => {
    const enOnly = await create(LABEL, { name: 'blue' }, { locale: 'en' });
    const n = await create(NOTE, { title: 'n' }, { locale: 'fr' });
    await expectRejected(
      q, () => q.documents(NOTE).update({ documentId: n, locale: 'fr', data: { title: 'changed', labels: [{ documentId: enOnly, locale: 'en' }] } }),
      'data.labels.0', `Document with id "${enOnly}", locale "fr" not found`,
    );
  });

  it('only the target localized: the item locale, else the default locale (en)', async () => {
    const s = await create(SHELF, { name: 's', labels: [label] });
    expect(await related(SHELF, s, 'labels')).toEqual(['red']);
    await q.documents(SHELF).update({ documentId: s, data: { labels: [{ documentId: label, locale: 'fr' }] } });
    expect(await related(SHELF, s, 'labels')).toEqual(['rouge']);
    const frOnly = (await q.documents(LABEL).create({ locale: 'fr', data: { name: 'vert' } })).documentId as string;
    await expectRejected(q, () => q.documents(SHELF).update({ documentId: s, data: { labels: { connect: [frOnly] } } }), 'data.labels.connect.0', `Document with id "${frOnly}", locale "en" not found`);
  });

  it('the same documentId is connectable once per locale', async () => {
    const s = await create(SHELF, { name: 's', labels: { connect: [{ documentId: label, locale: 'fr' }, { documentId: label, locale: 'en', position: { before: label, locale: 'fr' } }] } });
    expect(await related(SHELF, s, 'labels')).toEqual(['red', 'rouge']);
    await expectRejected(
      q, () => q.documents(SHELF).update({ documentId: s, data: { labels: { connect: [label, { documentId: label, locale: 'en' }] } } }),
      'data.labels.connect.1', /^The relation with id \d+ is already connected/,
    );
  });

  it('deleting one locale removes only that row’s links', async () => {
    const s = await create(SHELF, { name: 's', labels: { connect: [{ documentId: label, locale: 'en' }, { documentId: label, locale: 'fr' }] } });
    await q.documents(LABEL).delete({ documentId: label, locale: 'fr' });
    expect(await related(SHELF, s, 'labels')).toEqual(['red']);
    expect(await q.documents(LABEL).findOne({ documentId: label, locale: 'fr' })).toBeNull();
    expect(await q.documents(LABEL).findOne({ documentId: label, locale: 'en' })).not.toBeNull();
  });

  it('publishing one locale of a note copies that locale’s links only', async () => {
    const n = await create(NOTE, { title: 'en', labels: [label] }, { locale: 'en' });
    await q.documents(NOTE).update({ documentId: n, locale: 'fr', data: { title: 'fr', labels: [label] } });
    await publish(NOTE, n, 'fr');
    expect(await related(NOTE, n, 'labels', { locale: 'fr', status: 'published' })).toEqual(['rouge']);
    expect(await q.documents(NOTE).findOne({ documentId: n, locale: 'en', status: 'published' })).toBeNull();
    expect(await related(LABEL, label, 'notes', { locale: 'fr', status: 'published' })).toEqual(['fr']);
    expect(await related(LABEL, label, 'notes', { locale: 'en', status: 'published' })).toEqual([]);
  });

  it('locale "*" and unknown locales are 400s on writes', async () => {
    await expectRejected(q, () => q.documents(LABEL).update({ documentId: label, locale: '*', data: { name: 'x' } }), 'locale');
    await expectRejected(q, () => q.documents(LABEL).update({ documentId: label, locale: 'de', data: { name: 'x' } }), 'locale');
  });
});
