/**
 * A single type through the document service and `quarry.singleType(uid)`, the module REST and
 * GraphQL share: one document, found rather than named; a second `create` refused.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Quarry } from '../../src/index.js';
import { ValidationError } from '../../src/index.js';
import { BANNER, DISH, FOOTER, HOMEPAGE, VAULT, singleTypeSchemas } from '../support/single-types.js';
import { tempQuarry } from '../support/temp-quarry.js';

let q: Quarry & { dispose(): Promise<void> };
beforeEach(() => {
  q = tempQuarry(singleTypeSchemas);
});
afterEach(async () => {
  await q.dispose();
});

const rowsOf = (uid: string) => q.documents(uid).findMany({ locale: '*', status: 'published' });

describe('the document service on a single type', () => {
  it('findFirst and findMany answer the one document', async () => {
    expect(await q.documents(HOMEPAGE).findFirst()).toBeNull();
    const created = await q.documents(HOMEPAGE).create({ data: { title: 'Home' } });
    expect(await q.documents(HOMEPAGE).findFirst()).toMatchObject({ documentId: created.documentId, title: 'Home' });
    expect((await q.documents(HOMEPAGE).findMany()).map((e) => e.documentId)).toEqual([created.documentId]);
    expect(await q.documents(HOMEPAGE).count()).toBe(1);
  });

  it('refuses a second document with a 400 naming the first, and writes nothing', async () => {
    const first = await q.documents(HOMEPAGE).create({ data: { title: 'Home' } });
    const refused = await q.documents(HOMEPAGE).create({ data: { title: 'Other' } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).toJSON()).toEqual({
      status: 400,
      name: 'ValidationError',
      message: `${HOMEPAGE} is a single type and has a document already (${first.documentId}): update it, in any locale, instead of creating another`,
      details: { documentId: first.documentId },
    });
    expect((await rowsOf(HOMEPAGE)).map((e) => e.title)).toEqual(['Home']);
  });

  it('refuses a second document in another locale too: a locale of the one document is an update', async () => {
    const en = await q.documents(FOOTER).create({ data: { text: 'Hello' } });
    await expect(q.documents(FOOTER).create({ data: { text: 'Bonjour' }, locale: 'fr' })).rejects.toBeInstanceOf(ValidationError);
    const fr = await q.documents(FOOTER).update({ documentId: en.documentId as string, locale: 'fr', data: { text: 'Bonjour' } });
    expect(fr).toMatchObject({ documentId: en.documentId, locale: 'fr', text: 'Bonjour' });
  });

  it('takes a new document once the last one is deleted', async () => {
    const first = await q.documents(HOMEPAGE).create({ data: { title: 'Home' } });
    await q.documents(HOMEPAGE).delete({ documentId: first.documentId as string });
    const second = await q.documents(HOMEPAGE).create({ data: { title: 'Again' } });
    expect(second.documentId).not.toBe(first.documentId);
  });

  it('leaves collection types alone', async () => {
    await q.documents(DISH).create({ data: { name: 'Soup' } });
    await q.documents(DISH).create({ data: { name: 'Stew' } });
    expect(await q.documents(DISH).count()).toBe(2);
  });
});

describe('quarry.singleType(uid)', () => {
  it('is there for single types only', () => {
    expect(q.singleType(HOMEPAGE).contentType.uid).toBe(HOMEPAGE);
    expect(() => q.singleType(DISH)).toThrow(`${DISH} is not a single type`);
  });

  it('put creates the document, then updates it; documentId() finds it', async () => {
    const single = q.singleType(HOMEPAGE);
    expect(single.documentId()).toBeUndefined();
    const created = await single.put({ data: { title: 'Home' } });
    expect(single.documentId()).toBe(created.documentId);
    const updated = await single.put({ data: { subtitle: 'Welcome' } });
    expect(updated).toMatchObject({ documentId: created.documentId, title: 'Home', subtitle: 'Welcome' });
    expect(await q.documents(HOMEPAGE).count()).toBe(1);
  });

  it('put in a locale the document lacks adds that locale to it', async () => {
    const single = q.singleType(BANNER);
    const fr = await single.put({ data: { text: 'Soldes' }, locale: 'fr', status: 'published' });
    const en = await single.put({ data: { text: 'Sale' }, status: 'published' });
    expect([en.documentId, en.locale, fr.locale]).toEqual([fr.documentId, 'en', 'fr']);
    expect((await rowsOf(BANNER)).map((e) => e.text).sort()).toEqual(['Sale', 'Soldes']);
  });

  it('delete removes the document in one locale or all, and answers null when there is none', async () => {
    const single = q.singleType(FOOTER);
    expect(await single.delete({})).toBeNull();
    await single.put({ data: { text: 'Hello' } });
    await single.put({ data: { text: 'Bonjour' }, locale: 'fr' });
    const en = await single.delete({});
    expect(en?.entries.map((e) => e.locale)).toEqual(['en']);
    expect((await rowsOf(FOOTER)).map((e) => e.locale)).toEqual(['fr']);
    await single.delete({ locale: '*' });
    expect(single.documentId()).toBeUndefined();
  });

  it('two puts that both found no document (a password hashed between look-up and write) make one document', async () => {
    const single = q.singleType(VAULT);
    const [a, b] = await Promise.all([
      single.put({ data: { name: 'first', secret: 'hunter22' } }),
      single.put({ data: { name: 'second', secret: 'hunter23' } }),
    ]);
    expect(a.documentId).toBe(b.documentId);
    // Whichever hash came first created the document; the other updated it.
    expect((await rowsOf(VAULT)).map((e) => e.documentId)).toEqual([a.documentId]);
  });

  it('a put whose document is deleted while its password is hashed creates it again', async () => {
    const single = q.singleType(VAULT);
    const old = await single.put({ data: { name: 'old' } });
    const [put] = await Promise.all([single.put({ data: { name: 'new', secret: 'hunter22' } }), single.delete({})]);
    expect(put.documentId).not.toBe(old.documentId);
    expect((await rowsOf(VAULT)).map((e) => [e.documentId, e.name])).toEqual([[put.documentId, 'new']]);
  });

  it('a put that fails validation writes nothing', async () => {
    await expect(q.singleType(HOMEPAGE).put({ data: { subtitle: 'far too long a subtitle' } })).rejects.toBeInstanceOf(ValidationError);
    expect(q.singleType(HOMEPAGE).documentId()).toBeUndefined();
  });
});
