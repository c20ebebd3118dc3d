import type { Key } from 'lmdb';

/** One posting set: its key prefix and its ids, ascending. */
export interface StoredSet {
  readonly prefix: readonly Key[];
  readonly ids: ArrayLike<number>;
}

type Level = Map<Key, Level | StoredSet>;

/**
 * Posting sets by prefix, as nested maps keyed by the prefix parts themselves (numbers, strings,
 * booleans, null: a Map keeps them apart), so a check over millions of index entries builds no
 * key strings.
 */
export class SetTrie {
  private readonly root: Level = new Map();

  constructor(private readonly depth: number) {}

  get(prefix: readonly Key[]): StoredSet | undefined {
    let level: Level | undefined = this.root;
    for (let i = 0; i < this.depth - 1 && level; i++) level = level.get(prefix[i]!) as Level | undefined;
    return level?.get(prefix[this.depth - 1]!) as StoredSet | undefined;
  }

  set(set: StoredSet): void {
    this.levelOf(set.prefix).set(set.prefix[this.depth - 1]!, set);
  }

  /** Appends `id` to the set under `prefix`, making the set when it is new. */
  add(prefix: readonly Key[], id: number): void {
    const level = this.levelOf(prefix);
    const last = prefix[this.depth - 1]!;
    const set = level.get(last) as { ids: number[] } | undefined;
    if (set) set.ids.push(id);
    else level.set(last, { prefix, ids: [id] });
  }

  get size(): number {
    let n = 0;
    for (const _ of this.sets()) n++;
    return n;
  }

  *sets(): IterableIterator<StoredSet> {
    yield* walk(this.root, this.depth);
  }

  private levelOf(prefix: readonly Key[]): Level {
    let level = this.root;
    for (let i = 0; i < this.depth - 1; i++) {
      let next = level.get(prefix[i]!) as Level | undefined;
      if (!next) level.set(prefix[i]!, (next = new Map()));
      level = next;
    }
    return level;
  }
}

function* walk(level: Level, depth: number): IterableIterator<StoredSet> {
  for (const child of level.values()) {
    if (depth === 1) yield child as StoredSet;
    else yield* walk(child as Level, depth - 1);
  }
}
