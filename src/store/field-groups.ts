import type { Key } from 'lmdb';
import type { Dbs } from './dbs.js';
import { firstAtLeast, rangeOf, type Encode, type IndexBound } from './index-bounds.js';
import { compareIndexValues, type IndexValue } from './index-keys.js';
import { MAX } from './keys.js';
import type { Postings } from './postings.js';
import type { FieldGroups, ReadCache } from './read-cache.js';
import { EMPTY_IDS } from './sorted-ids.js';

/**
 * A field's whole index in one scope as the in-memory copy holds it (read-cache.ts), read from the
 * field's sets (`base`: type, code, scope), and what readers derive from such a copy.
 */
export function storedGroups(index: Postings, base: Key[]): FieldGroups {
  const values: IndexValue[] = [];
  const sets: Uint32Array[] = [];
  for (const g of index.groups(base, [...base, MAX], 4)) {
    values.push(g.key[3] as IndexValue);
    sets.push(g.ids);
  }
  return withOffsets(values, sets);
}

/**
 * The documentId index of one scope (`base` as `storedGroups` takes it), read from the documentId
 * lookup (IndexKind 'document'), whose keys are a documentId and a scope: every version of the
 * type's documents is read, those of other scopes passed over.
 */
export function documentGroups(docs: Dbs['docs'], [t, , s]: Key[]): FieldGroups {
  const values: IndexValue[] = [];
  const sets: Uint32Array[] = [];
  for (const { key, value } of docs.getRange({ start: [t!], end: [t!, MAX] })) {
    if (key[2] !== s) continue;
    values.push(key[1] as string);
    sets.push(Uint32Array.of(value));
  }
  return withOffsets(values, sets);
}

/**
 * One set of the documentId index (`base` as `storedGroups` takes it): the row of `value` in that
 * scope, kept in memory as a field's sets are (read from the lookup each time, `$eq` on documentId
 * took 11-15 µs where a kept set took 7). A change to the lookup drops it (`dropDocumentSet`).
 */
export function documentSet(cache: ReadCache, docs: Dbs['docs'], [t, , s]: Key[], value: IndexValue): Uint32Array {
  if (typeof value !== 'string') return EMPTY_IDS;
  const head = documentHead(t as number, s as string);
  const known = cache.setsOf(head)?.get(value);
  if (known) return known;
  const id = docs.get([t!, value, s!]);
  const ids = id === undefined ? EMPTY_IDS : Uint32Array.of(id);
  cache.keepSet(head, value, ids);
  return ids;
}

export function dropDocumentSet(cache: ReadCache, t: number, s: string, documentId: string): void {
  cache.dropSet(documentHead(t, s), documentId);
}

const documentHead = (t: number, s: string): string => `document:${t}:${s}`;

/** Values beside their sets, with where each set begins when they are laid end to end. */
function withOffsets(values: IndexValue[], sets: Uint32Array[]): FieldGroups {
  const offsets = new Uint32Array(sets.length + 1);
  sets.forEach((ids, i) => (offsets[i + 1] = offsets[i]! + ids.length));
  return { values, sets, offsets };
}

/** Per copy, each row id's position in it (-1 for none): made once, it lives as long as the copy. */
const positionsKept = new WeakMap<FieldGroups, Int32Array>();

/** Each row id's position (its value's rank) in a copy, -1 for a row it does not hold. */
export function positionsOf(groups: FieldGroups): Int32Array {
  let positions = positionsKept.get(groups);
  if (!positions) {
    let max = -1;
    for (const ids of groups.sets) if (ids.length > 0) max = Math.max(max, ids[ids.length - 1]!);
    positions = new Int32Array(max + 1).fill(-1);
    const at = positions;
    groups.sets.forEach((ids, i) => {
      for (let k = 0; k < ids.length; k++) at[ids[k]!] = i;
    });
    positionsKept.set(groups, positions);
  }
  return positions;
}

/** The ranks in a copy whose values a bound selects, as `[from, to)`; undefined for a prefix. */
export function ranksOf({ values }: FieldGroups, bound: IndexBound, enc: Encode): readonly [number, number] | undefined {
  switch (bound.kind) {
    case 'null':
      return values[0] === null ? [0, 1] : [0, 0];
    case 'eq': {
      const v = enc(bound.value);
      const at = firstAtLeast(values, v, false);
      return at < values.length && compareIndexValues(values[at]!, v) === 0 ? [at, at + 1] : [at, at];
    }
    case 'range':
      return rangeOf(values, bound, enc);
    case 'prefix':
      return undefined;
  }
}
