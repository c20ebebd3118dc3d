import { refusalsOf, type CaseGroup } from './case.js';

/**
 * Reads every door must refuse with Strapi's 400 `ValidationError`: a dynamic zone cannot be
 * filtered or sorted, as Strapi 5.54 answers (`Invalid key sections`; docs/filters.md), nor a
 * component sorted by itself, and what a zone populates must be in each of its components.
 */
const p = refusalsOf('pages');

const REFUSED = [
  p('a dynamic zone\'s field in filters', { filters: { sections: { heading: { $eq: 'Picks' } } } }, 'Invalid key sections', 'filters.sections'),
  p('a dynamic zone $null', { filters: { sections: { $null: true } } }, 'Invalid key sections', 'filters.sections'),
  // Strapi 5.54 words this one `Invalid key sections`, at path `sections`.
  p('a dynamic zone inside $or', { filters: { $or: [{ title: { $eq: 'Home' } }, { sections: { heading: { $eq: 'Picks' } } }] } }, 'Invalid key sections at filters.$or.1.sections', 'filters.$or.1.sections'),
  p('sort by a dynamic zone', { sort: 'sections:asc' }, 'Invalid key sections', 'sort.sections'),
  p('sort through a dynamic zone', { sort: 'sections.heading:asc' }, 'Invalid key sections', 'sort.sections'),
  // Strapi 5.54 refuses these two as `Invalid key populate at sections` and `Invalid key asc at seo`.
  p('a dynamic zone populating what one of its components lacks', { populate: { sections: { populate: { image: true } } } }, 'Invalid key image at sections.populate.image', 'populate.sections.populate.image'),
  p('sort by a component itself', { sort: 'seo:asc' }, 'Invalid key seo', 'sort.seo'),
];

export const REFUSAL_GROUPS: readonly CaseGroup[] = [
  { group: 'refusals, components and dynamic zones', cases: REFUSED },
];
