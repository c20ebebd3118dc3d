#!/usr/bin/env node
/**
 * Writes data/demo/dataset.json, the demo dataset, in Quarry's export format (see
 * src/cli/transfer/format.ts), so `quarry import` and `npm start` load it as they load any export.
 *
 * Deterministic: a seeded generator and fixed timestamps, so running it again writes the same
 * file byte for byte. It uses the CLI's own file writer, so build first:
 *
 *   npm run build && node data/demo/generate.mjs
 *
 * What is in it: chefs from twelve countries, restaurants with a chef and ordered categories
 * (the cuisine of their chef's country first), articles in draft & publish (some only drafts,
 * some published with a newer draft), and tags in English and French. Names carry accents so
 * that `$containsi` and `$eqi` have something to fold. Both sides of every relation have their
 * own order: a chef lists restaurants by name, a category best-rated first. Then file records
 * (photos, as Strapi's upload plugin describes them), a cover photo on most articles, and pages
 * built from components: an SEO component with a share image, and a dynamic zone of a hero with
 * a photo, rich text in blocks and a list of restaurants (a relation inside a component). These
 * come after everything else is drawn, so the rest of the data does not depend on them.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { RecordWriter } from '../../dist/src/cli/transfer/files.js';
import { SchemaRegistry } from '../../dist/src/schema/registry.js';
import { fingerprintOf, shapesOf } from '../../dist/src/schema/shapes.js';

const OUT = fileURLToPath(new URL('./dataset.json', import.meta.url));
const UPLOADS = `${OUT}.uploads`;
const SCHEMAS = fileURLToPath(new URL('../schemas', import.meta.url));
const SEED = 20250106;

const COUNTS = { chefs: 240, restaurants: 2400, articles: 320 };

/** mulberry32: a small seeded generator, enough for test data. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(SEED);
const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
const pick = (list) => list[Math.floor(rand() * list.length)];
const chance = (p) => rand() < p;
/** `n` distinct items of `list`, in random order. */
function sample(list, n) {
  const pool = [...list];
  const out = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]);
  return out;
}

const usedIds = new Set();
/** Strapi's shape: 24 lowercase letters and digits, starting with a letter. */
function documentId() {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const alnum = `${letters}0123456789`;
  for (;;) {
    let id = letters[Math.floor(rand() * 26)];
    for (let i = 1; i < 24; i++) id += alnum[Math.floor(rand() * 36)];
    if (!usedIds.has(id)) {
      usedIds.add(id);
      return id;
    }
  }
}

let clock = Date.UTC(2025, 0, 6, 9, 0, 0);
/** Timestamps move forward by a fixed step per entry: realistic order, same file every run. */
const tick = () => new Date((clock += 97_000)).toISOString();
const later = (iso, hours) => new Date(Date.parse(iso) + hours * 3_600_000).toISOString();

// ---------------------------------------------------------------------------------------------
// Vocabulary

