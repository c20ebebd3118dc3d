import type { Key } from 'lmdb';
import { MAX } from '../keys.js';
import type { LinkLayout } from '../layout.js';
import { ANY, BOUNDS } from '../links.js';
import { isOrderKey } from '../order-key.js';
import { unpackList } from '../packed-lists.js';
import { compareSets, scanPostings } from './posting-scan.js';
import { someIds } from './problems.js';
import { SetTrie } from './set-trie.js';
import type { CheckContext } from './rows-check.js';

/** One list's links as stored: per source row, each target with its order key, in list order. */
type StoredList = Map<number, Map<number, readonly [number, string]>>;

interface ListSide {
  readonly list: string;
  readonly partner: string;
  readonly source: string;
  readonly target: string;
}

/**
 * Checks every link list: its order keys against the position index and the key bounds, its
 * target sets and "has a link" set, that every link's rows exist, and that every link has its
 * mirror in the partner list (and so, checking both sides, that a list and its partner agree
 * pairwise). `rowIds` holds the ids of every type's rows and of every component's instances;
 * `components` says which uids are components.
 */
export function checkLinks(
  ctx: CheckContext, layouts: readonly LinkLayout[], rowIds: ReadonlyMap<string, ReadonlySet<number>>, components: ReadonlySet<string>,
): void {
  const stored = new Map<string, StoredList>();
  const sides = sidesOf(layouts);
  const missing = (uid: string, ids: string, many: boolean) => (components.has(uid)
    ? `${uid} ${many ? 'instances' : 'instance'} ${ids}, which no row holds`
    : `${uid} ${many ? 'rows' : 'row'} ${ids}, which ${many ? 'do' : 'does'} not exist`);
  for (const side of sides) stored.set(side.list, checkList(ctx, side, rowIds, missing));
  for (const side of sides) {
    const partner = stored.get(side.partner)!;
    for (const [source, targets] of stored.get(side.list)!) {
      const unmirrored = [...targets.keys()].filter((target) => !partner.get(target)?.has(source));
      for (const target of unmirrored.slice(0, 10)) {
        ctx.problems.add('partner', `${side.list}: ${source} → ${target} has no mirror ${side.partner}: ${target} → ${source}`);
      }
      if (unmirrored.length > 10) ctx.problems.add('partner', `${side.list}: ${source} has ${unmirrored.length - 10} more links without a mirror`);
    }
  }
}

/** Every list once, a hidden partner list (a one-way relation's) included, seen from its own side. */
function sidesOf(layouts: readonly LinkLayout[]): ListSide[] {
  const sides = new Map<string, ListSide>();
  for (const l of layouts) sides.set(l.list, l);
  for (const l of layouts) {
    if (!sides.has(l.partner)) sides.set(l.partner, { list: l.partner, partner: l.list, source: l.target, target: l.source });
  }
  return [...sides.values()];
}

