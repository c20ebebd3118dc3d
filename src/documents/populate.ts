import { ValidationError } from '../errors/index.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { ContentType, RelationAttribute } from '../schema/types.js';

/** Strapi's populate shapes as the document service takes them. */
export type PopulateInput = '*' | true | string | readonly string[] | { readonly [relation: string]: PopulateValue };
export type PopulateValue = true | '*' | { readonly populate?: PopulateInput; readonly fields?: readonly string[] | string; readonly count?: boolean };

export interface PopulateNode {
  readonly attr: RelationAttribute;
  readonly fields: ReadonlySet<string> | undefined;
  readonly populate: PopulateTree;
  /** Only the number of related entries, as `{ count }`. */
  readonly count: boolean;
}
export type PopulateTree = ReadonlyMap<string, PopulateNode>;

const EMPTY: PopulateTree = new Map();

/** Normalizes a populate value against a content-type; unknown, scalar and private keys are 400s. */
export function readPopulate(registry: SchemaRegistry, ct: ContentType, input: unknown, path = 'populate'): PopulateTree {
  if (input === undefined || input === null || input === false) return EMPTY;
  if (input === '*' || input === true) {
    return new Map([...ct.attributes.values()]
      .filter((a): a is RelationAttribute => a.kind === 'relation' && !a.private)
      .map((a) => [a.name, { attr: a, fields: undefined, populate: EMPTY, count: false }]));
  }
  if (typeof input === 'string' || Array.isArray(input)) {
    const paths = (typeof input === 'string' ? input.split(',') : input).map((p) => String(p).trim()).filter(Boolean);
    if (paths.includes('*')) return readPopulate(registry, ct, '*', path);
    const tree: Record<string, unknown> = {};
    for (const p of paths) {
      const [head, ...rest] = p.split('.');
      const prior = tree[head!];
      tree[head!] = rest.length === 0 ? (prior ?? true) : mergePath(prior, rest.join('.'));
    }
    return readPopulate(registry, ct, tree, path);
  }
  if (typeof input !== 'object') throw ValidationError.at(path, 'Invalid populate value', { source: 'query', param: 'populate' });
  const tree = new Map<string, PopulateNode>();
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    const attr = ct.attributes.get(key);
    const at = `${path}.${key}`;
    if (!attr || attr.kind !== 'relation' || attr.private) {
      throw ValidationError.at(at, `Invalid key ${key}`, { key, source: 'query', param: 'populate' });
    }
    if (value === false) continue;
    const target = registry.require(attr.target);
    if (value === true || value === '*') {
      tree.set(key, { attr, fields: undefined, populate: EMPTY, count: false });
      continue;
    }
    if (typeof value !== 'object' || value === null) throw ValidationError.at(at, `Invalid populate value for ${key}`, { key, source: 'query', param: 'populate' });
    const v = value as { populate?: unknown; fields?: unknown; count?: unknown };
    tree.set(key, {
      attr,
      fields: readFields(target, v.fields, `${at}.fields`),
      populate: readPopulate(registry, target, v.populate, `${at}.populate`),
      count: v.count === true || v.count === 'true',
    });
  }
  return tree;
}

function mergePath(prior: unknown, rest: string): unknown {
  const existing = typeof prior === 'object' && prior !== null ? (prior as { populate?: string[] }).populate ?? [] : [];
  return { populate: [...existing, rest] };
}

/** `fields`: scalar, public attributes plus the system fields; undefined means all. */
export function readFields(ct: ContentType, input: unknown, path = 'fields'): ReadonlySet<string> | undefined {
  if (input === undefined || input === null) return undefined;
  const list = (typeof input === 'string' ? input.split(',') : Array.isArray(input) ? input : [input]).map((f) => String(f).trim()).filter(Boolean);
  if (list.length === 0 || list.includes('*')) return undefined;
  for (const name of list) {
    const attr = ct.attributes.get(name);
    const system = ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale'].includes(name);
    if (!system && (!attr || attr.kind !== 'scalar' || attr.private)) {
      throw ValidationError.at(`${path}`, `Invalid key ${name}`, { key: name, source: 'query', param: 'fields' });
    }
  }
  return new Set(list);
}
