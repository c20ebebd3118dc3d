import type { Quarry } from '../../../src/index.js';
import { ARTICLE, CATEGORY, CHEF, RESTAURANT, SEED_CATEGORIES, SEED_CHEFS, SEED_RESTAURANTS, TAG, type SeedRestaurant } from '../../http/seed.js';
import { MemoryWorld, type Entry } from '../reference-evaluator.js';
import { PAGE, seedFiles, seedPages, type FileName } from './world-pages.js';

/**
 * The data every read case runs on, stated once as plain data: the HTTP seed's chefs, categories
 * and restaurants (test/http/seed.ts), one restaurant more (no chef, and ties with others), tags
 * in two locales, articles in draft & publish with cover images, files and pages built from
 * components (test/support/read-cases/world-pages.ts). `seedWorld` writes it through the document
 * service and keeps what each write answered (rows with their ids and timestamps) and the links
 * it made in a MemoryWorld, which the reference reader answers from.
 */

/** The types the cases read, by the plural name REST and GraphQL use. */
export const TYPES = { restaurants: RESTAURANT, chefs: CHEF, categories: CATEGORY, articles: ARTICLE, tags: TAG, pages: PAGE } as const;
export type TypeName = keyof typeof TYPES;

/** The field that names an entry in a case's expected answer. */
export const LABEL: Record<TypeName, string> = { restaurants: 'name', chefs: 'name', categories: 'name', articles: 'title', tags: 'name', pages: 'title' };

interface WorldRestaurant extends SeedRestaurant {
  readonly description?: string;
  /** Keys of ARTICLES. */
  readonly articles: readonly string[];
}

const ARTICLES_OF: Record<string, readonly string[]> = {
  'Le Petit Bistro': ['opening', 'interview'],
  'Sushi Zen': ['interview', 'preview'],
  'Pizza Napoli': ['review'],
};

const RESTAURANTS: readonly WorldRestaurant[] = [
  ...SEED_RESTAURANTS.map((r) => ({ ...r, articles: ARTICLES_OF[r.name] ?? [] })),
  // Without a chef (sorts and filters through `chef` meet a missing entry), with the only
  // description, and tied with Pizza Napoli on stars and with Burger Barn on price.
  { name: 'Noodle Bar', stars: 3, open: true, price: 12.25, chef: null, categories: ['Japanese'], description: 'Late-night ramen', articles: ['opening'] },
];

/** A localized document: its name per locale (the first locale creates it), and its shared code. */
interface WorldTag {
  readonly code: string;
  readonly names: Readonly<Record<string, string | null>>;
}

const TAGS: readonly WorldTag[] = [
  { code: 'terrace', names: { en: 'Terrace', fr: 'Terrasse' } },
  { code: 'vegan', names: { en: 'Vegan friendly', fr: 'Végétalien' } },
  { code: 'music', names: { en: 'Live music' } },
  { code: 'apero', names: { fr: 'Apéro' } },
  { code: 'wifi', names: { en: null, fr: 'Wi-Fi' } },
];

/** One version of an article. Tags by code, `code@fr` for another locale than the default. */
interface ArticleVersion {
  readonly title: string;
  readonly body: string | null;
  readonly tags: readonly string[];
  readonly cover: FileName | null;
}

/** A draft & publish document: what was published (if it was), and the draft as it is now. */
interface WorldArticle {
  readonly key: string;
  readonly published?: ArticleVersion;
  readonly draft: ArticleVersion;
}

const same = (version: ArticleVersion) => ({ published: version, draft: version });

const ARTICLES: readonly WorldArticle[] = [
  { key: 'opening', ...same({ title: 'Opening night', body: 'Ramen and more', tags: ['terrace', 'music'], cover: 'hero.jpg' }) },
  {
    key: 'interview',
    published: { title: 'Chef interview', body: null, tags: ['terrace', 'vegan'], cover: 'share.png' },
    draft: { title: 'Chef interview (updated)', body: 'New questions', tags: ['vegan@fr'], cover: 'menu.webp' },
  },
  { key: 'preview', draft: { title: 'Menu preview', body: null, tags: ['apero@fr', 'wifi'], cover: null } },
  // Lower case: after every upper-case title in code-point order.
  { key: 'review', ...same({ title: 'a late review', body: 'Crisp', tags: [], cover: null }) },
];

export interface DocumentIds {
  /** A document's documentId by its type and label (name; an article's key, a tag's code). */
  documentId(type: TypeName, label: string): string;
}

export interface SeededWorld extends DocumentIds {
  readonly world: MemoryWorld;
}

