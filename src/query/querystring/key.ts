import { ValidationError } from '../../errors/index.js';
import { depthLimitMessage, forbiddenKeyMessage } from './limits.js';

const OPEN = 0x5b;
const CLOSE = 0x5d;

/** Refused at any level even though every object we build has no prototype: they are never a field name. */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * `filters[a][$in][0]` → `['filters', 'a', '$in', '0']`; `a[]` → `['a', '']`, where `''` after the
 * root means "append". Like qs, a key without a well-formed first group is one literal name
 * (`a[b` stays `a[b`), and text after the last well-formed group becomes one literal segment;
 * validation later rejects such names as unknown keys. Returns `undefined` for a key that names
 * nothing (`[]`).
 */
export function splitKey(key: string, maxDepth: number): string[] | undefined {
  const open = key.indexOf('[');
  if (open === -1) return [checked(key, [])];
  const segments: string[] = [];
  if (open > 0) segments.push(checked(key.slice(0, open), segments));
  let i = open;
  while (i < key.length) {
    const close = groupEnd(key, i);
    if (close === -1) {
      if (i === open) return [checked(key, [])];
      pushSegment(segments, key.slice(i), maxDepth);
      break;
    }
    pushSegment(segments, key.slice(i + 1, close), maxDepth);
    i = close + 1;
  }
  if (segments[0] === '') return undefined;
  return segments;
}

/** Index of the `]` closing the group opened at `open`, or -1 when the text there is not a `[name]` group. */
function groupEnd(key: string, open: number): number {
  if (key.charCodeAt(open) !== OPEN) return -1;
  for (let j = open + 1; j < key.length; j++) {
    const c = key.charCodeAt(j);
    if (c === CLOSE) return j;
    if (c === OPEN) return -1;
  }
  return -1;
}

function pushSegment(segments: string[], segment: string, maxDepth: number): void {
  // The first group of `[a][b]` is the root, not a level.
  if (segments.length > maxDepth) {
    throw ValidationError.at(segments, depthLimitMessage(maxDepth), { source: 'query' });
  }
  segments.push(checked(segment, segments));
}

function checked(segment: string, before: readonly string[]): string {
  // The length test spares hashing every new segment string just to learn it is harmless.
  const length = segment.length;
  if ((length === 9 || length === 11) && FORBIDDEN.has(segment)) {
    throw ValidationError.at([...before, segment], forbiddenKeyMessage(segment), { source: 'query' });
  }
  return segment;
}
