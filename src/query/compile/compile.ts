import { ValidationError } from '../../errors/index.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import type { ContentType } from '../../schema/types.js';
import type { Status } from '../../store/layout.js';
import { buildFilterTree, type FilterLimits } from '../filters/index.js';
import { ConstNode, type FilterNode } from '../ir/index.js';
import { placeOf } from '../params/errors.js';
import {
  parseFields, parseListParams, parsePagination, parsePopulate, parseSort,
  type ListParamsSettings, type ParamObject, type ParamValue, type PopulateTree,
} from '../params/index.js';
import { deepFreeze } from '../../objects.js';
import type { CompiledComponentPart, CompiledPopulateTree, CompiledRead, ReadDoor, ReadWindow } from './compiled.js';
import { ALL_LOCALES, resolveListLocale, resolveLocale, type I18nSettings } from './scope.js';

/** A read's parameters as a door passes them on, in Strapi's shapes: query-string text or typed values. */
export interface ReadInput {
  readonly filters?: unknown;
  readonly sort?: unknown;
  readonly fields?: unknown;
  readonly populate?: unknown;
  readonly pagination?: unknown;
  /** The document service's top-level window. */
  readonly start?: unknown;
  readonly limit?: unknown;
  readonly status?: unknown;
  readonly locale?: unknown;
}

export type { ReadDoor } from './compiled.js';

/** `list`: entries (REST lists are pages); `page`: entries and pagination meta; `one`: one document; `count`. */
export type ReadKind = 'list' | 'page' | 'one' | 'count';

export interface CompileOptions {
  readonly door: ReadDoor;
  readonly kind: ReadKind;
  readonly settings: ListParamsSettings;
}

const INVALID_STATUS = 'Invalid status: expected "draft" or "published"';

/** A read's parameters, read by its door's rules, before filter trees are built. */
type Params = Omit<CompiledRead, 'type' | 'door' | 'filter' | 'populate'> & {
  readonly filters: unknown;
  readonly populate: PopulateTree;
};

/**
 * Compiles reads: every parameter read and checked against the schema, filter trees built and
 * cast (the root's and each populated relation's), the locale and status resolved. Any bad input
 * throws a 400 naming it; what comes out is frozen plain data (`CompiledRead`).
 */
export class ReadCompiler {
  constructor(
    readonly registry: SchemaRegistry,
    readonly i18n: I18nSettings,
    readonly filterLimits: FilterLimits,
  ) {}

  compile(uid: string, input: ReadInput, options: CompileOptions): CompiledRead {
    const ct = this.registry.require(uid);
    const p = options.door === 'rest' ? this.restParams(ct, input, options) : this.serviceParams(ct, input, options);
    return deepFreeze({
      type: ct.uid,
      door: options.door,
      status: p.status,
      locale: p.locale,
      filter: this.filter(ct.uid, p.filters, ['filters']),
      sort: p.sort,
      window: p.window,
      fields: p.fields,
      populate: this.populate(p.populate),
    });
  }

  /** A populate as a door states it (REST's `populate[<relation>]` options) on a content-type's or a component's fields, compiled alone. */
  populateOf(uid: string, populate: ParamValue, settings: ListParamsSettings): CompiledPopulateTree {
    const model = this.registry.model(uid);
    return deepFreeze(this.populate(parsePopulate(this.registry, model, populate, settings, placeOf('populate'))));
  }

  /** REST's parameters, read as a query string states them (`parseListParams`). */
  private restParams(ct: ContentType, input: ReadInput, options: CompileOptions): Params {
    const p = parseListParams(this.registry, ct, input as ParamObject, options.settings);
    const locale = p.locale === undefined || p.locale.kind === 'default' ? resolveLocale(ct, undefined, this.i18n)
      : p.locale.kind === 'all' && options.kind !== 'one' ? ALL_LOCALES
        : resolveLocale(ct, p.locale.kind === 'all' ? ALL_LOCALES : p.locale.code, this.i18n);
    const { mode, start, limit, withCount } = p.pagination;
    return { status: p.status, locale, filters: p.filtersRaw, sort: p.sort, fields: p.fields, populate: p.populate, window: { mode, start, limit, withCount } };
  }

  /** The document service's parameters, typed values and all. */
  private serviceParams(ct: ContentType, input: ReadInput, options: CompileOptions): Params {
    const value = (key: keyof ReadInput) => input[key] as ParamValue | undefined;
    return {
      status: serviceStatus(ct, input.status),
      locale: options.kind === 'one' ? resolveLocale(ct, input.locale, this.i18n) : resolveListLocale(ct, input.locale, this.i18n),
      filters: input.filters,
      sort: parseSort(this.registry, ct, value('sort'), placeOf('sort')),
      fields: parseFields(ct, value('fields'), placeOf('fields')),
      populate: parsePopulate(this.registry, ct, value('populate'), options.settings, placeOf('populate')),
      window: serviceWindow(input, options),
    };
  }

  private filter(uid: string, raw: unknown, path: readonly string[]): FilterNode {
    if (raw === undefined || raw === null) return ConstNode.TRUE;
    return buildFilterTree(this.registry, uid, raw, { limits: this.filterLimits, path });
  }

  private populate(tree: PopulateTree): CompiledPopulateTree {
    const out: Record<string, CompiledPopulateTree[string]> = Object.create(null);
    for (const name in tree) {
      const node = tree[name]!;
      if (node.kind === 'component') {
        const parts: Record<string, CompiledComponentPart> = Object.create(null);
        for (const uid in node.parts) parts[uid] = { fields: node.parts[uid]!.fields, populate: this.populate(node.parts[uid]!.populate) };
        out[name] = { kind: 'component', attribute: node.attribute, parts };
        continue;
      }
      out[name] = {
        kind: 'relation',
        attribute: node.attribute,
        target: node.target,
        toMany: node.toMany,
        fields: node.fields,
        sort: node.sort,
        filter: node.filtersRaw === undefined ? undefined : this.filter(node.target, node.filtersRaw, ['populate', node.attribute, 'filters']),
        populate: this.populate(node.populate),
        count: node.count,
        window: node.pagination,
      };
    }
    return out;
  }
}

/** The document service's status: drafts unless it says published (a type without versions shows published ones). */
function serviceStatus(ct: ContentType, status: unknown): Status {
  if (status !== undefined && status !== 'draft' && status !== 'published') throw ValidationError.at('status', INVALID_STATUS, { param: 'status' });
  return (status as Status | undefined) ?? (ct.draftAndPublish ? 'draft' : 'published');
}

/**
 * The document service's window: `pagination`, or `start` / `limit` at the top level; without
 * any, every match, except for a page (`findPage`).
 */
function serviceWindow(input: ReadInput, options: CompileOptions): ReadWindow {
  const top: Record<string, ParamValue> = {};
  if (input.start !== undefined) top.start = input.start as ParamValue;
  if (input.limit !== undefined) top.limit = input.limit as ParamValue;
  const given = input.pagination ?? (Object.keys(top).length > 0 ? top : undefined);
  if (given === undefined && options.kind !== 'page') return { mode: 'page', start: 0, limit: Infinity, withCount: true };
  const merged = typeof given === 'object' && given !== null && !Array.isArray(given) ? { ...top, ...(given as object) } : given;
  const { mode, start, limit, withCount } = parsePagination(merged as ParamValue | undefined, options.settings, placeOf('pagination'));
  return { mode, start, limit, withCount };
}

