/**
 * Media fields through the document service: file records of `plugin::upload.file`, linked by
 * id, documentId or the relation shapes, checked against the field's `allowedTypes`, following
 * their entry's version, and gone from every entry when the file is deleted.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Entry, Quarry } from '../../src/index.js';
import { expectRejected } from '../relations/fixtures.js';
import { ALBUM, createFiles, FILE, fileData, fileNames, mediaSchemas, POSTER } from '../support/media-models.js';
import { tempQuarry } from '../support/temp-quarry.js';

let q: Quarry & { dispose(): Promise<void> };
let f: Awaited<ReturnType<typeof createFiles>>;
beforeEach(async () => {
  q = tempQuarry(mediaSchemas);
  f = await createFiles(q);
});
afterEach(async () => {
  await q.dispose();
});

const albums = () => q.documents(ALBUM);
const id = (e: Entry) => e.id as number;
const populated = { cover: true, gallery: true, attachment: true } as const;

/** An album's media as file names, in the version asked for. */
async function media(documentId: string, status: 'draft' | 'published' = 'draft') {
  const e = await albums().findOne({ documentId, status, populate: populated });
  return e && { cover: fileNames(e.cover), gallery: fileNames(e.gallery), attachment: fileNames(e.attachment) };
}

describe('file records', () => {
  it('are entries of plugin::upload.file with Strapi\'s fields, in the order Strapi 5.54 shows them; folderPath is not shown', async () => {
    const made = await q.documents(FILE).create({ data: fileData('photo.jpg', 'image/jpeg', { width: 4, height: 3, alternativeText: 'A photo', formats: { thumbnail: { url: '/t.jpg' } }, folderPath: '/1' }) });
    expect(Object.keys(made)).toEqual([
      'id', 'documentId', 'name', 'alternativeText', 'caption', 'focalPoint', 'width', 'height', 'formats', 'hash', 'ext', 'mime',
      'size', 'url', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt', 'publishedAt',
    ]);
    expect(made).toMatchObject({ name: 'photo.jpg', mime: 'image/jpeg', width: 4, formats: { thumbnail: { url: '/t.jpg' } }, caption: null });
    expect(made.publishedAt).toBe(made.createdAt);
    const found = await q.documents(FILE).findMany({ filters: { mime: { $startsWith: 'image/' } }, sort: 'name:asc', fields: ['name'] });
    expect(found.map((e) => e.name)).toEqual(['blue.png', 'photo.jpg', 'red.png']);
  });

  it('need Strapi\'s required fields: name, hash, mime, size, url and provider', async () => {
    for (const field of ['name', 'hash', 'mime', 'size', 'url', 'provider']) {
      const data = fileData('x.png', 'image/png');
      delete data[field];
      await expectRejected(q, () => q.documents(FILE).create({ data }), `data.${field}`, `${field} must be defined.`);
    }
  });
});

describe('writing a media field', () => {
  it('takes a file id, a list of ids, documentIds, and null or [] to clear', async () => {
    const a = await albums().create({ data: { title: 'A', cover: id(f.red), gallery: [id(f.clip), f.blue.documentId, String(id(f.red))], attachment: f.doc.documentId } });
    const doc = a.documentId as string;
    expect(await media(doc)).toEqual({ cover: 'red.png', gallery: ['clip.mp4', 'blue.png', 'red.png'], attachment: 'doc.pdf' });
    await albums().update({ documentId: doc, data: { cover: { id: id(f.blue) }, gallery: [], attachment: null } });
    expect(await media(doc)).toEqual({ cover: 'blue.png', gallery: [], attachment: null });
    await albums().update({ documentId: doc, data: { cover: null } });
    expect((await media(doc))!.cover).toBeNull();
  });

  it('takes connect, disconnect and set with positions: a gallery is reordered in one request', async () => {
    const doc = (await albums().create({ data: { gallery: [id(f.red), id(f.blue), id(f.clip)] } })).documentId as string;
    await albums().update({
      documentId: doc,
      data: { gallery: { connect: [{ id: id(f.clip), position: { start: true } }, { id: id(f.red), position: { after: f.blue.documentId } }] } },
    });
    expect((await media(doc))!.gallery).toEqual(['clip.mp4', 'blue.png', 'red.png']);
    await albums().update({ documentId: doc, data: { gallery: { disconnect: [id(f.blue)], connect: [{ documentId: f.blue.documentId, position: { before: id(f.clip) } }] } } });
    expect((await media(doc))!.gallery).toEqual(['blue.png', 'clip.mp4', 'red.png']);
    await albums().update({ documentId: doc, data: { gallery: { disconnect: [id(f.clip)] }, cover: { set: [id(f.blue)] } } });
    expect(await media(doc)).toEqual({ cover: 'blue.png', gallery: ['blue.png', 'red.png'], attachment: null });
  });

  it('a single media field given several files keeps the last, as a to-one relation does (Strapi 5.54 keeps the first)', async () => {
    const doc = (await albums().create({ data: { cover: [id(f.red), id(f.blue)] } })).documentId as string;
    expect((await media(doc))!.cover).toBe('blue.png');
  });

  it('a file may be linked from many entries and fields', async () => {
    const a = (await albums().create({ data: { cover: id(f.red), gallery: [id(f.red)] } })).documentId as string;
    const b = (await albums().create({ data: { cover: id(f.red) } })).documentId as string;
    expect((await media(a))!.cover).toBe('red.png');
    expect(await media(b)).toEqual({ cover: 'red.png', gallery: [], attachment: null });
  });
});

