import type { FilterTree } from '../../../fixtures/dataset/filters.js';
import { casesOf, type CaseGroup, type ReadCase } from './case.js';

/**
 * Pages (test/support/read-cases/world-pages.ts): filters and sorts on their SEO component and
 * the share image inside it, populate of the component and of the dynamic zone (plain, `fields`,
 * nested `populate`, `on`), `fields` beside them, and both versions. Published pages by title:
 * Blog, Contact, Home, Menu; drafts: About, Blog, Contact, Home, Menu (new). Contact has no SEO.
 */
const p = casesOf('pages');
const TITLES = ['Blog', 'Contact', 'Home', 'Menu'];
const DRAFT_TITLES = ['About', 'Blog', 'Contact', 'Home', 'Menu (new)'];
const byTitle = { fields: ['title'], sort: 'title:asc' } as const;
const draft = { ...byTitle, status: 'draft' } as const;
const filtered = (name: string, filters: FilterTree, expect: readonly string[], status?: 'draft') => p(name, { ...byTitle, filters, ...(status && { status }) }, expect);

const FILTERS: readonly ReadCase[] = [
  filtered('a component field $eq', { seo: { metaTitle: { $eq: 'Quarry Eats' } } }, ['Home']),
  filtered('a component field $containsi', { seo: { metaTitle: { $containsi: 'MENU' } } }, ['Menu']),
  filtered('a component field $startsWith', { seo: { metaTitle: { $startsWith: 'Our' } } }, ['Menu']),
  filtered('a component field $in', { seo: { metaTitle: { $in: ['blog', 'Our menu', 'About us'] } } }, ['Blog', 'Menu']),
  filtered('a component field $lt: capitals first', { seo: { metaTitle: { $lt: 'a' } } }, ['Home', 'Menu']),
  // A page without the component reads NULL there, as a LEFT JOIN's row of NULLs (docs/filters.md).
  filtered('a component field $ne leaves out a missing component', { seo: { metaTitle: { $ne: 'blog' } } }, ['Home', 'Menu']),
  filtered('a component field $null: a missing component too', { seo: { metaTitle: { $null: true } } }, ['Contact']),
  filtered('a component field $notNull', { seo: { metaTitle: { $notNull: true } } }, ['Blog', 'Home', 'Menu']),
  filtered('a component\'s NULL field $null', { seo: { metaDescription: { $null: true } } }, ['Contact', 'Menu']),
  filtered('the component $null', { seo: { $null: true } }, ['Contact']),
  filtered('the component $notNull', { seo: { $notNull: true } }, ['Blog', 'Home', 'Menu']),
  filtered('two fields of the component', { seo: { metaTitle: { $startsWith: 'Q' }, metaDescription: { $notNull: true } } }, ['Home']),
  filtered('$not over a component field excludes NULLs', { $not: { seo: { metaTitle: { $eq: 'blog' } } } }, ['Home', 'Menu']),
  filtered('$or of a component field and a missing component', { $or: [{ seo: { metaTitle: { $eq: 'blog' } } }, { seo: { $null: true } }] }, ['Blog', 'Contact']),
  filtered('$or inside the component', { seo: { $or: [{ metaTitle: { $eq: 'blog' } }, { metaDescription: { $eq: 'Where to eat' } }] } }, ['Blog', 'Home']),
  filtered('a component field and an own field', { title: { $ne: 'Home' }, seo: { metaDescription: { $notNull: true } } }, ['Blog']),
  filtered('the component\'s id', { seo: { id: { $notNull: true } } }, ['Blog', 'Home', 'Menu']),
  filtered('a component field of drafts', { seo: { metaTitle: { $containsi: 'new' } } }, ['Menu (new)'], 'draft'),
  filtered('a component field only a draft has', { seo: { metaTitle: { $eq: 'About us' } } }, ['About'], 'draft'),
  // The share image is linked from the component: a page without the component has no link either.
  filtered('media in a component $null', { seo: { shareImage: { $null: true } } }, ['Blog', 'Contact', 'Menu']),
  filtered('media in a component $notNull', { seo: { shareImage: { $notNull: true } } }, ['Home']),
  filtered('media in a component by name', { seo: { shareImage: { name: { $eq: 'share.png' } } } }, ['Home']),
  filtered('media in a component by mime, drafts', { seo: { shareImage: { mime: { $startsWith: 'image/' } } } }, ['Home', 'Menu (new)'], 'draft'),
  filtered('media in a component: a field of no file is NULL', { seo: { shareImage: { name: { $null: true } } } }, ['Blog', 'Contact', 'Menu']),
];

const SORT: readonly ReadCase[] = [
  // Checked on Strapi 5.54 (the peer, given the demo schemas and this world's pages).
  p('by a component field: a missing component first', { fields: ['title'], sort: 'seo.metaTitle:asc' }, ['Contact', 'Menu', 'Home', 'Blog']),
  p('by a component field, descending: a missing component last', { fields: ['title'], sort: 'seo.metaTitle:desc' }, ['Blog', 'Home', 'Menu', 'Contact']),
  p('by a component field, drafts', { fields: ['title'], sort: 'seo.metaTitle:asc', status: 'draft' }, ['Contact', 'About', 'Menu (new)', 'Home', 'Blog']),
  p('by a component\'s NULL field, then a field', { fields: ['title'], sort: ['seo.metaDescription:desc', 'title:asc'] }, ['Home', 'Blog', 'Contact', 'Menu']),
  p('by media in a component: no image first, ties by id', { fields: ['title'], sort: 'seo.shareImage.name:asc' }, ['Menu', 'Contact', 'Blog', 'Home']),
  p('a page of pages by a component field', { fields: ['title'], sort: 'seo.metaTitle:asc', pagination: { page: 2, pageSize: 3 } }, ['Blog'], 4),
];