const COUNTRIES = {
  France: {
    first: ['Amélie', 'Hélène', 'Chloé', 'Zoé', 'Léa', 'Inès', 'Noémie', 'Maëlle', 'François', 'Jérôme', 'Loïc', 'Stéphane', 'Benoît', 'Rémi', 'Théo', 'Gaëtan'],
    last: ['Durand', 'Lefèvre', 'Mercier', 'Géraud', 'Dupré', 'Faure', 'Ménard', 'Rousseau', 'Bézier', 'Chevalier'],
    categories: ['Bistro', 'Brasserie', 'Crêperie', 'Pâtisserie', 'Boulangerie', 'Fromagerie', 'Rôtisserie', 'Fine dining'],
  },
  Italy: { first: ['Giulia', 'Niccolò', 'Lorenzo', 'Chiara', 'Matteo', 'Federica'], last: ['Bianchi', 'Rossi', 'Esposito', 'Romano', 'Galli'], categories: ['Trattoria', 'Pizzeria', 'Gelateria'] },
  Spain: { first: ['José', 'Lucía', 'Begoña', 'Íñigo', 'Ramón', 'Sofía', 'Núria'], last: ['García', 'Muñoz', 'Peña', 'Ibáñez', 'Álvarez', 'Castaño'], categories: ['Tapas', 'Seafood'] },
  Mexico: { first: ['Rubén', 'Ximena', 'Andrés', 'Mariana', 'Héctor'], last: ['Hernández', 'López', 'Martínez', 'Ramírez'], categories: ['Taquería', 'Street food'] },
  Germany: { first: ['Jürgen', 'Günther', 'Jörg', 'Anja', 'Lena', 'Matthias'], last: ['Müller', 'Schäfer', 'Köhler', 'Weiß'], categories: ['Brasserie', 'Boulangerie'] },
  Sweden: { first: ['Björn', 'Åsa', 'Mårten', 'Ingrid', 'Linnéa'], last: ['Ångström', 'Lindqvist', 'Sjöberg', 'Nyström'], categories: ['Seafood', 'Fine dining', 'Café'] },
  Japan: { first: ['Kenji', 'Yūko', 'Haruki', 'Aiko', 'Shōta'], last: ['Tanaka', 'Satō', 'Yamamoto', 'Itō'], categories: ['Izakaya', 'Ramen', 'Sushi'] },
  Vietnam: { first: ['Linh', 'Minh', 'Thảo', 'Quân'], last: ['Nguyễn', 'Trần', 'Phạm', 'Lê'], categories: ['Phở', 'Street food'] },
  Lebanon: { first: ['Karim', 'Yasmine', 'Rania', 'Omar'], last: ['Haddad', 'Khoury', 'Nassar'], categories: ['Mezze', 'Street food'] },
  Portugal: { first: ['João', 'Conceição', 'Inês', 'Tiago'], last: ['Gonçalves', 'Simões', 'Pereira', 'Araújo'], categories: ['Seafood', 'Pâtisserie'] },
  Morocco: { first: ['Youssef', 'Salma', 'Hicham'], last: ['Benali', 'El Idrissi', 'Amrani'], categories: ['Tajine', 'Mezze'] },
  Peru: { first: ['Gastón', 'Pía', 'Virgilio'], last: ['Quispe', 'Mamani', 'Flores'], categories: ['Cevichería', 'Seafood'] },
};

const CATEGORIES = [
  'Bistro', 'Brasserie', 'Crêperie', 'Pâtisserie', 'Boulangerie', 'Fromagerie', 'Rôtisserie', 'Fine dining',
  'Trattoria', 'Pizzeria', 'Gelateria', 'Tapas', 'Seafood', 'Taquería', 'Street food', 'Café', 'Izakaya',
  'Ramen', 'Sushi', 'Phở', 'Mezze', 'Tajine', 'Cevichería', 'Wine bar', 'Vegan', 'Brunch',
];

const NAME_START = ['Le Petit', 'Le Grand', 'La Belle', 'Chez', 'Café', 'Bistrot', 'Brasserie', 'Crêperie', 'Trattoria', 'Osteria', 'Taberna', 'Casa', 'Izakaya', 'Maison', 'Taquería', 'Cantina', 'Le Comptoir', 'La Table', 'Le Jardin', 'Auberge'];
const NAME_END = ['Zinc', 'Hélène', 'Lumière', 'Sainte-Anne', 'Saint-Éloi', 'Montmartre', 'Bellecour', 'des Halles', 'du Port', 'Niçoise', 'Nonna Lucía', 'da Niccolò', 'del Mar', 'Sakura', 'Hokkaidō', 'El Güero', 'La Paloma', 'Mirabelle', 'du Cèdre', 'Saïda', 'Fado', 'Alfama', 'Örebro', 'Müller', 'Bergère', 'Rivoli', 'du Château', "de l'Écume", 'Señor Peña', 'Façade'];
const NAME_SUFFIX = ['', '', '', '', ' & Fils', ' II', ' Express', ' Rive Gauche'];
const CITIES = ['Paris', 'Lyon', 'Marseille', 'Nîmes', 'Besançon', 'Orléans', 'Saint-Étienne', 'Montréal', 'Québec', 'Genève', 'Bruxelles', 'Sevilla', 'Córdoba', 'München', 'Malmö', 'Kraków', 'Lisboa', 'Zürich'];
const FEATURES = ['Fait maison', 'Terrasse ombragée', 'Menu dégustation le soir', 'Carte des vins nature', 'Crème brûlée à tomber', 'Produits du marché', 'Service tardif', 'Réservation conseillée', 'Cuisine ouverte', 'Café torréfié sur place'];

