import { ValidationError } from '../../errors/index.js';
import { arrayIndexLimitMessage, arrayLengthLimitMessage, type QueryLimits, valueAndKeysMessage } from './limits.js';
import type { QueryObject, QueryValue } from './types.js';

/**
 * One node while pairs arrive. Lists are not materialised until every pair is in, so
 * out-of-order and sparse indices cost nothing and `a[99999999]` never allocates.
 */
class Draft {
  /** `key=v` values and `key[]` pushes, in arrival order. */
  items: (string | null | Draft)[] | undefined;
  /** A `[]` was seen: the node is a list even with a single item. */
  isList = false;
  indexed: Map<number, Draft> | undefined;
  /** Indices arrived in ascending order so far (what qs and @strapi/client send): no sort needed. */
  indexedInOrder = true;
  lastIndex = 0;
  named: Map<string, Draft> | undefined;

  get size(): number {
    return (this.items?.length ?? 0) + (this.indexed?.size ?? 0);
  }
}

const MAX_INDEX_DIGITS = 15;

/** Builds the nested object from split keys; `finish` turns it into plain data. */
export class TreeBuilder {
  private readonly root = new Draft();
  private readonly limits: QueryLimits;

  constructor(limits: QueryLimits) {
    this.limits = limits;
  }

  add(segments: readonly string[], value: string | null): void {
    let node = this.root;
    const last = segments.length - 1;
    for (let depth = 0; depth <= last; depth++) {
      const segment = segments[depth]!;
      if (depth > 0 && segment === '') {
        if (node.named !== undefined) valueAndKeys(segments, depth - 1);
        node.isList = true;
        if (depth === last) {
          // A bare `key[]` or `key[]=` is how clients send an empty list.
          if (value !== null && value !== '') this.push(node, value, segments, depth - 1);
          return;
        }
        const element = new Draft();
        this.push(node, element, segments, depth - 1);
        node = element;
        continue;
      }
      const index = depth > 0 ? arrayIndex(segment) : -1;
      node = index >= 0 ? this.indexedChild(node, index, segments, depth) : namedChild(node, segment, segments, depth);
    }
    if (node.named !== undefined) valueAndKeys(segments, last);
    this.push(node, value, segments, last);
  }

  finish(): QueryObject {
    return toObject(this.root);
  }

  /** `depth` is where `node` stands in `segments`, for the error path. */
  private push(node: Draft, item: string | null | Draft, segments: readonly string[], depth: number): void {
    if (node.size >= this.limits.maxArrayLength) this.tooLong(segments, depth);
    (node.items ??= []).push(item);
  }

  private indexedChild(node: Draft, index: number, segments: readonly string[], depth: number): Draft {
    if (index > this.limits.maxArrayIndex) {
      throw ValidationError.at(segments.slice(0, depth + 1), arrayIndexLimitMessage(this.limits.maxArrayIndex), {
        source: 'query',
      });
    }
    node.indexed ??= new Map();
    let child = node.indexed.get(index);
    if (child === undefined) {
      if (node.size >= this.limits.maxArrayLength) this.tooLong(segments, depth - 1);
      if (node.indexed.size > 0 && node.lastIndex > index) node.indexedInOrder = false;
      node.lastIndex = index;
      child = new Draft();
      node.indexed.set(index, child);
    }
    return child;
  }

  private tooLong(segments: readonly string[], depth: number): never {
    throw ValidationError.at(segments.slice(0, depth + 1), arrayLengthLimitMessage(this.limits.maxArrayLength), {
      source: 'query',
    });
  }
}

function namedChild(node: Draft, name: string, segments: readonly string[], depth: number): Draft {
  if (node.named === undefined) {
    if (node.items !== undefined || node.isList) valueAndKeys(segments, depth - 1);
    node.named = new Map();
  }
  let child = node.named.get(name);
  if (child === undefined) {
    child = new Draft();
    node.named.set(name, child);
  }
  return child;
}

/** `a=1&a[b]=2` in either order: neither reading is right, so neither is guessed. */
function valueAndKeys(segments: readonly string[], depth: number): never {
  const path = segments.slice(0, depth + 1);
  throw ValidationError.at(path, valueAndKeysMessage(path.join('.')), { source: 'query' });
}

/** The index a segment stands for when it is a canonical decimal (`7`, not `07` or `+7`), else -1. */
function arrayIndex(segment: string): number {
  const length = segment.length;
  if (length === 0 || (length > 1 && segment.charCodeAt(0) === 0x30)) return -1;
  for (let i = 0; i < length; i++) {
    const c = segment.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return -1;
  }
  // Past 15 digits the exact value no longer matters, only that it is over every limit.
  return length > MAX_INDEX_DIGITS ? Number.MAX_SAFE_INTEGER : Number(segment);
}

function toValue(node: Draft): QueryValue {
  const { items } = node;
  if (node.named !== undefined) return toObject(node);
  if (items?.length === 1 && !node.isList && node.indexed === undefined) {
    const only = items[0]!;
    if (!(only instanceof Draft)) return only;
  }
  const list: QueryValue[] = [];
  if (node.indexed !== undefined) {
    for (const [, child] of inIndexOrder(node.indexed, node.indexedInOrder)) list.push(toValue(child));
  }
  if (items !== undefined) {
    for (const item of items) list.push(item instanceof Draft ? toValue(item) : item);
  }
  return list;
}

/** A node with names; indices beside names become keys `"0"`, `"1"` (later validation rejects them). */
function toObject(node: Draft): QueryObject {
  const out = Object.create(null) as QueryObject;
  if (node.indexed !== undefined) {
    for (const [index, child] of inIndexOrder(node.indexed, node.indexedInOrder)) out[String(index)] = toValue(child);
  }
  if (node.named !== undefined) {
    for (const [name, child] of node.named) out[name] = toValue(child);
  }
  return out;
}

function inIndexOrder(indexed: ReadonlyMap<number, Draft>, inOrder: boolean): Iterable<[number, Draft]> {
  return inOrder ? indexed : [...indexed].sort((a, b) => a[0] - b[0]);
}
