import { ValidationError } from '../../errors/index.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import type { ContentType, RelationAttribute } from '../../schema/types.js';
import { ARRAY_LIMIT } from '../querystring/index.js';
import { isParamObject, type ParamObject, type ParamValue } from './types.js';
import { booleanLike } from './boolean-like.js';
import {
  below, detailsAt, INVALID_NESTED_POPULATE_MESSAGE, INVALID_POPULATE_MESSAGE, invalidAt, invalidKey, type Place,
  populateDepthMessage, rootOnlyReason, tooManyPopulateEntriesMessage,
} from './errors.js';
import { lookupField, readableRelations } from './fields-of.js';
import { parseFields } from './fields.js';
import { rawFilters } from './filters.js';
import { isWindowKey, parseWindow, type WindowKey } from './pagination.js';
import type { ListParamsSettings } from './settings.js';
import { parseSort } from './sort.js';
import type { FieldSelection, PopulateNode, PopulateTree, SortSpec } from './types.js';

/** A node whose `populate` still takes the children of later dot paths (`a,a.b`). */
interface Node extends PopulateNode {
  readonly populate: Record<string, Node>;
}

interface Context {
  readonly registry: SchemaRegistry;
  readonly settings: ListParamsSettings;
}

/** Params that apply to the whole query, populated relations included, and so nowhere else. */
const ROOT_ONLY = new Set(['status', 'locale']);

/**
 * Reads `populate` in Strapi's forms: `*`, `a,b.c`, `populate[0]=a`, and the object form
 * `populate[rel]=true` / `populate[rel][fields|sort|filters|populate|count|page|pageSize|start|limit]`,
 * recursively. Only relations can be populated; nested filters are carried raw with their target.
 */
export function parsePopulate(
  registry: SchemaRegistry, ct: ContentType, value: ParamValue | undefined, settings: ListParamsSettings, place: Place,
): PopulateTree {
  return readLevel({ registry, settings }, ct, value, 1, place);
}

function readLevel(ctx: Context, ct: ContentType, value: ParamValue | undefined, depth: number, place: Place): Record<string, Node> {
  const tree = Object.create(null) as Record<string, Node>;
  if (value === undefined || value === null) return tree;
  if (typeof value === 'string') {
    addPaths(ctx, tree, ct, value, depth, place);
  } else if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item === 'string') addPaths(ctx, tree, ct, item, depth, place);
      else if (item !== null) throw invalidAt(place, INVALID_POPULATE_MESSAGE);
    }
  } else if (isParamObject(value)) {
    if (pastArrayLimit(value)) throw invalidAt(place, tooManyPopulateEntriesMessage(Object.keys(value).length, ARRAY_LIMIT));
    for (const key in value) readEntry(ctx, tree, ct, key, value[key]!, depth, below(place, key));
  } else {
    throw invalidAt(place, INVALID_POPULATE_MESSAGE);
  }
  return tree;
}

/**
 * `populate[0]=a … populate[100]=z`: a list of names past the array limit, which the reader gives
 * as an object of index keys. Strapi names the cause rather than calling `0` an invalid key.
 */
function pastArrayLimit(value: ParamObject): boolean {
  const keys = Object.keys(value);
  return keys.length > ARRAY_LIMIT && keys.every((key, i) => key === String(i) && typeof value[key] === 'string');
}

/** `*` (every relation of this level) or comma-separated dot paths, merged into `tree`. */
function addPaths(ctx: Context, tree: Record<string, Node>, ct: ContentType, text: string, depth: number, place: Place): void {
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    if (item === '*') {
      for (const attribute of readableRelations(ct)) ensure(ctx, tree, attribute, depth, below(place, attribute.name));
      continue;
    }
    let level = tree;
    let type = ct;
    let levelDepth = depth;
    let here = place;
    for (const segment of item.split('.')) {
      const name = segment.trim();
      if (name === '') continue;
      here = below(here, name);
      const attribute = populatable(type, name, here);
      level = ensure(ctx, level, attribute, levelDepth, here).populate;
      type = ctx.registry.require(attribute.target);
      levelDepth++;
    }
  }
}

