import { buildFilterTree } from '../../src/query/filters/index.js';
import type { FieldType, ScalarValue } from '../../src/query/ir/index.js';
import { compareValues } from '../../src/query/values/index.js';
import type { SchemaRegistry } from '../../src/schema/registry.js';
import type { ComponentAttribute, ContentType, DynamicZoneAttribute, Model, RelationAttribute } from '../../src/schema/types.js';
import type { FilterTree } from '../../fixtures/dataset/filters.js';
import { evaluate, type Entry, type MemoryWorld } from './reference-evaluator.js';
import { populateOf, shownFields, sortKeys, type Pagination, type Populate, type PopulateOptions, type ReadParams, type SortKey, type Window } from './read-params.js';

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
 * read's version, narrowed, ordered and windowed by its own options; each populated component
 * as its row holds it (docs/content-models.md), with its own fields and what it populates.
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

  /**
   * A sort key's value and type: through to-one relations and single components (a missing entry
   * or component gives NULL), then a field.
   */
  private valueAt(ct: ContentType, row: Entry, path: readonly string[]): Typed {
    let type: Model = ct;
    let at: Entry | undefined = row;
    for (const name of path.slice(0, -1)) {
      const attr = type.attributes.get(name);
      if (attr?.kind === 'component' && !attr.repeatable) {
        at = (at?.[name] ?? undefined) as Entry | undefined;
        type = this.registry.component(attr.component);
        continue;
      }
      if (attr?.kind !== 'relation' || attr.toMany) throw new Error(`the reference sorts through to-one relations and single components only, not ${type.uid}.${name}`);
      at = at === undefined ? undefined : this.world.related(type.uid, at, name)[0];
      type = this.registry.require(attr.target);
    }
    const field = path[path.length - 1]!;
    return { type: fieldType(type, field), value: ((at?.[field] ?? null) as ScalarValue | null) };
  }

  private entry(ct: ContentType, row: Entry, fields: readonly string[] | undefined, populate: Populate | undefined, status: string): Record<string, unknown> {
    const entry: Record<string, unknown> = { id: row.id, documentId: row.documentId };
    return this.populated(ct, row, this.withFields(entry, ct, row, fields), populate, status);
  }

  private withFields(shown: Record<string, unknown>, model: Model, value: Entry, fields: readonly string[] | undefined): Record<string, unknown> {
    for (const name of fields === undefined || fields.includes('*') ? shownFields(model) : fields) shown[name] = value[name] ?? null;
    return shown;
  }

  /** `shown` (an entry, or a component) with what `populate` names, reached from `value` (its row, or the component as stored). */
  private populated(model: Model, value: Entry, shown: Record<string, unknown>, populate: Populate | undefined, status: string): Record<string, unknown> {
    for (const [attr, options] of populateOf(model, populate)) {
      shown[attr.name] = attr.kind === 'relation' ? this.relation(model, value, attr, options, status) : this.components(attr, value[attr.name], options, status);
    }
    return shown;
  }

  private relation(source: Model, value: Entry, attr: RelationAttribute, options: PopulateOptions, status: string): unknown {
    const target = this.registry.require(attr.target);
    const linked = this.world.related(source.uid, value, attr.name).filter((t) => inVersion(target, t, status));
    const matches = this.ordered(target, this.filtered(target.uid, linked, options.filters), sortKeys(options.sort));
    if (options.count) return { count: matches.length };
    const window = this.windowOf(options);
    const shownRows = window === undefined ? matches : matches.slice(window.start, window.start + window.limit);
    const related = shownRows.map((t) => this.entry(target, t, options.fields, options.populate, status));
    return attr.toMany ? related : (related[0] ?? null);
  }

  /**
   * A component field's items, each `{ id, ...fields }` and what its options populate; a dynamic
   * zone's tagged after them with `__component`, and with `on`, only the items of the components
   * it names, each by its own options (as Strapi 5.54 answers).
   */
  private components(attr: ComponentAttribute | DynamicZoneAttribute, value: unknown, options: PopulateOptions, status: string): unknown {
    const items = (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]) as Entry[];
    const shown = items.flatMap((item) => {
      const uid = attr.kind === 'component' ? attr.component : (item.__component as string);
      const part = attr.kind === 'dynamiczone' && options.on !== undefined ? options.on[uid] : options;
      if (part === undefined) return [];
      const { fields, populate } = part === true ? {} : part;
      const component = this.registry.component(uid);
      const out = this.populated(component, item, this.withFields({ id: item.id }, component, item, fields), populate, status);
      return [attr.kind === 'dynamiczone' ? { ...out, __component: uid } : out];
    });
    return attr.kind === 'dynamiczone' || attr.repeatable ? shown : (shown[0] ?? null);
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
function fieldType(model: Model, name: string): FieldType {
  const attr = model.attributes.get(name);
  if (attr?.kind === 'scalar') return attr.type as FieldType;
  if (name === 'id') return 'integer';
  if (name === 'documentId' || name === 'locale') return 'string';
  if (name === 'createdAt' || name === 'updatedAt' || name === 'publishedAt') return 'datetime';
  throw new Error(`${model.uid} has no sortable field ${name}`);
}

/** REST's `meta.pagination`: without a count the raw start and limit, in page mode too. */
function metaOf(window: ReadWindow, withCount: Pagination['withCount'], total: number): Record<string, number> {
  if (withCount === false) return { start: window.start, limit: window.limit };
  if (window.mode === 'offset') return { start: window.start, limit: window.limit, total };
  return { page: window.start / window.limit + 1, pageSize: window.limit, pageCount: Math.ceil(total / window.limit), total };
}
