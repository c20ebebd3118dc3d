import type { Status } from '../../store/layout.js';
import type { FilterNode } from '../ir/index.js';
import type { FieldSelection, PageWindow, SortSpec } from '../params/types.js';
import type { ALL_LOCALES } from './scope.js';

/**
 * How a door states reads. `rest` (REST and GraphQL): published versions unless asked, a bad
 * status is a 400, `lookup` is refused, and a list is a page of the default size unless asked.
 * `service` (the document service): drafts unless asked, and the whole list unless asked.
 */
export type ReadDoor = 'rest' | 'service';

/** Which part of the matches a read answers, and whether it counts them. */
export interface ReadWindow {
  /** Which shape `meta.pagination` takes: `{ page, pageSize, … }` or `{ start, limit, … }`. */
  readonly mode: 'page' | 'offset';
  readonly start: number;
  /** Infinity: every match (the document service's default). */
  readonly limit: number;
  readonly withCount: boolean;
}

/**
 * A read as every door states it, compiled once (query/compile/compile.ts): the type, the
 * version and locale it reads, a validated filter tree, sort keys, the window, the fields
 * answered and what is populated, each populated relation compiled alike. Frozen plain data, so
 * that it is kept by its request's text, handed to a pool worker as it is, and never parsed,
 * cast or validated again.
 */
export interface CompiledRead {
  readonly type: string;
  /**
   * Who asked: `rest` (REST and GraphQL, which print the entries they are given and change
   * none, so entries may be shared between reads) or `service` (library callers, who own theirs).
   */
  readonly door: ReadDoor;
  /** The versions read, and shown of populated draft & publish types. */
  readonly status: Status;
  /** null for a type without locales; `*` every locale of a list. */
  readonly locale: string | null | typeof ALL_LOCALES;
  readonly filter: FilterNode;
  readonly sort: readonly SortSpec[];
  readonly window: ReadWindow;
  readonly fields: FieldSelection;
  readonly populate: CompiledPopulateTree;
}

/** One populated relation: its own filter tree, sort, window and fields, and what it populates in turn. */
export interface CompiledPopulate {
  readonly kind: 'relation';
  readonly attribute: string;
  /** uid of the related type. */
  readonly target: string;
  readonly toMany: boolean;
  readonly fields: FieldSelection;
  readonly sort: readonly SortSpec[];
  /** Undefined: every linked entry. */
  readonly filter: FilterNode | undefined;
  readonly populate: CompiledPopulateTree;
  /** Answer `{ count }` instead of the related entries. */
  readonly count: boolean;
  /** Undefined: the whole related list. */
  readonly window: PageWindow | undefined;
}

/** A populated component field or dynamic zone: per component uid, the fields shown and what is populated inside. */
export interface CompiledComponentPopulate {
  readonly kind: 'component';
  readonly attribute: string;
  readonly parts: { readonly [component: string]: CompiledComponentPart };
}

export interface CompiledComponentPart {
  readonly fields: FieldSelection;
  readonly populate: CompiledPopulateTree;
}

/** Populated fields by attribute name. */
export interface CompiledPopulateTree {
  readonly [attribute: string]: CompiledPopulate | CompiledComponentPopulate;
}