describe('allowedTypes', () => {
  it('images are image/*, videos video/*, audios audio/*, files every other type', async () => {
    const doc = (await albums().create({ data: { cover: id(f.red), gallery: [id(f.blue), id(f.clip)], attachment: id(f.doc) } })).documentId as string;
    expect(await media(doc)).toEqual({ cover: 'red.png', gallery: ['blue.png', 'clip.mp4'], attachment: 'doc.pdf' });
    const error = await expectRejected(q, () => albums().update({ documentId: doc, data: { attachment: id(f.red) } }), 'data.attachment',
      `The file with id ${id(f.red)} (image/png) is not allowed in attachment, which accepts files`);
    expect(error.details).toEqual({ path: 'data.attachment', key: 'attachment', allowedTypes: ['files'] });
  });

  it('a file the field does not accept is a 400 at its place in the payload, and nothing is written', async () => {
    const doc = (await albums().create({ data: { title: 'A', gallery: [id(f.red)] } })).documentId as string;
    await expectRejected(q, () => albums().create({ data: { title: 'B', cover: id(f.clip) } }), 'data.cover',
      `The file with id ${id(f.clip)} (video/mp4) is not allowed in cover, which accepts images`);
    await expectRejected(q, () => albums().update({ documentId: doc, data: { title: 'changed', gallery: [id(f.blue), f.song.documentId] } }), 'data.gallery.1',
      /\(audio\/mpeg\) is not allowed in gallery, which accepts images, videos$/);
    await expectRejected(q, () => albums().update({ documentId: doc, data: { gallery: { connect: [id(f.blue), { id: id(f.doc), position: { start: true } }] } } }),
      'data.gallery.connect.1', /\(application\/pdf\) is not allowed in gallery/);
    await expectRejected(q, () => albums().update({ documentId: doc, data: { cover: { set: f.song.documentId } } }), 'data.cover.set', /\(audio\/mpeg\)/);
  });

  it('is checked before the entry is looked up, as a missing file is', async () => {
    await expectRejected(q, () => albums().update({ documentId: 'nosuchdocumentxxxxxxxxxx', data: { cover: id(f.clip) } }), 'data.cover', /is not allowed in cover/);
  });

  it('a file removed from a list need not be one the field accepts', async () => {
    const doc = (await albums().create({ data: { gallery: [id(f.red)] } })).documentId as string;
    await albums().update({ documentId: doc, data: { gallery: { disconnect: [id(f.song)] } } });
    expect((await media(doc))!.gallery).toEqual(['red.png']);
  });
});

describe('missing files', () => {
  it('an unknown id or documentId is a 400, as for relations', async () => {
    await expectRejected(q, () => albums().create({ data: { gallery: [id(f.red), 999] } }), 'data.gallery.1', 'Relation with id 999 not found');
    await expectRejected(q, () => albums().create({ data: { cover: 'nosuchfilexxxxxxxxxxxxxx' } }), 'data.cover', 'Document with id "nosuchfilexxxxxxxxxxxxxx", locale "null" not found');
  });
});

describe('deleting a file record', () => {
  it('removes its links from every entry and version; the other files keep their order', async () => {
    const a = (await albums().create({ data: { cover: id(f.red), gallery: [id(f.blue), id(f.red), id(f.clip)] }, status: 'published' })).documentId as string;
    const b = (await albums().create({ data: { gallery: [id(f.red)] } })).documentId as string;
    await q.documents(FILE).delete({ documentId: f.red.documentId as string });
    expect(await media(a, 'draft')).toEqual({ cover: null, gallery: ['blue.png', 'clip.mp4'], attachment: null });
    expect(await media(a, 'published')).toEqual({ cover: null, gallery: ['blue.png', 'clip.mp4'], attachment: null });
    expect((await media(b))!.gallery).toEqual([]);
    expect(await albums().count({ filters: { cover: { $null: true } } })).toBe(2);
    expect(q.check().problems).toEqual([]);
  });
});

