import type { Quarry } from '../../../src/index.js';
import { fileData, FILE } from '../media-models.js';
import type { Entry, MemoryWorld } from '../reference-evaluator.js';

/**
 * The world's files and pages (data/schemas: a page has an SEO component with a share image, and
 * a dynamic zone of heroes with a photo, rich text and lists of restaurants). Each is written
 * through the document service; the reference learns each page version as its write answered
 * it, its components populated (ids and fields, docs/content-models.md), and links the files and
 * restaurants its components name from their ids.
 */
export const PAGE = 'api::page.page';

/** Images, as every media field of the demo allows; one is linked from nowhere. */
const FILES = [
  fileData('share.png', 'image/png', { width: 1200, height: 630, alternativeText: 'Our dining room' }),
  fileData('hero.jpg', 'image/jpeg', { width: 1600, height: 900 }),
  fileData('menu.webp', 'image/webp', { width: 800, height: 1200, caption: 'Spring menu' }),
  fileData('unused.gif', 'image/gif'),
];

export type FileName = 'share.png' | 'hero.jpg' | 'menu.webp' | 'unused.gif';
export type Files = ReadonlyMap<string, Entry>;

export async function seedFiles(quarry: Quarry, world: MemoryWorld): Promise<Files> {
  const files = new Map<string, Entry>();
  for (const data of FILES) {
    const row = (await quarry.documents(FILE).create({ data })) as Entry;
    world.add(FILE, [row]);
    files.set(row.name as string, row);
  }
  return files;
}

interface Seo {
  readonly metaTitle: string;
  readonly metaDescription: string | null;
  readonly shareImage: FileName | null;
}

type Section =
  | { readonly __component: 'page.hero'; readonly heading: string; readonly subheading: string | null; readonly image: FileName | null }
  | { readonly __component: 'page.rich-text'; readonly body: unknown }
  | { readonly __component: 'page.restaurant-list'; readonly heading: string | null; readonly restaurants: readonly string[] };

interface PageVersion {
  readonly title: string;
  readonly seo: Seo | null;
  readonly sections: readonly Section[];
}

/** A draft & publish page: what was published (if it was), and the draft as it is now. */
interface WorldPage {
  readonly key: string;
  readonly published?: PageVersion;
  readonly draft: PageVersion;
}

const paragraph = (text: string) => [{ type: 'paragraph', children: [{ type: 'text', text }] }];
const hero = (heading: string, subheading: string | null, image: FileName | null): Section => ({ __component: 'page.hero', heading, subheading, image });
const list = (heading: string | null, restaurants: readonly string[]): Section => ({ __component: 'page.restaurant-list', heading, restaurants });
const text = (body: unknown): Section => ({ __component: 'page.rich-text', body });
const same = (version: PageVersion) => ({ published: version, draft: version });

/**
 * In id order. Published titles: Home, Menu, Contact, Blog; drafts: Home, Menu (new), About,
 * Contact, Blog. SEO titles in code-point order: About us, Our menu, Our new menu, Quarry Eats,
 * blog; Contact has none.
 */
const PAGES: readonly WorldPage[] = [
  {
    key: 'home',
    ...same({
      title: 'Home',
      seo: { metaTitle: 'Quarry Eats', metaDescription: 'Where to eat', shareImage: 'share.png' },
      sections: [
        hero('Bon appétit', 'Eat well', 'hero.jpg'),
        text([{ type: 'heading', level: 2, children: [{ type: 'text', text: 'Welcome', bold: true }] }, ...paragraph('Hi')]),
        list('Picks', ['Sushi Zen', 'Le Petit Bistro']),
      ],
    }),
  },
  {
    key: 'menu',
    published: {
      title: 'Menu',
      seo: { metaTitle: 'Our menu', metaDescription: null, shareImage: null },
      sections: [list('Tonight', ['Pizza Napoli', 'Noodle Bar', 'Green Fork']), hero('Menu', null, null)],
    },
    draft: {
      title: 'Menu (new)',
      seo: { metaTitle: 'Our new menu', metaDescription: 'Spring', shareImage: 'menu.webp' },
      sections: [hero('New menu', 'Spring', 'menu.webp'), list(null, ['Green Fork'])],
    },
  },
  { key: 'about', draft: { title: 'About', seo: { metaTitle: 'About us', metaDescription: null, shareImage: null }, sections: [text(paragraph('Since 2024'))] } },
  { key: 'contact', ...same({ title: 'Contact', seo: null, sections: [] }) },
  {
    key: 'blog',
    ...same({
      title: 'Blog',
      seo: { metaTitle: 'blog', metaDescription: 'Stories', shareImage: null },
      sections: [list('Nothing yet', []), text(null), hero('Stories', null, 'share.png')],
    }),
  },
];