/** Tags: a code shared by all locales, an English name, and a French one for most. */
const TAGS = [
  ['vegan', 'Vegan', 'Végétalien'], ['vegetarian', 'Vegetarian', 'Végétarien'], ['gluten-free', 'Gluten-free', 'Sans gluten'],
  ['terrace', 'Terrace', 'Terrasse'], ['family', 'Family friendly', 'Familial'], ['late', 'Open late', 'Ouvert tard'],
  ['natural-wine', 'Natural wine', 'Vin nature'], ['dog-friendly', 'Dog friendly', 'Chiens acceptés'], ['sea-view', 'Sea view', 'Vue sur mer'],
  ['cheap-eats', 'Cheap eats', 'Petits prix'], ['michelin', 'Michelin guide', 'Guide Michelin'], ['brunch', 'Sunday brunch', 'Brunch du dimanche'],
  ['takeaway', 'Takeaway', 'À emporter'], ['chefs-table', "Chef's table", "Table d'hôte"], ['seasonal', 'Seasonal menu', 'Menu de saison'],
  ['pastry', 'Pastry', 'Pâtisserie'], ['street-food', 'Street food', 'Cuisine de rue'], ['hidden-gem', 'Hidden gem', 'Pépite cachée'],
  ['new', 'New opening', null], ['award', 'Award winner', null],
];

const FR_TITLES = [
  (c) => `Les meilleures crêpes de ${c}`, (c) => `Où manger un phở à ${c} ?`, (c) => `Dix bistrots où l'on revient, à ${c}`,
  (c) => `Le guide du brunch à ${c}`, (c) => `Tapas : notre sélection à ${c}`, (c) => `Pâtisseries incontournables de ${c}`,
  (c) => `Fromageries : le tour de ${c}`, (c) => `Une semaine de déjeuners à ${c}`,
];
const EN_TITLES = [
  (c) => `Best ramen in ${c}`, (c) => `A week of brunch in ${c}`, (c) => `Where chefs eat on their day off in ${c}`,
  (c) => `Seafood worth the trip: ${c}`, (c) => `Late-night eats in ${c}`, (c) => `The new wave of Lebanese cooking in ${c}`,
];

// ---------------------------------------------------------------------------------------------
// Documents

const chefs = Array.from({ length: COUNTS.chefs }, () => {
  const country = pick(Object.keys(COUNTRIES));
  const { first, last } = COUNTRIES[country];
  return { id: documentId(), at: tick(), name: `${pick(first)} ${pick(last)}`, country, restaurants: [] };
});

const categories = CATEGORIES.map((name) => ({ id: documentId(), at: tick(), name, restaurants: [] }));
const categoryByName = new Map(categories.map((c) => [c.name, c]));

const tags = TAGS.map(([code, en, fr]) => ({ id: documentId(), at: tick(), code, names: fr ? { en, fr } : { en } }));

