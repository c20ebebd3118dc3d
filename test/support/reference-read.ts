import { buildFilterTree } from '../../src/query/filters/index.js';
import type { FieldType, ScalarValue } from '../../src/query/ir/index.js';
import { compareValues } from '../../src/query/values/index.js';
import type { SchemaRegistry } from '../../src/schema/registry.js';
import type { ContentType } from '../../src/schema/types.js';
import type { FilterTree } from '../../fixtures/dataset/filters.js';
import { evaluate, type Entry, type MemoryWorld } from './reference-evaluator.js';
import { populateOf, shownFields, sortKeys, type Pagination, type Populate, type ReadParams, type SortKey, type Window } from './read-params.js';

/** An answer as the content API gives it: entries (populated relations inside) and REST's `meta.pagination`. */
export interface ReferenceAnswer {
  readonly entries: Record<string, unknown>[];
  readonly pagination: Record<string, number>;
}

export interface ReferenceSettings {
  readonly defaultLocale: string;
  readonly defaultPageSize: number;
  readonly maxPageSize: number;
}

/**
 * The reference for whole reads, beside the filter evaluator it builds on: it answers a read
 * from a world's rows and links one row at a time, with nothing clever in it, by the rules of
 * docs/filters.md. Scope: the rows of the asked version (draft & publish types) and locale
 * (localized types). Order: the sort keys, NULL smallest (first ascending, last descending),
 * ties by ascending id. Window and meta: Strapi's pagination (a page of 25 unless asked, sizes
 * within 1 and 100). Entries: the asked fields, and each populated relation's linked rows of the
 * read's version, narrowed, ordered and windowed by its own options.
 */
export class ReferenceReader {
  constructor(
    private readonly registry: SchemaRegistry,
    private readonly world: MemoryWorld,
    private readonly settings: ReferenceSettings,
  ) {}

  read(uid: string, params: ReadParams): ReferenceAnswer {
    const ct = this.registry.require(uid);
    const status = params.status ?? 'published';
    const locale = params.locale ?? this.settings.defaultLocale;
    const scoped = this.world.all(uid).filter((row) => inVersion(ct, row, status) && (!ct.localized || locale === '*' || row.locale === locale));
    const matches = this.ordered(ct, this.filtered(uid, scoped, params.filters), sortKeys(params.sort));
    const window = this.windowOf(params.pagination) ?? this.pageWindow(1, this.settings.defaultPageSize);
    const entries = matches.slice(window.start, window.start + window.limit).map((row) => this.entry(ct, row, params.fields, params.populate, status));
    return { entries, pagination: metaOf(window, params.pagination?.withCount ?? true, matches.length) };
  }

  private filtered(uid: string, rows: readonly Entry[], filters: FilterTree | undefined): Entry[] {
    if (filters === undefined) return [...rows];
    const tree = buildFilterTree(this.registry, uid, filters);
    return rows.filter((row) => evaluate(tree, row, this.world));
  }

  /** Sorted by the keys, then by id; without keys, in the order given (ids for a list, links for a relation). */
  private ordered(ct: ContentType, rows: Entry[], keys: readonly SortKey[]): Entry[] {
    if (keys.length === 0) return rows;
    const values = new Map(rows.map((row) => [row, keys.map((key) => this.valueAt(ct, row, key.path))]));
    return rows.sort((a, b) => {
      const x = values.get(a)!;
      const y = values.get(b)!;
      for (let i = 0; i < keys.length; i++) {
        const order = compareNullsFirst(x[i]!, y[i]!);
        if (order !== 0) return keys[i]!.direction === 'asc' ? order : -order;
      }
      return a.id - b.id;
    });
  }

  /** A sort key's value and type: through to-one relations (a missing entry gives NULL), then a field. */
  private valueAt(ct: ContentType, row: Entry, path: readonly string[]): Typed {
    let type = ct;
    let at: Entry | undefined = row;
    for (const name of path.slice(0, -1)) {
      const attr = type.attributes.get(name);
      if (attr?.kind !== 'relation' || attr.toMany) throw new Error(`the reference sorts through to-one relations only, not ${type.uid}.${name}`);
      at = at === undefined ? undefined : this.world.related(type.uid, at, name)[0];
      type = this.registry.require(attr.target);
    }
    const field = path[path.length - 1]!;
    return { type: fieldType(type, field), value: ((at?.[field] ?? null) as ScalarValue | null) };
  }

