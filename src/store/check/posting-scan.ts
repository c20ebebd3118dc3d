import type { Database, Key } from 'lmdb';
import { BLOCKS, decode, INLINE } from '../postings.js';
import { someIds, type Problems } from './problems.js';

/** One posting set as stored: its key prefix and its ids (in stored order, which must be ascending). */
export interface StoredSet {
  readonly prefix: readonly Key[];
  readonly ids: readonly number[];
}

/** Posting sets by `setKey` of their prefix. */
export type SetMap = Map<string, StoredSet>;

/** A prefix as a map key: prefix parts are numbers, strings, booleans or null, which JSON keeps apart. */
export const setKey = (prefix: readonly Key[]): string => JSON.stringify(prefix);

interface Pending {
  prefix: readonly Key[];
  /** The directory's tag and body, when it was seen. */
  dir: { tag: number; body: readonly number[] } | undefined;
  /** Blocks in key order: the first id their key names, and their ids. */
  blocks: { first: number; ids: readonly number[] }[];
}

/**
 * Every posting set between `start` and `end` of a posting database whose prefixes have `depth`
 * parts, read straight from LMDB (no cache), checking the shape readers rely on (see
 * postings.ts): a directory per set, inline ids or a list of blocks that exist, each block keyed by
 * its first id, and ids ascending across the whole set. A malformed set is reported and still
 * returned with every id found, so its content is compared too.
 */
export function scanPostings(
  db: Database<Buffer, Key[]>, depth: number, start: Key[], end: Key[], describe: (prefix: readonly Key[]) => string, problems: Problems,
): SetMap {
  const sets: SetMap = new Map();
  let pending: Pending | undefined;
  const finish = (p: Pending) => {
    const ids = assemble(p, (message) => problems.add('posting', `${describe(p.prefix)}: ${message}`));
    sets.set(setKey(p.prefix), { prefix: p.prefix, ids });
  };
  for (const { key, value } of db.getRange({ start, end })) {
    if (key.length !== depth + 1 || typeof key[depth] !== 'number' || value.length % 4 !== 0) {
      problems.add('posting', `${describe(key.slice(0, depth))}: malformed entry ${JSON.stringify(key)} (${value.length} bytes)`);
      continue;
    }
    const prefix = key.slice(0, depth);
    if (pending === undefined || setKey(pending.prefix) !== setKey(prefix)) {
      if (pending) finish(pending);
      pending = { prefix, dir: undefined, blocks: [] };
    }
    const ids = Array.from(decode(value));
    if (key[depth] === 0) pending.dir = { tag: ids[0] ?? -1, body: ids.slice(1) };
    else pending.blocks.push({ first: key[depth] as number, ids });
  }
  if (pending) finish(pending);
  return sets;
}

/** The ids of one set, reporting every way its directory and blocks disagree. */
function assemble(p: Pending, report: (message: string) => void): number[] {
  const ids: number[] = [];
  if (!p.dir) report(`blocks ${p.blocks.map((b) => b.first).join(', ')} have no directory`);
  else if (p.dir.tag === INLINE) {
    if (p.dir.body.length === 0) report('an empty inline set (an empty set has no entry)');
    if (p.blocks.length > 0) report(`blocks ${p.blocks.map((b) => b.first).join(', ')} beside an inline set`);
    ids.push(...p.dir.body);
  } else if (p.dir.tag === BLOCKS) {
    const listed = p.dir.body;
    const found = new Set(p.blocks.map((b) => b.first));
    if (listed.length === 0) report('a block directory listing no blocks');
    if (!isAscending(listed)) report(`block directory out of order: ${someIds(listed)}`);
    const missing = listed.filter((first) => !found.has(first));
    if (missing.length > 0) report(`listed blocks missing: ${someIds(missing)}`);
    const unlisted = p.blocks.filter((b) => !listed.includes(b.first)).map((b) => b.first);
    if (unlisted.length > 0) report(`blocks not in the directory: ${someIds(unlisted)}`);
    for (const block of p.blocks) {
      if (block.ids.length === 0) report(`block ${block.first} is empty`);
      else if (block.ids[0] !== block.first) report(`block ${block.first} starts with ${block.ids[0]}`);
    }
  } else report(`unknown directory tag ${p.dir.tag}`);
  if (p.dir?.tag !== INLINE) for (const block of p.blocks) ids.push(...block.ids);
  if (!isAscending(ids)) report('ids are not strictly ascending');
  return ids;
}

function isAscending(ids: readonly number[]): boolean {
  for (let i = 1; i < ids.length; i++) if (ids[i - 1]! >= ids[i]!) return false;
  return true;
}

/**
 * Compares the sets a posting database should hold (built from the rows or lists) with the ones
 * it holds, set by set: ids missing from a set and ids a set holds that it should not.
 */
export function compareSets(
  expected: ReadonlyMap<string, StoredSet>, actual: SetMap, report: (prefix: readonly Key[], message: string) => void,
): void {
  for (const [key, want] of expected) {
    const have = actual.get(key);
    const haveIds = new Set(have?.ids ?? []);
    const wantIds = new Set(want.ids);
    const missing = want.ids.filter((id) => !haveIds.has(id));
    const extra = (have?.ids ?? []).filter((id) => !wantIds.has(id));
    if (missing.length > 0) report(want.prefix, `missing ${someIds(missing)}`);
    if (extra.length > 0) report(want.prefix, `holds ${someIds(extra)}, which it should not`);
  }
  for (const [key, have] of actual) {
    if (!expected.has(key) && have.ids.length > 0) report(have.prefix, `holds ${someIds(have.ids)}, which it should not (no such set should exist)`);
  }
}

/** The sets a posting database should hold, built id by id from what they are derived from. */
export class ExpectedSets {
  readonly sets = new Map<string, { readonly prefix: readonly Key[]; readonly ids: number[] }>();

  add(prefix: readonly Key[], id: number): void {
    const key = setKey(prefix);
    const set = this.sets.get(key);
    if (set) set.ids.push(id);
    else this.sets.set(key, { prefix, ids: [id] });
  }
}