const hero = 'page.hero';
const richText = 'page.rich-text';
const restaurantList = 'page.restaurant-list';
const names = { fields: ['name'] } as const;
/** The components that link nothing, named plainly. */
const plain = { [hero]: true, [richText]: true } as const;

const POPULATE: readonly ReadCase[] = [
  p('a component', { ...byTitle, populate: { seo: true } }, TITLES),
  p('a component by name', { ...byTitle, populate: ['seo'] }, TITLES),
  p('a component\'s fields', { ...byTitle, populate: { seo: { fields: ['metaTitle'] } } }),
  p('a component\'s fields in the order asked', { ...byTitle, populate: { seo: { fields: ['metaDescription', 'metaTitle'] } } }),
  p('media in a component', { ...byTitle, populate: { seo: { populate: { shareImage: true } } } }),
  p('media in a component, its fields', { ...byTitle, populate: { seo: { fields: ['metaTitle'], populate: { shareImage: { fields: ['name', 'url'] } } } } }),
  p('media in a component, by a dot path', { ...byTitle, populate: ['seo.shareImage'] }),
  p('a dynamic zone: each item its own fields', { ...byTitle, populate: { sections: true } }),
  p('a dynamic zone by name', { ...byTitle, populate: ['sections'] }),
  p('a dynamic zone, everything its items link', { ...byTitle, populate: { sections: { populate: '*' } } }),
  p('on, every component', { ...byTitle, populate: { sections: { on: { [hero]: true, [richText]: true, [restaurantList]: true } } } }),
  p('on, one component: only its items', { ...byTitle, populate: { sections: { on: { [hero]: true } } } }),
  p('on, two components with their fields', { ...byTitle, populate: { sections: { on: { [hero]: { fields: ['heading'] }, [restaurantList]: { fields: ['heading'] } } } } }),
  // Naming every component: GraphQL states these too (its zones list every item).
  p('on, the hero\'s photo', { ...byTitle, populate: { sections: { on: { [hero]: { populate: { image: { fields: ['name', 'width', 'height'] } } }, [richText]: true, [restaurantList]: true } } } }),
  p('on, the restaurants of a list', { ...byTitle, populate: { sections: { on: { ...plain, [restaurantList]: { populate: { restaurants: names } } } } } }),
  p('on, the restaurants of a list sorted and filtered', {
    ...byTitle, populate: { sections: { on: { ...plain, [restaurantList]: { populate: { restaurants: { ...names, sort: 'name:asc', filters: { stars: { $gte: 2 } } } } } } } },
  }),
  p('on, the restaurants of a list and their chefs', {
    ...byTitle, populate: { sections: { on: { ...plain, [restaurantList]: { fields: ['heading'], populate: { restaurants: { ...names, populate: { chef: { fields: ['name', 'country'] } } } } } } } },
  }),
  p('on, one component and what it links: only its items', { ...byTitle, populate: { sections: { on: { [restaurantList]: { populate: { restaurants: names } } } } } }),
  p('on, every component with what it links', {
    ...byTitle,
    populate: { seo: { populate: '*' }, sections: { on: { [hero]: { populate: '*' }, [richText]: true, [restaurantList]: { populate: { restaurants: { fields: ['name', 'stars'] } } } } } },
  }),
  p('everything', { ...byTitle, populate: '*' }, TITLES),
  p('everything, every field', { sort: 'title:asc', populate: '*' }, TITLES),
];

const FIELDS_AND_VERSIONS: readonly ReadCase[] = [
  p('fields beside a component', { fields: ['slug'], sort: 'slug:asc', populate: { seo: { fields: ['metaTitle'] } } }),
  p('fields in the order asked, beside a dynamic zone', {
    fields: ['slug', 'title'], sort: 'slug:asc', populate: { sections: { on: { [hero]: { fields: ['subheading', 'heading'] }, [richText]: true, [restaurantList]: { fields: ['heading'] } } } },
  }),
  p('a window of pages with their components', { ...byTitle, pagination: { page: 2, pageSize: 2 }, populate: { seo: true, sections: true } }, ['Home', 'Menu'], 4),
  p('drafts', { ...draft, populate: { seo: true, sections: true } }, DRAFT_TITLES),
  p('drafts, what their components link', { ...draft, populate: { seo: { populate: { shareImage: names } }, sections: { populate: '*' } } }, DRAFT_TITLES),
  p('drafts, everything', { ...draft, populate: '*' }, DRAFT_TITLES),
  p('drafts filtered on a component, populated', { ...draft, filters: { seo: { metaTitle: { $startsWith: 'Our' } } }, populate: { seo: true } }, ['Menu (new)']),
  p('published, filtered on a component, populated', { ...byTitle, filters: { seo: { metaTitle: { $startsWith: 'Our' } } }, populate: { seo: true } }, ['Menu']),
];

export const COMPONENT_GROUPS: readonly CaseGroup[] = [
  { group: 'components, filters', cases: FILTERS },
  { group: 'components, sort', cases: SORT },
  { group: 'components, populate', cases: POPULATE },
  { group: 'components, fields and versions', cases: FIELDS_AND_VERSIONS },
];