const restaurants = [];
for (let i = 0; i < COUNTS.restaurants; i++) {
  let name = 'Le Petit Zinc';
  if (i > 0) {
    do name = `${pick(NAME_START)} ${pick(NAME_END)}${pick(NAME_SUFFIX)}`; while (name === 'Le Petit Zinc');
  }
  // The first restaurant has a French chef, so the printed examples always have something to show.
  const chef = i === 0 ? chefs.find((c) => c.country === 'France') : chance(0.9) ? pick(chefs) : null;
  const own = chef ? COUNTRIES[chef.country].categories : [];
  const primary = own.length > 0 ? pick(own) : pick(CATEGORIES);
  const others = sample(CATEGORIES.filter((c) => c !== primary), i === 0 ? 2 : int(0, 2));
  const r = {
    id: documentId(),
    at: tick(),
    name,
    stars: int(1, 5),
    open: i === 0 || chance(0.85),
    price: Math.round((9.5 + rand() * 170) * 100) / 100,
    description: `${primary} à ${pick(CITIES)}. ${pick(FEATURES)}.`,
    chef,
    categories: [primary, ...others].map((n) => categoryByName.get(n)),
    articles: { draft: [], published: [] },
  };
  restaurants.push(r);
  chef?.restaurants.push(r);
  for (const c of r.categories) c.restaurants.push(r);
}
// The far sides keep their own order: a chef's restaurants by name, a category's best-rated first.
const byName = (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
for (const c of chefs) c.restaurants.sort(byName);
for (const c of categories) c.restaurants.sort((a, b) => b.stars - a.stars || byName(a, b));

const articles = Array.from({ length: COUNTS.articles }, (_, i) => {
  const french = chance(0.6);
  const city = pick(CITIES);
  const title = pick(french ? FR_TITLES : EN_TITLES)(city);
  const locale = french ? 'fr' : 'en';
  const draftTags = sample(tags.filter((t) => t.names[locale]), int(1, 3)).map((t) => ({ tag: t, locale }));
  const draftRestaurants = sample(restaurants, int(2, 6));
  const published = chance(0.7);
  // A quarter of the published articles have a newer draft: a new title and one more restaurant.
  const revised = published && chance(0.25);
  const at = tick();
  const body = french
    ? `Notre sélection à ${city}, testée et approuvée : des adresses où l'on mange bien, sans chichis.`
    : `Our pick in ${city}, tried and tested: places to eat well, without the fuss.`;
  const article = {
    id: documentId(),
    at,
    draft: { title: revised ? `${title} (mise à jour)` : title, body, restaurants: draftRestaurants, tags: draftTags, updatedAt: revised ? later(at, 48) : at },
    published: published ? { title, body, restaurants: revised ? draftRestaurants.slice(0, -1) : draftRestaurants, tags: draftTags, publishedAt: later(at, 1) } : null,
    index: i,
  };
  return article;
});
// A restaurant lists the articles that mention it, newest first, in each version.
for (const a of [...articles].reverse()) {
  for (const r of a.draft.restaurants) r.articles.draft.push(a);
  for (const r of a.published?.restaurants ?? []) r.articles.published.push(a);
}

// ---------------------------------------------------------------------------------------------
// Files, covers and pages

/**
 * Photos as Strapi's upload plugin records them, with real bytes: each is drawn (a warm gradient,
 * a few plates, its caption) at its size, and its formats are that image resized as Strapi
 * resizes (thumbnail inside 245×156, a breakpoint format inside its edge, only when smaller).
 * The files are written beside the dataset (dataset.json.uploads/), where `quarry import` reads
 * an export's files, each listed on its record with its size and SHA-256.
 */
const PHOTOS = [
  ['bistro-interior', 'The dining room of a Paris bistro, zinc bar and mirrors', 1920, 1280],
  ['crepes-du-marche', 'Buckwheat crêpes on a market griddle', 1600, 1067],
  ['ramen-bowl', 'A bowl of shōyu ramen with a soft egg', 1800, 1200],
  ['tapas-table', 'Tapas shared on a marble table in Sevilla', 2048, 1365],
  ['marche-aux-fleurs', 'Fruit stalls at the morning market', 1920, 1080],
  ['patisserie-vitrine', 'Éclairs and tartes in a pâtisserie window', 1440, 1800],
  ['terrasse-du-soir', 'A terrace at dusk, tables set for dinner', 2400, 1600],
  ['chef-en-cuisine', 'A chef plating in an open kitchen', 1600, 1600],
];
const FORMATS = [['large', 1000, 1000], ['medium', 750, 750], ['small', 500, 500], ['thumbnail', 245, 156]];
const hex = () => Math.floor(rand() * 0x1000000).toString(16).padStart(6, '0');
const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The photo as an SVG: a gradient of two hues drawn from the generator, plates, and its caption. */
function drawing(alt, width, height) {
  const hue = Math.floor(rand() * 360);
  const plates = Array.from({ length: 5 }, () => {
    const r = Math.round(Math.min(width, height) * (0.08 + rand() * 0.1));
    return `<circle cx="${Math.round(rand() * width)}" cy="${Math.round(height * (0.3 + rand() * 0.5))}" r="${r}" fill="hsl(${(hue + 40 + Math.floor(rand() * 80)) % 360},55%,${60 + Math.floor(rand() * 25)}%)" stroke="#fff" stroke-width="${Math.round(r / 8)}"/>`;
  }).join('');
  const size = Math.round(width / 28);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360},70%,65%)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${plates}