describe('draft & publish', () => {
  it('a media field follows its entry\'s version: written on the draft, copied by publish, reset by discardDraft', async () => {
    const doc = (await albums().create({ data: { cover: id(f.red), gallery: [id(f.clip), id(f.blue)] }, status: 'published' })).documentId as string;
    await albums().update({ documentId: doc, data: { cover: id(f.blue), gallery: { connect: [{ id: id(f.blue), position: { start: true } }] } } });
    expect(await media(doc, 'draft')).toEqual({ cover: 'blue.png', gallery: ['blue.png', 'clip.mp4'], attachment: null });
    expect(await media(doc, 'published')).toEqual({ cover: 'red.png', gallery: ['clip.mp4', 'blue.png'], attachment: null });
    await albums().discardDraft({ documentId: doc });
    expect(await media(doc, 'draft')).toEqual({ cover: 'red.png', gallery: ['clip.mp4', 'blue.png'], attachment: null });
    await albums().update({ documentId: doc, data: { gallery: [id(f.red)] }, status: 'published' });
    expect(await media(doc, 'published')).toEqual({ cover: 'red.png', gallery: ['red.png'], attachment: null });
  });

  it('filters reach the version read', async () => {
    const doc = (await albums().create({ data: { title: 'A', gallery: [id(f.clip)] }, status: 'published' })).documentId as string;
    await albums().update({ documentId: doc, data: { gallery: [id(f.red)] } });
    const titles = async (status: 'draft' | 'published', mime: string) =>
      (await albums().findMany({ status, filters: { gallery: { mime: { $startsWith: mime } } }, fields: ['title'] })).map((e) => e.title);
    expect(await titles('draft', 'image/')).toEqual(['A']);
    expect(await titles('draft', 'video/')).toEqual([]);
    expect(await titles('published', 'video/')).toEqual(['A']);
  });
});

describe('locales', () => {
  const posters = () => q.documents(POSTER);
  /** `picture` and `slides` of every version of a poster, by `locale/status`. */
  async function versions(documentId: string) {
    const out: Record<string, [unknown, unknown]> = {};
    for (const status of ['draft', 'published'] as const) {
      for (const e of await posters().findMany({ locale: '*', status, filters: { documentId }, populate: { picture: true, slides: true } })) {
        out[`${e.locale}/${status}`] = [fileNames(e.picture), fileNames(e.slides)];
      }
    }
    return out;
  }

  it('a shared media field agrees among drafts and among published rows: written on a draft, published, discarded', async () => {
    const doc = (await posters().create({ data: { title: 'en', picture: id(f.red), slides: [id(f.red)] }, status: 'published' })).documentId as string;
    await posters().update({ documentId: doc, locale: 'fr', data: { title: 'fr', slides: [id(f.blue)] }, status: 'published' });
    await posters().update({ documentId: doc, locale: 'fr', data: { picture: id(f.blue) } });
    expect(await versions(doc)).toEqual({
      'en/draft': ['blue.png', ['red.png']], 'fr/draft': ['blue.png', ['blue.png']],
      'en/published': ['red.png', ['red.png']], 'fr/published': ['red.png', ['blue.png']],
    });
    await posters().publish({ documentId: doc, locale: 'fr' });
    expect((await versions(doc))['en/published']).toEqual(['blue.png', ['red.png']]);

    await posters().update({ documentId: doc, locale: 'en', data: { picture: null } });
    expect((await versions(doc))['fr/draft']).toEqual([null, ['blue.png']]);
    await posters().discardDraft({ documentId: doc, locale: 'en' });
    expect(await versions(doc)).toEqual({
      'en/draft': ['blue.png', ['red.png']], 'fr/draft': ['blue.png', ['blue.png']],
      'en/published': ['blue.png', ['red.png']], 'fr/published': ['blue.png', ['blue.png']],
    });
  });

  it('deleting one locale leaves the others\' files', async () => {
    const doc = (await posters().create({ data: { title: 'en', picture: id(f.red) } })).documentId as string;
    await posters().update({ documentId: doc, locale: 'fr', data: { title: 'fr' } });
    await posters().delete({ documentId: doc, locale: 'fr' });
    expect(await versions(doc)).toEqual({ 'en/draft': ['red.png', []] });
  });
});
