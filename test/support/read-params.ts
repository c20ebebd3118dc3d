import type { FilterTree } from '../../fixtures/dataset/filters.js';
import type { ContentType, RelationAttribute } from '../../src/schema/types.js';

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

/** `*` (every relation of the type), relation names, or options by relation. */
export type Populate = '*' | readonly string[] | { readonly [relation: string]: true | PopulateOptions };

export interface PopulateOptions extends Window {
  readonly fields?: readonly string[];
  readonly filters?: FilterTree;
  readonly sort?: string | readonly string[];
  readonly populate?: Populate;
  /** Answer `{ count }` instead of the related entries. */
  readonly count?: boolean;
}

export interface SortKey {
  /** Attribute names: relations (to-one) first, then the field. */
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

/** A populate as relation attributes with their options (`true` and plain names: no options). */
export function populateOf(ct: ContentType, populate: Populate | undefined): [RelationAttribute, PopulateOptions][] {
  if (populate === undefined) return [];
  const relations = [...ct.attributes.values()].filter((a): a is RelationAttribute => a.kind === 'relation' && !a.private);
  const named = (name: string): RelationAttribute => {
    const attr = relations.find((a) => a.name === name);
    if (!attr) throw new Error(`${ct.uid} has no relation ${name}`);
    return attr;
  };
  if (populate === '*') return relations.map((a) => [a, {}]);
  if (isNameList(populate)) return populate.map((name) => [named(name), {}]);
  return Object.entries(populate).map(([name, options]) => [named(name), options === true ? {} : options]);
}

const isNameList = (populate: Populate): populate is readonly string[] => Array.isArray(populate);

/**
 * The fields an entry shows when `fields` names none, besides `id` and `documentId`: every scalar
 * attribute the content API may return, the timestamps, and `locale` on a localized type.
 */
export function shownFields(ct: ContentType): string[] {
  const scalars = [...ct.attributes.values()].filter((a) => a.kind === 'scalar' && !a.private && a.type !== 'password').map((a) => a.name);
  return [...scalars, 'createdAt', 'updatedAt', 'publishedAt', ...(ct.localized ? ['locale'] : [])];
}