function checkList(
  ctx: CheckContext, side: ListSide, rowIds: ReadonlyMap<string, ReadonlySet<number>>, missing: (uid: string, ids: string, many: boolean) => string,
): StoredList {
  const { dbs, names, problems } = ctx;
  const list: StoredList = new Map();
  const l = names.code(side.list);
  // A list the store never interned has no code, so nothing can be stored under it.
  if (l === undefined) return list;
  ctx.counts.lists++;
  const name = side.list;

  /** Sources whose list is packed (links.ts): they have no order keys, positions or bounds. */
  const packed = new Set<number>();
  for (const { key, value } of dbs.links.getRange({ start: [l], end: [l, MAX] })) {
    const [, source, n, f] = key;
    const packedTargets = key.length === 2 ? packedListOf(value) : undefined;
    if (packedTargets !== undefined && typeof source === 'number') {
      if (list.has(source)) problems.add('link-order', `${name}: ${source}'s list is both packed and keyed`);
      const targets = new Map<number, readonly [number, string]>();
      // Its rank stands for an order key: a packed list has its order in the entry.
      packedTargets.forEach((target, i) => {
        if (targets.has(target)) problems.add('link-order', `${name}: ${source} lists ${target} twice`);
        targets.set(target, [i, '']);
      });
      list.set(source, targets);
      packed.add(source);
      ctx.counts.links += packedTargets.length;
      continue;
    }
    const target = value;
    if (key.length !== 4 || typeof source !== 'number' || !isOrderKey(n, f) || typeof target !== 'number') {
      problems.add('link-order', `${name}: malformed link entry ${JSON.stringify(key)}`);
      continue;
    }
    if (packed.has(source)) problems.add('link-order', `${name}: ${source}'s list is both packed and keyed`);
    let targets = list.get(source);
    if (!targets) list.set(source, (targets = new Map()));
    if (targets.has(target)) problems.add('link-order', `${name}: ${source} lists ${target} twice`);
    targets.set(target, [n as number, f as string]);
    ctx.counts.links++;
  }

  const bounds = new Map<number, readonly [number, number]>();
  const positioned = new Set<string>();
  for (const { key, value } of dbs.linkPos.getRange({ start: [l], end: [l, MAX] })) {
    const [, source, target] = key as [number, number, number];
    if (packed.has(source)) {
      problems.add('link-position', `${name}: ${source}'s list is packed, yet has a ${target === BOUNDS ? 'key bounds' : `position for ${target}`} entry`);
      continue;
    }
    if (target === BOUNDS) {
      bounds.set(source, value as unknown as [number, number]);
      continue;
    }
    const at = list.get(source)?.get(target);
    if (at === undefined) problems.add('link-position', `${name}: ${source} has a position for ${target}, which is not in its list`);
    else if (at[0] !== value[0] || at[1] !== value[1]) {
      problems.add('link-position', `${name}: ${source} → ${target} is at ${JSON.stringify(at)}, its position says ${JSON.stringify(value)}`);
    }
    positioned.add(`${source}:${target}`);
  }

  const adjacency = new SetTrie(2);
  for (const [source, targets] of list) {
    if (!packed.has(source)) {
      const unpositioned = [...targets.keys()].filter((target) => !positioned.has(`${source}:${target}`));
      if (unpositioned.length > 0) problems.add('link-position', `${name}: ${source} → ${someIds(unpositioned)} without a position entry`);
      checkBounds(ctx, name, source, [...targets.values()], bounds.get(source));
    }
    if (!rowIds.get(side.source)?.has(source)) problems.add('dangling', `${name}: links from ${missing(side.source, String(source), false)}`);
    const absent = [...targets.keys()].filter((target) => !rowIds.get(side.target)?.has(target));
    if (absent.length > 0) problems.add('dangling', `${name}: ${source} links to ${missing(side.target, someIds(absent), true)}`);
    for (const target of [...targets.keys()].sort((a, b) => a - b)) adjacency.add([l, source], target);
    adjacency.add([l, ANY], source);
  }
  const setName = (p: readonly Key[]) => (p[1] === ANY ? `${name}: the set of sources with links` : `${name}: the target set of ${String(p[1])}`);
  const storedSets = scanPostings(dbs.adj, dbs.blockFormat, 2, [l], [l, MAX], setName, problems);
  compareSets(adjacency, storedSets, (p, message) => problems.add(p[1] === ANY ? 'has-link' : 'adjacency', `${setName(p)}: ${message}`));
  return list;
}

/** A packed list's targets, when its entry holds row ids, at least one (packed-lists.ts). */
function packedListOf(value: unknown): Uint32Array | undefined {
  if (Array.isArray(value) && !value.every((t) => Number.isInteger(t) && t > 0 && t <= 0xffff_ffff)) return undefined;
  const targets = unpackList(value);
  return targets !== undefined && targets.length > 0 && !targets.includes(0) ? targets : undefined;
}

/** Appends and prepends trust the bounds to lie beyond every key: a key outside them could be overtaken. */
function checkBounds(ctx: CheckContext, name: string, source: number, keys: readonly (readonly [number, string])[], bounds: readonly [number, number] | undefined): void {
  if (!bounds) return ctx.problems.add('link-bounds', `${name}: ${source} has links but no key bounds`);
  const outside = keys.filter(([n]) => n < bounds[0] || n > bounds[1]);
  if (outside.length > 0) {
    ctx.problems.add('link-bounds', `${name}: ${source}'s bounds [${bounds[0]}, ${bounds[1]}] do not hold keys ${outside.map(([n, f]) => `${n}.${f}`).join(', ')}`);
  }
}