/** Rows of one document: by locale for localized types, by status for draft & publish ones, else `published`. */
type Versions = Map<string, Entry>;

/** Writes the world through the document service and records each row as its write answered it. */
export async function seedWorld(quarry: Quarry): Promise<SeededWorld> {
  const world = new MemoryWorld(quarry.registry);
  const docs = new Map<string, Versions>();
  const keep = (type: TypeName, label: string, version: string, answer: unknown): Entry => {
    if (answer === null || typeof answer !== 'object') throw new Error(`writing ${type} ${label} (${version}) answered ${answer}`);
    const row = answer as Entry;
    world.add(TYPES[type], [row]);
    const key = `${type}:${label}`;
    docs.set(key, (docs.get(key) ?? new Map()).set(version, row));
    return row;
  };
  const versions = (type: TypeName, label: string): Versions => {
    const found = docs.get(`${type}:${label}`);
    if (!found) throw new Error(`no ${type} ${label} in the world`);
    return found;
  };
  const only = (type: TypeName, label: string): Entry => versions(type, label).get('published')!;

  for (const { code, names } of TAGS) {
    let documentId: string | undefined;
    for (const [locale, name] of Object.entries(names)) {
      // `code` is shared by the locales: a later locale takes it from the first.
      const answer = documentId === undefined
        ? await quarry.documents(TAG).create({ data: { name, code }, locale })
        : await quarry.documents(TAG).update({ documentId, data: { name }, locale });
      documentId = keep('tags', code, locale, answer).documentId;
    }
  }
  // A tag named `code@locale`, as an article's relation item names it and as the world links it.
  const tagRef = (ref: string) => {
    const [code, locale = 'en'] = ref.split('@');
    const row = versions('tags', code!).get(locale)!;
    return { item: { documentId: row.documentId, locale }, row: row.id };
  };
  const files = await seedFiles(quarry, world);
  const fileOf = (name: FileName | null) => (name === null ? [] : [files.get(name)!.id]);
  const articleData = (v: ArticleVersion) => ({ title: v.title, body: v.body, tags: v.tags.map((t) => tagRef(t).item), cover: fileOf(v.cover)[0] ?? null });
  // Its tags and its cover: every version has its own.
  const linkArticle = (row: Entry, v: ArticleVersion) => world.link(ARTICLE, row.id, 'tags', v.tags.map((t) => tagRef(t).row)).link(ARTICLE, row.id, 'cover', fileOf(v.cover));

  for (const { key, published, draft } of ARTICLES) {
    const articles = quarry.documents(ARTICLE);
    const first = await articles.create({ data: articleData(published ?? draft) });
    const documentId = first.documentId as string;
    if (published) {
      const { entries } = await articles.publish({ documentId });
      linkArticle(keep('articles', key, 'published', entries[0]), published);
    }
    const current = draft === published ? first : await articles.update({ documentId, data: articleData(draft) });
    linkArticle(keep('articles', key, 'draft', current), draft);
  }

  for (const [name, country] of SEED_CHEFS) keep('chefs', name, 'published', await quarry.documents(CHEF).create({ data: { name, country } }));
  for (const name of SEED_CATEGORIES) keep('categories', name, 'published', await quarry.documents(CATEGORY).create({ data: { name } }));
  for (const r of RESTAURANTS) {
    const chef = r.chef === null ? null : only('chefs', r.chef);
    const categories = r.categories.map((name) => only('categories', name));
    // A type without versions links every version of a draft & publish document (src/relations/resolve.ts, targetStatuses).
    const articles = r.articles.flatMap((key) => ['draft', 'published'].flatMap((status) => versions('articles', key).get(status) ?? []));
    const data = {
      name: r.name, stars: r.stars, open: r.open, price: r.price, description: r.description ?? null, chef: chef?.documentId ?? null,
      categories: categories.map((c) => c.documentId), articles: r.articles.map((key) => versions('articles', key).get('draft')!.documentId),
    };
    const row = keep('restaurants', r.name, 'published', await quarry.documents(RESTAURANT).create({ data }));
    if (chef) world.link(RESTAURANT, row.id, 'chef', [chef.id]);
    world.link(RESTAURANT, row.id, 'categories', categories.map((c) => c.id));
    world.link(RESTAURANT, row.id, 'articles', articles.map((a) => a.id));
  }
  await seedPages(quarry, { world, files, restaurant: (name) => only('restaurants', name), keep: (key, version, answer) => keep('pages', key, version, answer) });

  return {
    world,
    documentId(type, label) {
      return [...versions(type, label).values()][0]!.documentId;
    },
  };
}

