import type { Database, Key } from 'lmdb';
import { blockIds, BLOCKS, decode, directory, INLINE, type BlockFormat } from '../posting-values.js';
import { concat } from '../sorted-ids.js';
import { someIds, type Problems } from './problems.js';
import { SetTrie } from './set-trie.js';

interface Pending {
  prefix: readonly Key[];
  /** The directory's tag and body, when it was seen. */
  dir: { tag: number; body: readonly number[] } | undefined;
  /** Blocks in key order: the first id their key names, and their ids. */
  blocks: { first: number; ids: Uint32Array }[];
}

/**
 * Every posting set between `start` and `end` of a posting database whose prefixes have `depth`
 * parts, read straight from LMDB (no cache), checking the shape readers rely on (see
 * postings.ts): a directory per set, inline ids or a list of blocks that exist, each block keyed by
 * its first id, and ids ascending across the whole set. A malformed set is reported and still
 * returned with every id found, so its content is compared too.
 */
export function scanPostings(
  db: Database<Buffer, Key[]>, format: BlockFormat, depth: number, start: Key[], end: Key[], describe: (prefix: readonly Key[]) => string, problems: Problems,
): SetTrie {
  const sets = new SetTrie(depth);
  let pending: Pending | undefined;
  const finish = (p: Pending) => {
    const ids = assemble(p, (message) => problems.add('posting', `${describe(p.prefix)}: ${message}`));
    sets.set({ prefix: p.prefix, ids });
  };
  for (const { key, value } of db.getRange({ start, end })) {
    const isDirectory = key[depth] === 0;
    const ids = isDirectory ? (value.length % 4 === 0 ? directory(decode(value)) : undefined) : blockIds(format, value);
    if (key.length !== depth + 1 || typeof key[depth] !== 'number' || ids === undefined) {
      problems.add('posting', `${describe(key.slice(0, depth))}: malformed entry ${JSON.stringify(key)} (${value.length} bytes)`);
      continue;
    }
    if (pending === undefined || !startsWith(key, pending.prefix)) {
      if (pending) finish(pending);
      pending = { prefix: key.slice(0, depth), dir: undefined, blocks: [] };
    }
    if (isDirectory) pending.dir = { tag: ids[0] ?? -1, body: Array.from(ids.subarray(1)) };
    else pending.blocks.push({ first: key[depth] as number, ids });
  }
  if (pending) finish(pending);
  return sets;
}

/** The ids of one set, reporting every way its directory and blocks disagree; sorted when they were not. */
function assemble(p: Pending, report: (message: string) => void): Uint32Array {
  if (!p.dir) report(`blocks ${p.blocks.map((b) => b.first).join(', ')} have no directory`);
  else if (p.dir.tag === INLINE) {
    if (p.dir.body.length === 0) report('an empty inline set (an empty set has no entry)');
    if (p.blocks.length > 0) report(`blocks ${p.blocks.map((b) => b.first).join(', ')} beside an inline set`);
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
  const ids = p.dir?.tag === INLINE ? Uint32Array.from(p.dir.body) : concat(p.blocks.map((b) => b.ids));
  if (isAscending(ids)) return ids;
  report('ids are not strictly ascending');
  return ids.sort();
}

function isAscending(ids: ArrayLike<number>): boolean {
  for (let i = 1; i < ids.length; i++) if (ids[i - 1]! >= ids[i]!) return false;
  return true;
}

function startsWith(key: readonly Key[], prefix: readonly Key[]): boolean {
  for (let i = 0; i < prefix.length; i++) if (key[i] !== prefix[i]) return false;
  return true;
}

/**
 * Compares the sets a posting database should hold (built from the rows or lists, ids ascending)
 * with the ones it holds, set by set: ids missing from a set and ids a set holds that it should not.
 */
export function compareSets(expected: SetTrie, actual: SetTrie, report: (prefix: readonly Key[], message: string) => void): void {
  for (const want of expected.sets()) {
    const { missing, extra } = difference(want.ids, actual.get(want.prefix)?.ids ?? EMPTY);
    if (missing.length > 0) report(want.prefix, `missing ${someIds(missing)}`);
    if (extra.length > 0) report(want.prefix, `holds ${someIds(extra)}, which it should not`);
  }
  for (const have of actual.sets()) {
    if (have.ids.length > 0 && !expected.get(have.prefix)) report(have.prefix, `holds ${someIds(Array.from(have.ids))}, which it should not (no such set should exist)`);
  }
}

const EMPTY = new Uint32Array(0);

/** What `want` has that `have` lacks and the reverse, both ascending, in one merge. */
function difference(want: ArrayLike<number>, have: ArrayLike<number>): { missing: number[]; extra: number[] } {
  const missing: number[] = [];
  const extra: number[] = [];
  let i = 0;
  let j = 0;
  while (i < want.length || j < have.length) {
    const w = i < want.length ? want[i]! : Infinity;
    const h = j < have.length ? have[j]! : Infinity;
    if (w === h) {
      i++;
      j++;
    } else if (w < h) {
      missing.push(w);
      i++;
    } else {
      extra.push(h);
      j++;
    }
  }
  return { missing, extra };
}