/** What seeding pages needs from the rest of the world. */
export interface PageSeeding {
  readonly world: MemoryWorld;
  readonly files: Files;
  readonly restaurant: (name: string) => Entry;
  /** Records a page version as its write answered it. */
  readonly keep: (key: string, version: 'draft' | 'published', answer: unknown) => Entry;
}

/** The components as written and as the reference reads them: populated one level, with their ids. */
const COMPONENTS = { seo: true, sections: true } as const;

export async function seedPages(quarry: Quarry, seeding: PageSeeding): Promise<void> {
  const pages = quarry.documents(PAGE);
  const data = (key: string, v: PageVersion) => ({
    title: v.title,
    slug: key,
    seo: v.seo && { ...v.seo, shareImage: fileId(seeding, v.seo.shareImage) },
    sections: v.sections.map((s) => s.__component === 'page.hero' ? { ...s, image: fileId(seeding, s.image) }
      : s.__component === 'page.restaurant-list' ? { ...s, restaurants: s.restaurants.map((name) => seeding.restaurant(name).documentId) } : s),
  });
  for (const { key, published, draft } of PAGES) {
    let documentId: string;
    if (published) {
      const answer = await pages.create({ data: data(key, published), status: 'published', populate: COMPONENTS });
      documentId = linkComponents(seeding, seeding.keep(key, 'published', answer), published).documentId;
      // The draft as it stands (the same as published, or newer), as an update reports it.
      const next = await pages.update({ documentId, data: draft === published ? {} : data(key, draft), populate: COMPONENTS });
      linkComponents(seeding, seeding.keep(key, 'draft', next), draft);
    } else {
      linkComponents(seeding, seeding.keep(key, 'draft', await pages.create({ data: data(key, draft), populate: COMPONENTS })), draft);
    }
  }
}

const fileId = (seeding: PageSeeding, name: FileName | null): number | null => (name === null ? null : seeding.files.get(name)!.id);

/** Links what a version's components name from the ids its row gave them, item by item. */
function linkComponents(seeding: PageSeeding, row: Entry, version: PageVersion): Entry {
  const { world, files } = seeding;
  const seo = row.seo as Entry | null;
  if ((seo === null) !== (version.seo === null)) throw new Error(`page ${row.title}: seo written ${JSON.stringify(version.seo)}, answered ${JSON.stringify(seo)}`);
  if (seo && version.seo?.shareImage) world.link('shared.seo', seo.id, 'shareImage', [files.get(version.seo.shareImage)!.id]);
  const items = row.sections as Entry[];
  if (items.map((i) => i.__component).join() !== version.sections.map((s) => s.__component).join()) {
    throw new Error(`page ${row.title}: sections written ${JSON.stringify(version.sections)}, answered ${JSON.stringify(items)}`);
  }
  version.sections.forEach((section, i) => {
    const id = items[i]!.id;
    if (section.__component === 'page.hero' && section.image) world.link('page.hero', id, 'image', [files.get(section.image)!.id]);
    if (section.__component === 'page.restaurant-list') world.link('page.restaurant-list', id, 'restaurants', section.restaurants.map((name) => seeding.restaurant(name).id));
  });
  return row;
}
