import { compact } from './compact.js';
import { splitKey } from './key.js';
import type { QueryLimits } from './limits.js';
import {
  ARRAY_LIMIT, combine, type Draft, Group, indexOf, isComposite, isOverflowed, MAX_ARRAY_INDEX, merge, noteKey, overflow, overflowAt,
} from './merge.js';
import type { QueryObject } from './types.js';

/**
 * Builds the object qs builds from decoded pairs, in qs's two steps: the values of one key text
 * are gathered first (repeats make a list), then each key text is split and its value merged
 * in. qs visits the key texts in the order of the object it gathered them in, which puts
 * array-index names (`5`) before the others whatever the arrival order, and merging depends on
 * that order (`[5]=x&5=y` reads `{ 5: ['y', 'x'] }`); so does this.
 */
export class TreeBuilder {
  private readonly byKey = new Map<string, Draft>();
  /** Key texts that are array indices, in arrival order; rare. */
  private readonly indexKeys: string[] = [];
  private readonly limits: QueryLimits;

  constructor(limits: QueryLimits) {
    this.limits = limits;
  }

  add(key: string, value: string | null): void {
    const byKey = this.byKey;
    const gathered = byKey.get(key);
    if (gathered !== undefined || byKey.has(key)) {
      byKey.set(key, combine(gathered!, value));
      return;
    }
    byKey.set(key, value);
    if (isArrayIndex(key)) this.indexKeys.push(key);
  }

  finish(): QueryObject {
    const root = new Group();
    if (this.indexKeys.length > 0) {
      for (const key of this.indexKeys.sort((a, b) => Number(a) - Number(b))) this.place(root, key);
    }
    for (const key of this.byKey.keys()) if (this.indexKeys.length === 0 || !isArrayIndex(key)) this.place(root, key);
    return compact(root, this.limits);
  }

  private place(root: Group, key: string): void {
    const segments = splitKey(key, this.limits.maxDepth);
    this.insert(root, segments, 0, key.charCodeAt(0) !== OPEN, this.byKey.get(key)!);
  }

  /**
   * `merge(target, nest(segments from i))`, walking down `target` where the result is the same,
   * so that pairs sharing a path (`filters[id][$in][0]`, `[1]`...) build nothing they share.
   */
  private insert(target: Draft | undefined, segments: readonly string[], i: number, rootIsName: boolean, leaf: Draft): Draft {
    if (target === undefined) return nest(segments, i, rootIsName, leaf);
    if (i === segments.length) return merge(target, leaf);
    const segment = segments[i]!;
    const isGroup = i > 0 || !rootIsName;
    if (isGroup && segment === '') return merge(target, nest(segments, i, rootIsName, leaf));
    const index = isGroup ? indexOf(segment) : -1;
    if (target instanceof Group) {
      // An index prints back as the segment, so both kinds are keyed by the segment itself.
      const entries = target.entries;
      entries.set(segment, this.insert(entries.get(segment), segments, i + 1, rootIsName, leaf));
      noteKey(target, segment, index >= ARRAY_LIMIT ? index : -1);
      return target;
    }
    if (Array.isArray(target) && index !== -1 && index < ARRAY_LIMIT) {
      const existing = target[index];
      if (existing === undefined) target[index] = nest(segments, i + 1, rootIsName, leaf);
      else if (isComposite(existing) && (i + 1 < segments.length || isComposite(leaf))) target[index] = this.insert(existing, segments, i + 1, rootIsName, leaf);
      else target.push(nest(segments, i + 1, rootIsName, leaf));
      return target.length > ARRAY_LIMIT ? overflow(target) : target;
    }
    return merge(target, nest(segments, i, rootIsName, leaf));
  }
}

/**
 * `value` under `segments[from...]`, built from the innermost out. The first segment is a name
 * when the key had text before its first `[`; a bracket group is an index below the limit (a
 * list with holes before it), an index at or past it (an overflowed list), `''` (append: a list
 * of the value, or of its items when it is a list already) or a name.
 */
function nest(segments: readonly string[], from: number, rootIsName: boolean, value: Draft): Draft {
  let inner = value;
  for (let i = segments.length - 1; i >= from; i--) {
    const segment = segments[i]!;
    const isGroup = i > 0 || !rootIsName;
    const index = isGroup ? indexOf(segment) : -1;
    if (isGroup && segment === '') {
      if (!isOverflowed(inner)) inner = combine([], inner);
    } else if (index === -1) {
      const group = new Group();
      group.entries.set(segment, inner);
      inner = group;
    } else if (index < ARRAY_LIMIT) {
      const list: Draft[] = [];
      list[index] = inner;
      inner = list;
    } else {
      inner = overflowAt(index, inner);
    }
  }
  return inner;
}

function isArrayIndex(key: string): boolean {
  const first = key.charCodeAt(0);
  if (first < 0x30 || first > 0x39) return false;
  const index = indexOf(key);
  return index !== -1 && index <= MAX_ARRAY_INDEX;
}

const OPEN = 0x5b;