/** One key of the object form: `true`-like, `false`-like, or the relation's own options. */
function readEntry(
  ctx: Context, tree: Record<string, Node>, ct: ContentType, key: string, value: ParamValue, depth: number, place: Place,
): void {
  const attribute = populatable(ct, key, place);
  checkDepth(ctx, depth, place);
  if (value === null) return;
  if (typeof value !== 'object') {
    // As Strapi: false-like values and '' leave the relation out, any other value populates it.
    const text = String(value);
    if (text !== '' && booleanLike(text) !== false) tree[attribute.name] = plainNode(attribute);
    return;
  }
  if (!isParamObject(value)) throw invalidAt(place, INVALID_NESTED_POPULATE_MESSAGE);
  tree[attribute.name] = readOptions(ctx, attribute, value, depth, place);
}

function readOptions(ctx: Context, attribute: RelationAttribute, options: ParamObject, depth: number, place: Place): Node {
  const target = ctx.registry.require(attribute.target);
  let fields: FieldSelection = '*';
  let sort: SortSpec[] = [];
  let filtersRaw: ParamObject | undefined;
  let populate = Object.create(null) as Record<string, Node>;
  let count = false;
  const window: Partial<Record<WindowKey, ParamValue>> = {};
  for (const key in options) {
    const value = options[key]!;
    const here = below(place, key);
    if (key === 'fields') fields = parseFields(target, value, here);
    else if (key === 'sort') sort = parseSort(ctx.registry, target, value, here);
    else if (key === 'filters') filtersRaw = rawFilters(value, here);
    else if (key === 'populate') populate = readLevel(ctx, target, value, depth + 1, here);
    // Strapi counts relations only: a media field asked for its count shows its files.
    else if (key === 'count') count = readCount(value, here) && attribute.media === undefined;
    else if (isWindowKey(key)) window[key] = value;
    else throw invalidKey(here, ROOT_ONLY.has(key) ? rootOnlyReason(key) : undefined);
  }
  const pagination = parseWindow(window, ctx.settings, place);
  return { attribute: attribute.name, target: target.uid, toMany: attribute.toMany, fields, sort, filtersRaw, populate, count, pagination };
}

function populatable(ct: ContentType, name: string, place: Place): RelationAttribute {
  const field = lookupField(ct, name);
  if (field.kind === 'relation') return field.attribute;
  throw invalidKey(place, ROOT_ONLY.has(name) ? rootOnlyReason(name) : undefined);
}

function ensure(ctx: Context, tree: Record<string, Node>, attribute: RelationAttribute, depth: number, place: Place): Node {
  const existing = tree[attribute.name];
  if (existing !== undefined) return existing;
  checkDepth(ctx, depth, place);
  const node = plainNode(attribute);
  tree[attribute.name] = node;
  return node;
}

function plainNode(attribute: RelationAttribute): Node {
  return {
    attribute: attribute.name,
    target: attribute.target,
    toMany: attribute.toMany,
    fields: '*',
    sort: [],
    filtersRaw: undefined,
    populate: Object.create(null) as Record<string, Node>,
    count: false,
    pagination: undefined,
  };
}

function checkDepth(ctx: Context, depth: number, place: Place): void {
  const limit = ctx.settings.maxPopulateDepth;
  if (depth > limit) throw new ValidationError(populateDepthMessage(limit), detailsAt(place));
}

/** Strapi accepts only boolean-like values for `count` and names the key otherwise. */
function readCount(value: ParamValue, place: Place): boolean {
  const parsed = typeof value === 'boolean' ? value : typeof value === 'string' ? booleanLike(value) : undefined;
  if (parsed === undefined) throw invalidKey(place);
  return parsed;
}
