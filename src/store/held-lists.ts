import type { Key } from 'lmdb';
import type { Dbs } from './dbs.js';
import { ByteList, U32List } from './growable.js';
import { OrderedWriter, putSet } from './ordered-writer.js';
import { asStored, unpackList } from './packed-lists.js';

/** One list code's held lists, in the order they came. */
interface Run {
  readonly sources: U32List;
  /** Each list's packed bytes, by its index in `sources`. */
  readonly packed: ByteList;
}

/**
 * Link lists a bulk load fills (LinkStore.fill), held in memory to be written at its end in key
 * order, appended, with each list's set of targets: written as they came, a restaurant's chef
 * and categories lists went to two places of each B-tree in turn, and each page was left half
 * full when it split. A million restaurants' two lists take about 10 MB here, packed as they
 * will be stored.
 */
export class HeldLists {
  private readonly runs = new Map<number, Run>();
  /** Per list code, whether it had no stored list when the load first filled it. */
  private readonly fresh = new Map<number, boolean>();

  /**
   * Whether list code `l` had no stored list when this load first filled it (`stored` says, once
   * per code): its lists are then all held ones, and none needs a read to be known empty (one held
   * twice is refused when written).
   */
  isFresh(l: number, stored: (l: number) => boolean): boolean {
    let fresh = this.fresh.get(l);
    if (fresh === undefined) this.fresh.set(l, (fresh = !stored(l)));
    return fresh;
  }

  /** Holds a list: `packed` is its stored bytes (copied here). */
  add(l: number, source: number, packed: Uint8Array): void {
    let run = this.runs.get(l);
    if (!run) this.runs.set(l, (run = { sources: new U32List(1024), packed: new ByteList() }));
    run.sources.push(source);
    run.packed.push(packed);
  }

  /**
   * Writes every held list and its set of targets, lists by code and each code's by source,
   * yielding after every `batch` lists so that the caller commits; `addSources` adds each code's
   * sources, ascending, to the set of those that have links. A list held twice is refused.
   */
  *write(dbs: Pick<Dbs, 'links' | 'adj' | 'blockFormat'>, addSources: (l: number, sources: Uint32Array) => void, batch: number): Generator<void, void, void> {
    let written = 0;
    for (const l of [...this.runs.keys()].sort((a, b) => a - b)) {
      const { sources, packed } = this.runs.get(l)!;
      const order = inSourceOrder(sources.view());
      const key: Key[] = [l, sources.at(order[0]!)];
      const setKey: Key[] = [l, 0, 0];
      const links = new OrderedWriter(dbs.links, key);
      const adj = new OrderedWriter(dbs.adj, setKey);
      const ordered = new Uint32Array(order.length);
      for (let k = 0; k < order.length; k++) {
        const i = order[k]!;
        const source = sources.at(i);
        if (k > 0 && source === ordered[k - 1]) throw new Error(`the list ${l} of row ${source} is filled twice`);
        ordered[k] = source;
        key[1] = source;
        links.put(key, asStored(packed.get(i)));
        setKey[1] = source;
        // The targets are just unpacked, this list's own: sorted in place.
        putSet(adj, setKey, unpackList(packed.get(i))!.sort(), dbs.blockFormat);
        if (++written % batch === 0) yield;
      }
      addSources(l, ordered);
      this.runs.delete(l);
    }
  }
}

/** The indexes of `sources` in ascending order of source: most often as they came (an export lists rows in id order). */
function inSourceOrder(sources: Uint32Array): Uint32Array {
  const order = Uint32Array.from({ length: sources.length }, (_, i) => i);
  for (let i = 1; i < sources.length; i++) {
    if (sources[i]! < sources[i - 1]!) return order.sort((a, b) => sources[a]! - sources[b]!);
  }
  return order;
}
