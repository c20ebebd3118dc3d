import type { FilterTree } from '../../fixtures/dataset/filters.js';
import type { ComponentAttribute, DynamicZoneAttribute, Model, RelationAttribute } from '../../src/schema/types.js';

/**
 * A read stated once, in the document service's parameter shapes (Strapi's `findMany` params),
 * meaning what the content API means by it: published versions, the default locale and a page of
 * 25 unless the read says otherwise (README.md, docs/filters.md). Each door translates it
 * (test/support/read-cases/doors/); the reference reader answers it from plain data.
 */
export interface ReadParams {
  readonly filters?: FilterTree;
  /** `name`, `name:desc`, `chef.name:asc`, or several keys (a list, or one string with commas). */
  readonly sort?: string | readonly string[];
  readonly fields?: readonly string[];
  readonly populate?: Populate;
  readonly pagination?: Pagination;
  readonly status?: 'draft' | 'published';
  /** A configured locale, or `*` for every locale of a list. */
  readonly locale?: string;
}

/** `page` / `pageSize` or `start` / `limit` (never both); `withCount` false leaves the total out. */
export interface Pagination extends Window {
  readonly withCount?: boolean;
}

export interface Window {
  readonly page?: number;
  readonly pageSize?: number;
  readonly start?: number;
  readonly limit?: number;
}

/**
 * `*` (every relation, media field, component and dynamic zone of the type), their names (a dot
 * path goes on inside a component: `seo.shareImage`), or options by name.
 */
export type Populate = '*' | readonly string[] | { readonly [field: string]: true | PopulateOptions };

/** A relation's options; a component takes `fields` and `populate`, a dynamic zone `populate` or `on`. */
export interface PopulateOptions extends Window {
  readonly fields?: readonly string[];
  readonly filters?: FilterTree;
  readonly sort?: string | readonly string[];
  readonly populate?: Populate;
  /** Answer `{ count }` instead of the related entries. */
  readonly count?: boolean;
  /** A dynamic zone's components by uid, each with its own options: the zone shows only their items. */
  readonly on?: { readonly [component: string]: true | PopulateOptions };
}

/** What populate reaches: relations (media fields among them), components and dynamic zones. */
export type PopulatedAttribute = RelationAttribute | ComponentAttribute | DynamicZoneAttribute;

export interface SortKey {
  /** Attribute names: to-one relations and single components first, then the field. */
  readonly path: readonly string[];
  readonly direction: 'asc' | 'desc';
}

export function sortKeys(sort: ReadParams['sort']): SortKey[] {
  if (sort === undefined) return [];
  const items = typeof sort === 'string' ? sort.split(',') : sort;
  return items.filter((item) => item !== '').map((item) => {
    const [field, direction = 'asc'] = item.split(':');
    return { path: field!.split('.'), direction: direction.toLowerCase() as SortKey['direction'] };
  });
}

/**
 * A populate as the attributes it reaches with their options (`true` and plain names: no
 * options; `a.b` in a list: `a` populating `b`), in the order it names them.
 */
export function populateOf(model: Model, populate: Populate | undefined): [PopulatedAttribute, PopulateOptions][] {
  if (populate === undefined) return [];
  const reachable = [...model.attributes.values()].filter((a): a is PopulatedAttribute => a.kind !== 'scalar' && !a.private);
  const named = (name: string): PopulatedAttribute => {
    const attr = reachable.find((a) => a.name === name);
    if (!attr) throw new Error(`${model.uid} has nothing to populate named ${name}`);
    return attr;
  };
  if (populate === '*') return reachable.map((a) => [a, {}]);
  if (isNameList(populate)) {
    const below = new Map<string, string[]>();
    for (const path of populate) {
      const [head, ...rest] = path.split('.');
      const list = below.get(head!) ?? [];
      if (rest.length > 0) list.push(rest.join('.'));
      below.set(head!, list);
    }
    return [...below].map(([name, rest]) => [named(name), rest.length > 0 ? { populate: rest } : {}]);
  }
  return Object.entries(populate).map(([name, options]) => [named(name), options === true ? {} : options]);
}

const isNameList = (populate: Populate): populate is readonly string[] => Array.isArray(populate);

/**
 * The fields an entry or a component shows when `fields` names none, besides `id` (and an entry's
 * `documentId`): every scalar attribute the content API may return, and on an entry the
 * timestamps and, on a localized type, `locale`.
 */
export function shownFields(model: Model): string[] {
  const scalars = [...model.attributes.values()].filter((a) => a.kind === 'scalar' && !a.private && a.type !== 'password').map((a) => a.name);
  if (model.kind === 'component') return scalars;
  return [...scalars, 'createdAt', 'updatedAt', 'publishedAt', ...(model.localized ? ['locale'] : [])];
}