  private entry(ct: ContentType, row: Entry, fields: readonly string[] | undefined, populate: Populate | undefined, status: string): Record<string, unknown> {
    const entry: Record<string, unknown> = { id: row.id, documentId: row.documentId };
    const shown = fields === undefined || fields.includes('*') ? shownFields(ct) : fields;
    for (const name of shown) entry[name] = row[name] ?? null;
    for (const [attr, options] of populateOf(ct, populate)) {
      const target = this.registry.require(attr.target);
      const linked = this.world.related(ct.uid, row, attr.name).filter((t) => inVersion(target, t, status));
      const matches = this.ordered(target, this.filtered(target.uid, linked, options.filters), sortKeys(options.sort));
      if (options.count) {
        entry[attr.name] = { count: matches.length };
        continue;
      }
      const window = this.windowOf(options);
      const shownRows = window === undefined ? matches : matches.slice(window.start, window.start + window.limit);
      const related = shownRows.map((t) => this.entry(target, t, options.fields, options.populate, status));
      entry[attr.name] = attr.toMany ? related : (related[0] ?? null);
    }
    return entry;
  }

  /** Strapi's window: `page` ≥ 1 and `pageSize` (25 unless asked), or `start` ≥ 0 and `limit` (-1: the most); sizes within 1 and 100. */
  private windowOf(window: Window | undefined): ReadWindow | undefined {
    if (window === undefined) return undefined;
    const size = (n: number) => Math.min(Math.max(1, n), this.settings.maxPageSize);
    if (window.page !== undefined || window.pageSize !== undefined) return this.pageWindow(window.page ?? 1, window.pageSize ?? this.settings.defaultPageSize);
    if (window.start === undefined && window.limit === undefined) return undefined;
    const limit = window.limit === -1 ? this.settings.maxPageSize : size(window.limit ?? this.settings.defaultPageSize);
    return { mode: 'offset', start: Math.max(0, window.start ?? 0), limit };
  }

  private pageWindow(page: number, pageSize: number): ReadWindow {
    const size = Math.min(Math.max(1, pageSize), this.settings.maxPageSize);
    return { mode: 'page', start: (Math.max(1, page) - 1) * size, limit: size };
  }
}

interface ReadWindow {
  readonly mode: 'page' | 'offset';
  readonly start: number;
  readonly limit: number;
}

interface Typed {
  readonly type: FieldType;
  readonly value: ScalarValue | null;
}

/** Draft & publish types show the asked version only; other types have one version, shown for either. */
function inVersion(ct: ContentType, row: Entry, status: string): boolean {
  return !ct.draftAndPublish || (row.publishedAt === null) === (status === 'draft');
}

function compareNullsFirst(a: Typed, b: Typed): number {
  if (a.value === null || b.value === null) return a.value === b.value ? 0 : a.value === null ? -1 : 1;
  return compareValues(a.type, a.value, b.value);
}

/** The type a field compares by: a scalar attribute's, or that of the fields every entry has. */
function fieldType(ct: ContentType, name: string): FieldType {
  const attr = ct.attributes.get(name);
  if (attr?.kind === 'scalar') return attr.type as FieldType;
  if (name === 'id') return 'integer';
  if (name === 'documentId' || name === 'locale') return 'string';
  if (name === 'createdAt' || name === 'updatedAt' || name === 'publishedAt') return 'datetime';
  throw new Error(`${ct.uid} has no sortable field ${name}`);
}

/** REST's `meta.pagination`: without a count the raw start and limit, in page mode too. */
function metaOf(window: ReadWindow, withCount: Pagination['withCount'], total: number): Record<string, number> {
  if (withCount === false) return { start: window.start, limit: window.limit };
  if (window.mode === 'offset') return { start: window.start, limit: window.limit, total };
  return { page: window.start / window.limit + 1, pageSize: window.limit, pageCount: Math.ceil(total / window.limit), total };
}
