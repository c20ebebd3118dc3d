import { createQuarry, QuarryError, type Entry, type Quarry } from '../../src/index.js';
import type { ProjectSources, RawAttribute } from '../../src/schema/raw.js';
import { Rng } from '../../fixtures/prng.js';
import { collectionType, LOCALES } from './support.js';

const i18n = { pluginOptions: { i18n: { localized: true } } };
const component = (uid: string, attributes: Record<string, RawAttribute>) => ({ uid, file: `components/${uid.replace('.', '/')}.json`, schema: { attributes } });

export const PAGE = 'api::page.page';
export const SPOT = 'api::spot.spot';
export const FILE = 'plugin::upload.file';

/**
 * Every way a component holds links, for the transfer and the checker: a draft & publish,
 * localized `page` with a single component (`seo`, a media field inside), a repeatable one
 * (`links`, a to-one relation to a page inside) and a dynamic zone of a hero (an image), picks
 * (a list of spots, and a nested component that links a page) and a gallery (several images);
 * a `spot` without versions whose components link pages (so its rows link both versions of them).
 */
export const COMPONENT_LINKS_PROJECT: ProjectSources = {
  types: [
    collectionType('page', true, true, {
      title: { type: 'string', ...i18n },
      seo: { type: 'component', component: 'shared.seo', ...i18n },
      links: { type: 'component', component: 'shared.link', repeatable: true, ...i18n },
      blocks: { type: 'dynamiczone', components: ['sections.hero', 'sections.picks', 'sections.gallery'], ...i18n },
    }),
    collectionType('spot', false, false, {
      name: { type: 'string' },
      promo: { type: 'component', component: 'shared.link' },
      highlights: { type: 'component', component: 'sections.picks', repeatable: true },
    }),
  ],
  components: [
    component('shared.seo', { metaTitle: { type: 'string' }, image: { type: 'media', multiple: false, allowedTypes: ['images'] } }),
    component('shared.link', { label: { type: 'string' }, page: { type: 'relation', relation: 'oneToOne', target: PAGE } }),
    component('sections.hero', { heading: { type: 'string' }, body: { type: 'blocks' }, image: { type: 'media', multiple: false } }),
    component('sections.picks', {
      heading: { type: 'string' },
      spots: { type: 'relation', relation: 'oneToMany', target: SPOT },
      more: { type: 'component', component: 'shared.link' },
    }),
    component('sections.gallery', { images: { type: 'media', multiple: true } }),
  ],
};

export function openComponentLinks(path: string): Quarry {
  return createQuarry({ schemas: COMPONENT_LINKS_PROJECT, path, i18n: { defaultLocale: 'en', locales: LOCALES }, noSync: true });
}

/**
 * A random history of writes through the document service over COMPONENT_LINKS_PROJECT: files,
 * spots and pages created with components that link each other, component values replaced with
 * some items kept by id and relations inside them connected with positions, disconnected or set,
 * pages published, unpublished, discarded and deleted, spots and files deleted (their links
 * inside components with them). Writes the API refuses are skipped. Answers how many succeeded.
 */
