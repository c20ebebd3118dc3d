import { isRecord } from '../../objects.js';
import type { Status } from '../../store/layout.js';

/**
 * A parameter's value as any door states it: what the query-string reader builds (text, null,
 * lists and objects), or the typed leaves the document service and GraphQL pass on (numbers,
 * booleans). Parsers read both, so no door turns its values into text for them.
 */
export type ParamValue = string | number | boolean | null | readonly ParamValue[] | ParamObject;

export interface ParamObject {
  readonly [key: string]: ParamValue;
}

export const isParamObject = (value: ParamValue | undefined): value is ParamObject => isRecord(value);

export type SortDirection = 'asc' | 'desc';

/** One sort key: relation names (each to-one) then the field, e.g. `['chef', 'name']`. */
export interface SortSpec {
  readonly path: readonly string[];
  readonly direction: SortDirection;
}

/** `'*'`: every readable field; otherwise the names to return, `id` and `documentId` first. */
export type FieldSelection = '*' | readonly string[];

/**
 * A page of results. Both modes carry every number; `mode` says which the client asked for,
 * which decides the shape of `meta.pagination` (`{ page, pageSize, … }` or `{ start, limit, … }`).
 */
export interface PageWindow {
  readonly mode: 'page' | 'offset';
  readonly page: number;
  readonly pageSize: number;
  readonly start: number;
  readonly limit: number;
}

export interface Pagination extends PageWindow {
  /** Whether the response counts the matches (`meta.pagination.total`). */
  readonly withCount: boolean;
}

export type LocaleParam =
  | { readonly kind: 'default' }
  | { readonly kind: 'all' }
  | { readonly kind: 'code'; readonly code: string };

/** What to load for one populated field: a relation (media included), or a component or dynamic zone. */
export type PopulateNode = RelationPopulateNode | ComponentPopulateNode;

/** What to load for one populated relation. */
export interface RelationPopulateNode {
  readonly kind: 'relation';
  /** The relation attribute on the parent type. */
  readonly attribute: string;
  /** uid of the related type: what `fields`, `sort` and `filtersRaw` refer to. */
  readonly target: string;
  readonly toMany: boolean;
  readonly fields: FieldSelection;
  readonly sort: readonly SortSpec[];
  /** Not validated here: the filter module checks it against `target`. */
  readonly filtersRaw: ParamObject | undefined;
  readonly populate: PopulateTree;
  /** Answer `{ count }` instead of the related entries. */
  readonly count: boolean;
  /** A window on the related list; `undefined` loads all of it. */
  readonly pagination: PageWindow | undefined;
}

/**
 * A populated component field or dynamic zone: what each component shows, by uid (the field's
 * one component, or every component a dynamic zone allows, each as its `on` entry says).
 */
export interface ComponentPopulateNode {
  readonly kind: 'component';
  readonly attribute: string;
  readonly parts: Readonly<Record<string, ComponentPart>>;
}

export interface ComponentPart {
  readonly fields: FieldSelection;
  readonly populate: PopulateTree;
}

/** Populated fields by attribute name; built without a prototype. */
export interface PopulateTree {
  readonly [attribute: string]: PopulateNode;
}

/** Everything of a list request except the validated filter tree. */
export interface ListParams {
  /** Not validated here: the filter module checks it against the listed type. */
  readonly filtersRaw: ParamObject | undefined;
  readonly sort: readonly SortSpec[];
  readonly fields: FieldSelection;
  readonly populate: PopulateTree;
  readonly pagination: Pagination;
  /** Kept on types without draft & publish too: it also applies to populated types that have it. */
  readonly status: Status;
  /** `undefined` on types that are not localized, where the param is ignored. */
  readonly locale: LocaleParam | undefined;
}
