import { ValidationError } from '../../errors/index.js';
import { depthLimitMessage, forbiddenKeyMessage } from './limits.js';

const OPEN = 0x5b;
const CLOSE = 0x5d;

/**
 * qs drops a pair silently when a segment of its key names a member of Object.prototype
 * (`toString`, `__proto__`...); a silent drop can widen a filter to every entry, so these are
 * refused instead, and `prototype` with them, which is never a field name either. Every object
 * we build has no prototype, so none of them could reach one anyway.
 */
const FORBIDDEN = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);
/** Bit n is set when some forbidden name has length n: spares hashing most segments. */
const FORBIDDEN_LENGTHS = [...FORBIDDEN].reduce((bits, name) => bits | (1 << name.length), 0);

/**
 * Splits a decoded key the way qs does: `filters[a][$in][0]` → `['filters', 'a', '$in', '0']`.
 * The name before the first `[` is the root (a key starting with `[` has none, and its first
 * group stands in for it); each group runs to the `]` that balances its `[` (`a[b[c]]` has the
 * one group `b[c]`); text between groups is skipped (`a[b]c` is `a[b]`); a group left open keeps
 * the rest of the key, bracket included, as one literal segment (`a[b` → `['a', '[b']`).
 * `''` (from `[]`) means "append". Past `maxDepth` groups qs would keep the rest as one literal
 * segment; that is a 400 naming the limit instead (docs/limits-and-errors.md, Limits). Whether a segment
 * is an index is left to the tree.
 */
export function splitKey(key: string, maxDepth: number): string[] {
  const first = key.indexOf('[');
  if (first === -1) return [checked(key, [])];
  const segments: string[] = [];
  if (first > 0) segments.push(checked(key.slice(0, first), segments));
  let open = first;
  for (let groups = 0; open !== -1 && groups < maxDepth; groups++) {
    const close = balancingClose(key, open);
    if (close === -1) {
      segments.push(key.slice(open));
      return segments;
    }
    segments.push(checked(key.slice(open + 1, close), segments));
    open = key.indexOf('[', close + 1);
  }
  if (open !== -1) throw ValidationError.at(segments, depthLimitMessage(maxDepth), { source: 'query' });
  return segments;
}

/** Index of the `]` that brings the nesting opened at `open` back to zero, or -1. */
function balancingClose(key: string, open: number): number {
  let level = 1;
  for (let i = open + 1; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c === OPEN) level++;
    else if (c === CLOSE && --level === 0) return i;
  }
  return -1;
}

function checked(segment: string, before: readonly string[]): string {
  const length = segment.length;
  if (length < 32 && (FORBIDDEN_LENGTHS & (1 << length)) !== 0 && FORBIDDEN.has(segment)) {
    throw ValidationError.at([...before, segment], forbiddenKeyMessage(segment), { source: 'query' });
  }
  return segment;
}