<rect x="0" y="${height - size * 2.4}" width="100%" height="${size * 2.4}" fill="rgba(0,0,0,0.45)"/>
<text x="${size}" y="${height - size * 0.8}" font-family="DejaVu Sans, sans-serif" font-size="${size}" fill="#fff">${escapeXml(alt)}</text></svg>`);
}

rmSync(UPLOADS, { recursive: true, force: true });
mkdirSync(UPLOADS, { recursive: true });
/** Writes a stored file beside the dataset; what its record lists of it. */
function store(name, bytes) {
  writeFileSync(join(UPLOADS, name), bytes);
  return { name, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}
const kilobytes = (bytes) => Math.round(bytes / 10) / 100;

const files = [];
for (const [base, alt, width, height] of PHOTOS) {
  const hash = `${base.replace(/-/g, '_')}_${hex()}`;
  const original = await sharp(drawing(alt, width, height)).jpeg({ quality: 80 }).toBuffer();
  const carried = [store(`${hash}.jpg`, original)];
  const formats = {};
  for (const [name, maxWidth, maxHeight] of FORMATS) {
    if (width <= maxWidth && height <= maxHeight) continue;
    const { data: bytes, info } = await sharp(original).resize({ width: maxWidth, height: maxHeight, fit: 'inside' }).jpeg({ quality: 80 }).toBuffer({ resolveWithObject: true });
    carried.push(store(`${name}_${hash}.jpg`, bytes));
    formats[name] = {
      name: `${name}_${base}.jpg`, hash: `${name}_${hash}`, ext: '.jpg', mime: 'image/jpeg', path: null,
      width: info.width, height: info.height, size: kilobytes(bytes.length), sizeInBytes: bytes.length, url: `/uploads/${name}_${hash}.jpg`,
    };
  }
  files.push({
    id: documentId(), at: tick(), files: carried,
    data: {
      name: `${base}.jpg`, alternativeText: alt, caption: null, focalPoint: null, width, height, formats, hash, ext: '.jpg', mime: 'image/jpeg',
      size: kilobytes(original.length), url: `/uploads/${hash}.jpg`, previewUrl: null, provider: 'local', provider_metadata: null,
    },
  });
}
// Most articles have a cover photo, the same in their draft and published versions.
for (const a of articles) a.cover = chance(0.8) ? pick(files) : null;

const blocks = (...paragraphs) => paragraphs.map((text) => ({ type: 'paragraph', children: [{ type: 'text', text }] }));
const zinc = restaurants[0];
const best = restaurants.filter((r) => r !== zinc && r.open && r.stars === 5).sort(byName);
const pages = [
  {
    id: documentId(), at: tick(), published: true,
    title: 'Welcome', slug: 'home',
    seo: { metaTitle: 'Quarry Eats: where to eat tonight', metaDescription: 'Bistros, crêperies and izakayas, picked by our chefs and readers.', shareImage: files[6] },
    sections: [
      { __component: 'page.hero', heading: 'Bon appétit !', subheading: 'Restaurants, chefs and stories from twelve countries.', image: files[0] },
      { __component: 'page.rich-text', body: [
        { type: 'heading', level: 2, children: [{ type: 'text', text: 'Why Quarry Eats' }] },
        { type: 'paragraph', children: [{ type: 'text', text: 'Every address here was ' }, { type: 'text', text: 'tried and tested', bold: true }, { type: 'text', text: ', from the zinc bar to the tasting menu.' }] },
      ] },
      { __component: 'page.restaurant-list', heading: 'Our picks this week', restaurants: [zinc, ...best.slice(0, 4)] },
    ],
  },
  {
    id: documentId(), at: tick(), published: true,
    title: 'A week in Paris', slug: 'a-week-in-paris',
    seo: { metaTitle: 'A week of eating in Paris', metaDescription: null, shareImage: files[4] },
    sections: [
      { __component: 'page.hero', heading: 'Sept jours, sept adresses', subheading: null, image: files[1] },
      { __component: 'page.restaurant-list', heading: 'Where to go', restaurants: best.slice(4, 9) },
    ],
    // The newer draft adds a paragraph and a place, and moves the last one first.
    draft: (p) => ({
      ...p,
      sections: [
        p.sections[0],
        { __component: 'page.rich-text', body: blocks('Du marché du matin au dernier verre : notre semaine, jour par jour.') },
        { ...p.sections[1], restaurants: [best[8], ...best.slice(4, 8), best[9]] },
      ],
    }),
  },
  {
    id: documentId(), at: tick(), published: false,
    title: 'About us', slug: 'about',
    seo: null,
    sections: [
      { __component: 'page.hero', heading: 'Who we are', subheading: 'A few cooks and a lot of appetite.', image: files[7] },
      { __component: 'page.rich-text', body: blocks('We write about the places we go back to.', 'This page is a draft: it shows with status=draft only.') },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Records, in the format's four sections

const CHEF = 'api::chef.chef';
const CATEGORY = 'api::category.category';
const RESTAURANT = 'api::restaurant.restaurant';
const ARTICLE = 'api::article.article';
const TAG = 'api::tag.tag';
const PAGE = 'api::page.page';
const FILE = 'plugin::upload.file';

const ref = (documentId, status = 'published', locale = null) => ({ documentId, locale, status });
const version = (type, documentId, locale, status, createdAt, updatedAt, publishedAt, data) =>
  ({ kind: 'version', type, documentId, locale, status, createdAt, updatedAt, publishedAt, data });
const links = (type, documentId, locale, status, relations, components) => {
  const kept = Object.fromEntries(Object.entries(relations).filter(([, list]) => list.length > 0));
  return { kind: 'links', type, documentId, locale, status, relations: kept, ...(components ? { components } : {}) };
};

/** A page's fields as a version record holds them: components without the relations inside them. */
const pageData = (p) => ({
  title: p.title,
  slug: p.slug,
  seo: p.seo && { metaTitle: p.seo.metaTitle, metaDescription: p.seo.metaDescription },
  sections: p.sections.map(({ image: _image, restaurants: _restaurants, ...fields }) => fields),
});
/**
 * The relations inside a page's components, laid out as its components are (format.ts): a field
 * only when something in it links, and then every item of the dynamic zone, by position.
 */
function pageLinks(p) {
  const components = {};
  if (p.seo?.shareImage) components.seo = { shareImage: [ref(p.seo.shareImage.id)] };
  const items = p.sections.map((s) => ({
    __component: s.__component,
    ...(s.image ? { image: [ref(s.image.id)] } : {}),
    ...(s.restaurants?.length ? { restaurants: s.restaurants.map((r) => ref(r.id)) } : {}),
  }));
  if (items.some((i) => Object.keys(i).length > 1)) components.sections = items;
  return Object.keys(components).length > 0 ? components : undefined;
}
const publishedAtOf = (p) => later(p.at, 2);
const draftOf = (p) => (p.draft ? p.draft(p) : p);

const records = [];
// File records come first, as in an export: an import stages their files before any record.
for (const f of files) records.push({ ...version(FILE, f.id, null, 'published', f.at, f.at, f.at, f.data), files: f.files });
// 1. Rows that are not drafts.
for (const c of chefs) records.push(version(CHEF, c.id, null, 'published', c.at, c.at, c.at, { name: c.name, country: c.country }));
for (const c of categories) records.push(version(CATEGORY, c.id, null, 'published', c.at, c.at, c.at, { name: c.name }));
for (const t of tags) {
  for (const [locale, name] of Object.entries(t.names)) records.push(version(TAG, t.id, locale, 'published', t.at, t.at, t.at, { name, code: t.code }));
}
for (const r of restaurants) {
  records.push(version(RESTAURANT, r.id, null, 'published', r.at, r.at, r.at, { name: r.name, stars: r.stars, open: r.open, price: r.price, description: r.description }));
}
const publishedArticles = articles.filter((a) => a.published);
for (const a of publishedArticles) {
  const p = a.published;
  records.push(version(ARTICLE, a.id, null, 'published', a.at, p.publishedAt, p.publishedAt, { title: p.title, body: p.body }));
}
const publishedPages = pages.filter((p) => p.published);
for (const p of publishedPages) records.push(version(PAGE, p.id, null, 'published', p.at, publishedAtOf(p), publishedAtOf(p), pageData(p)));
// 2. Relations of published rows.
// Restaurants and tags have no versions: every row links their one row.
const articleRelations = (a, v) => ({
  cover: a.cover ? [ref(a.cover.id)] : [],
  restaurants: v.restaurants.map((r) => ref(r.id)),
  tags: v.tags.map(({ tag, locale }) => ref(tag.id, 'published', locale)),
});
for (const a of publishedArticles) records.push(links(ARTICLE, a.id, null, 'published', articleRelations(a, a.published)));
for (const p of publishedPages) records.push(links(PAGE, p.id, null, 'published', {}, pageLinks(p)));
// 3. Drafts: first those of published articles (their rows exist already), then the rest.
for (const a of [...publishedArticles, ...articles.filter((x) => !x.published)]) {
  records.push(version(ARTICLE, a.id, null, 'draft', a.at, a.draft.updatedAt, null, { title: a.draft.title, body: a.draft.body }));
}
for (const p of [...publishedPages, ...pages.filter((x) => !x.published)]) {
  records.push(version(PAGE, p.id, null, 'draft', p.at, p.draft ? later(p.at, 72) : p.at, null, pageData(draftOf(p))));
}
// 4. Every other row's relations.
for (const c of chefs) records.push(links(CHEF, c.id, null, 'published', { restaurants: c.restaurants.map((r) => ref(r.id)) }));
for (const c of categories) records.push(links(CATEGORY, c.id, null, 'published', { restaurants: c.restaurants.map((r) => ref(r.id)) }));
for (const r of restaurants) {
  records.push(links(RESTAURANT, r.id, null, 'published', {
    chef: r.chef ? [ref(r.chef.id)] : [],
    categories: r.categories.map((c) => ref(c.id)),
    articles: [...r.articles.draft.map((a) => ref(a.id, 'draft')), ...r.articles.published.map((a) => ref(a.id, 'published'))],
  }));
}
for (const a of articles) records.push(links(ARTICLE, a.id, null, 'draft', articleRelations(a, a.draft)));
for (const p of pages) records.push(links(PAGE, p.id, null, 'draft', {}, pageLinks(draftOf(p))));
// As an export does: a row that links nothing has no links record, except a draft (see format.ts).
const written = records.filter((r) => r.kind !== 'links' || Object.keys(r.relations).length > 0 || r.components || r.status === 'draft');

const writer = RecordWriter.open(OUT);
const header = {
  format: 'quarry-export',
  version: 2,
  exportedAt: '2025-06-01T00:00:00.000Z',
  types: [
    { uid: ARTICLE, draftAndPublish: true, localized: false },
    { uid: CATEGORY, draftAndPublish: false, localized: false },
    { uid: CHEF, draftAndPublish: false, localized: false },
    { uid: PAGE, draftAndPublish: true, localized: false },
    { uid: RESTAURANT, draftAndPublish: false, localized: false },
    { uid: TAG, draftAndPublish: false, localized: true },
    { uid: FILE, draftAndPublish: false, localized: false },
  ],
};
// What an import needs to take the dataset without flags: the schemas' shapes it was made for.
const shapes = shapesOf(SchemaRegistry.fromDir(SCHEMAS), header.types.map((t) => t.uid));
await writer.write({ ...header, locales: ['en', 'fr'], defaultLocale: 'en', fingerprint: fingerprintOf(shapes), shapes });
for (const r of written) await writer.write(r);
await writer.write({ kind: 'end', records: written.length });
await writer.close();
console.log(`${OUT}: ${written.length} records (${chefs.length} chefs, ${categories.length} categories, ${restaurants.length} restaurants, ${articles.length} articles, ${tags.length} tags, ${pages.length} pages, ${files.length} files)`);
