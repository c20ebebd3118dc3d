import { ValidationError } from '../../errors/index.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import type { ComponentAttribute, DynamicZoneAttribute, Model, RelationAttribute } from '../../schema/types.js';
import { ARRAY_LIMIT } from '../querystring/index.js';
import { isParamObject, type ParamObject, type ParamValue } from './types.js';
import { booleanLike } from './boolean-like.js';
import {
  below, detailsAt, INVALID_NESTED_POPULATE_MESSAGE, INVALID_POPULATE_MESSAGE, invalidAt, invalidKey, type Place,
  populateDepthMessage, rootOnlyReason, tooManyPopulateEntriesMessage,
} from './errors.js';
import { lookupField, populatableFields } from './fields-of.js';
import { parseFields } from './fields.js';
import { rawFilters } from './filters.js';
import { isWindowKey, parseWindow, type WindowKey } from './pagination.js';
import type { ListParamsSettings } from './settings.js';
import { parseSort } from './sort.js';
import type { ComponentPart, ComponentPopulateNode, FieldSelection, PopulateTree, RelationPopulateNode, SortSpec } from './types.js';

/** Nodes whose `populate` still take the children of later dot paths (`a,a.b`). */
type Node = RelationNode | ComponentNode;
interface RelationNode extends RelationPopulateNode {
  readonly populate: Record<string, Node>;
}
interface ComponentNode extends ComponentPopulateNode {
  readonly parts: Record<string, Part>;
}
interface Part extends ComponentPart {
  readonly populate: Record<string, Node>;
}

interface Context {
  readonly registry: SchemaRegistry;
  readonly settings: ListParamsSettings;
}

/** Params that apply to the whole query, populated relations included, and so nowhere else. */
const ROOT_ONLY = new Set(['status', 'locale']);

type Structure = ComponentAttribute | DynamicZoneAttribute;
type Populatable = RelationAttribute | Structure;

/**
 * Reads `populate` in Strapi's forms: `*`, `a,b.c`, `populate[0]=a`, and the object form
 * `populate[rel]=true` / `populate[rel][fields|sort|filters|populate|count|page|pageSize|start|limit]`,
 * recursively. Relations (media included), components and dynamic zones can be populated: a
 * component takes `fields` and `populate`, a dynamic zone `populate` (for every component it
 * allows) and `on[<component>][fields|populate]`. Nested filters are carried raw with their target.
 */
export function parsePopulate(
  registry: SchemaRegistry, ct: Model, value: ParamValue | undefined, settings: ListParamsSettings, place: Place,
): PopulateTree {
  return readLevel({ registry, settings }, ct, value, 1, place);
}

function readLevel(ctx: Context, ct: Model, value: ParamValue | undefined, depth: number, place: Place): Record<string, Node> {
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

/** `*` (every populatable field of this level) or comma-separated dot paths, merged into `tree`. */
function addPaths(ctx: Context, tree: Record<string, Node>, ct: Model, text: string, depth: number, place: Place): void {
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    if (item === '*') {
      for (const attribute of populatableFields(ct)) ensure(ctx, tree, attribute, depth, below(place, attribute.name));
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
      const node = ensure(ctx, level, attribute, levelDepth, here);
      if (node.kind === 'relation') {
        level = node.populate;
        type = ctx.registry.require(attribute.kind === 'relation' ? attribute.target : '');
      } else if (attribute.kind === 'component') {
        level = node.parts[attribute.component]!.populate;
        type = ctx.registry.component(attribute.component);
      } else {
        // A dot path cannot say which of a dynamic zone's components it goes into.
        level = Object.create(null) as Record<string, Node>;
        type = DEAD_END;
      }
      // Only relations count toward the depth limit: a component is read with its row.
      if (node.kind === 'relation') levelDepth++;
    }
  }
}

/** What a path continues into past a dynamic zone: nothing, so that any next name is invalid. */
const DEAD_END: Model = { uid: '', displayName: '', attributes: new Map(), file: '', kind: 'component', category: '' } as Model;