export async function randomComponentHistory(quarry: Quarry, seed: number, steps: number): Promise<number> {
  const rng = new Rng(seed);
  const rand = () => rng.next();
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const some = <T>(list: readonly T[], max: number): T[] => Array.from({ length: Math.floor(rand() * (max + 1)) }, () => pick(list)).filter((v, i, a) => a.indexOf(v) === i);
  const ids: Record<'page' | 'spot' | 'file', string[]> = { page: [], spot: [], file: [] };
  let ok = 0;

  const pageRef = () => ({ documentId: pick(ids.page), locale: pick(LOCALES) });
  const relation = (list: readonly string[], toMany: boolean): unknown => {
    if (list.length === 0) return undefined;
    if (!toMany) return rand() < 0.2 ? null : pick(list);
    const r = rand();
    if (r < 0.4) return some(list, 3);
    if (r < 0.7) return { connect: some(list, 2).map((documentId) => ({ documentId, position: pick([{ start: true }, { end: true }, { before: pick(list) }]) })), options: { strict: false } };
    if (r < 0.85) return { disconnect: some(list, 1) };
    return { set: some(list, 2) };
  };
  const link = (keep?: Entry) => ({ ...(keep ? { id: keep.id } : {}), label: `link ${Math.floor(rand() * 100)}`, ...(ids.page.length > 0 && rand() < 0.6 ? { page: rand() < 0.8 ? pageRef() : null } : {}) });
  const picks = (keep?: Entry) => ({ ...(keep ? { id: keep.id } : {}), heading: `picks ${Math.floor(rand() * 100)}`, spots: relation(ids.spot, true), more: rand() < 0.6 ? link(keep?.more as Entry | undefined) : null });
  /** A new value for a list of items: some of the items held now kept by id, in a new order, and new ones. */
  const list = <T>(held: readonly Entry[], make: (keep?: Entry) => T): T[] => [
    ...some(held, 2).map((item) => make(item)),
    ...Array.from({ length: Math.floor(rand() * 3) }, () => make()),
  ];
  const blocks = (held: readonly Entry[]) => list(held, (keep) => {
    const kind = keep ? (keep.__component as string) : pick(['sections.hero', 'sections.picks', 'sections.gallery']);
    const base = { __component: kind, ...(keep ? { id: keep.id } : {}) };
    if (kind === 'sections.hero') return { ...base, heading: `hero ${Math.floor(rand() * 100)}`, body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Salut' }] }], image: relation(ids.file, false) };
    if (kind === 'sections.gallery') return { ...base, images: relation(ids.file, true) };
    return { ...picks(keep), ...base };
  });
  const populate = { seo: true, links: true, blocks: { on: { 'sections.picks': { populate: { more: true } } } } };

  for (let step = 0; step < steps; step++) {
    const r = rand();
    try {
      if (ids.file.length < 3 || r < 0.06) {
        const n = ids.file.length;
        const file = await quarry.documents(FILE).create({ data: { name: `photo-${n}.jpg`, hash: `photo_${n}`, ext: '.jpg', mime: rand() < 0.8 ? 'image/jpeg' : 'video/mp4', size: 12.5, url: `/uploads/photo_${n}.jpg`, provider: 'local' } });
        ids.file.push(file.documentId as string);
      } else if (ids.spot.length < 3 || r < 0.15) {
        const spot = await quarry.documents(SPOT).create({ data: { name: `spot ${step}`, promo: rand() < 0.7 ? link() : null, highlights: list([], picks) } });
        ids.spot.push(spot.documentId as string);
      } else if (r < 0.25) {
        const documentId = pick(ids.spot);
        const held = (await quarry.documents(SPOT).findOne({ documentId, populate: { promo: true, highlights: { populate: { more: true } } } }))!;
        await quarry.documents(SPOT).update({ documentId, data: { highlights: list(held.highlights as Entry[], picks), ...(rand() < 0.5 ? { promo: link(held.promo as Entry | undefined ?? undefined) } : {}) } });
      } else if (ids.page.length < 3 || r < 0.4) {
        const locale = pick(LOCALES);
        const data = { title: `page ${step}`, seo: rand() < 0.7 ? { metaTitle: `seo ${step}`, image: relation(ids.file, false) } : null, links: list([], link), blocks: blocks([]) };
        const existing = ids.page.length > 0 && rand() < 0.3 ? pick(ids.page) : undefined;
        if (existing) await quarry.documents(PAGE).update({ documentId: existing, locale, data });
        else ids.page.push((await quarry.documents(PAGE).create({ locale, data })).documentId as string);
      } else if (r < 0.65) {
        const documentId = pick(ids.page);
        const locale = pick(LOCALES);
        const held = await quarry.documents(PAGE).findOne({ documentId, locale, populate });
        if (!held) continue;
        const seo = held.seo as Entry | null;
        await quarry.documents(PAGE).update({
          documentId, locale,
          data: rand() < 0.5
            ? { blocks: blocks(held.blocks as Entry[]), links: list(held.links as Entry[], link) }
            : { seo: seo && rand() < 0.7 ? { id: seo.id, image: relation(ids.file, false) } : { metaTitle: `seo ${step}` } },
        });
      } else if (r < 0.92) {
        const documentId = pick(ids.page);
        const pages = quarry.documents(PAGE);
        const what = rand();
        if (what < 0.6) await pages.publish({ documentId, locale: pick([...LOCALES, '*']) });
        else if (what < 0.75) await pages.unpublish({ documentId, locale: pick(LOCALES) });
        else if (what < 0.9) await pages.discardDraft({ documentId, locale: pick(LOCALES) });
        else {
          await pages.delete({ documentId, locale: '*' });
          ids.page.splice(ids.page.indexOf(documentId), 1);
        }
      } else {
        const kind = pick(['spot', 'file'] as const);
        if (ids[kind].length <= 3) continue;
        const documentId = pick(ids[kind]);
        await quarry.documents(kind === 'spot' ? SPOT : FILE).delete({ documentId });
        ids[kind].splice(ids[kind].indexOf(documentId), 1);
      }
      ok++;
    } catch (e) {
      if (!(e instanceof QuarryError)) throw e;
    }
  }
  return ok;
}