/** One key of the object form: `true`-like, `false`-like, or the relation's own options. */
function readEntry(
  ctx: Context, tree: Record<string, Node>, ct: Model, key: string, value: ParamValue, depth: number, place: Place,
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
  tree[attribute.name] = attribute.kind === 'relation' ? readOptions(ctx, attribute, value, depth, place) : readStructure(ctx, attribute, value, depth, place);
}

/**
 * A component's options (`fields`, `populate`), or a dynamic zone's: `populate` for every
 * component it allows, and `on[<component>]` with that component's own `fields` and `populate`.
 */
function readStructure(ctx: Context, attribute: Structure, options: ParamObject, depth: number, place: Place): ComponentNode {
  const node = plainNode(attribute) as ComponentNode;
  const parts = node.parts;
  for (const key in options) {
    const value = options[key]!;
    const here = below(place, key);
    if (key === 'populate') {
      for (const uid in parts) parts[uid] = { ...parts[uid]!, populate: readLevel(ctx, ctx.registry.component(uid), value, depth, here) };
    } else if (key === 'fields' && attribute.kind === 'component') {
      parts[attribute.component] = { ...parts[attribute.component]!, fields: parseFields(ctx.registry.component(attribute.component), value, here) };
    } else if (key === 'on' && attribute.kind === 'dynamiczone' && isParamObject(value)) {
      // As Strapi 5.54 answers: with `on`, a zone shows only the components it names.
      const named: Record<string, Part> = Object.create(null);
      for (const uid in value) {
        const at = below(here, uid);
        const part = value[uid]!;
        if (!attribute.components.includes(uid)) throw invalidKey(at);
        named[uid] = isParamObject(part) ? readPart(ctx, uid, part, depth, at) : parts[uid]!;
      }
      for (const uid in parts) if (!(uid in named)) delete parts[uid];
      Object.assign(parts, named);
    } else {
      throw invalidKey(here, ROOT_ONLY.has(key) ? rootOnlyReason(key) : undefined);
    }
  }
  return node;
}

function readPart(ctx: Context, uid: string, options: ParamObject, depth: number, place: Place): Part {
  const component = ctx.registry.component(uid);
  let fields: FieldSelection = '*';
  let populate = Object.create(null) as Record<string, Node>;
  for (const key in options) {
    const here = below(place, key);
    if (key === 'fields') fields = parseFields(component, options[key]!, here);
    else if (key === 'populate') populate = readLevel(ctx, component, options[key]!, depth, here);
    else throw invalidKey(here);
  }
  return { fields, populate };
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
  return { kind: 'relation', attribute: attribute.name, target: target.uid, toMany: attribute.toMany, fields, sort, filtersRaw, populate, count, pagination };
}

function populatable(ct: Model, name: string, place: Place): Populatable {
  const field = lookupField(ct, name);
  if (field.kind === 'relation' || field.kind === 'structure') return field.attribute;
  throw invalidKey(place, ROOT_ONLY.has(name) ? rootOnlyReason(name) : undefined);
}

function ensure(ctx: Context, tree: Record<string, Node>, attribute: Populatable, depth: number, place: Place): Node {
  const existing = tree[attribute.name];
  if (existing !== undefined) return existing;
  checkDepth(ctx, depth, place);
  const node = plainNode(attribute);
  tree[attribute.name] = node;
  return node;
}

/** A field populated plainly: a relation's entries whole, a component's fields (nothing inside it populated). */
function plainNode(attribute: Populatable): Node {
  if (attribute.kind !== 'relation') {
    const uids = attribute.kind === 'component' ? [attribute.component] : attribute.components;
    const parts: Record<string, Part> = Object.create(null);
    for (const uid of uids) parts[uid] = { fields: '*', populate: Object.create(null) as Record<string, Node> };
    return { kind: 'component', attribute: attribute.name, parts };
  }
  return {
    kind: 'relation',
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
