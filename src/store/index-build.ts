import type { Key } from 'lmdb';
import { seqKey, type Dbs, type RowDb } from './dbs.js';
import { countKey } from './row-counts.js';
import type { CodeSets } from './gather-sets.js';
import { sortIndexValues } from './index-keys.js';
import { codesOf, type IndexedField } from './indexed-fields.js';
import { OrderedWriter, putSet } from './ordered-writer.js';

/**
 * A type whose indexes a bulk load builds from its stored rows, every one of them in `scope`,
 * instead of adding each row to them as it comes (Store.buildIndexes): its documentId lookup,
 * from the ids the load kept in memory, and its field index sets, gathered from the rows
 * (gather-sets.ts). Each is written in key order, each entry once, appended at the end of its
 * database when nothing comes after it there: each page is filled before the next is begun, as
 * the compaction writes them.
 */
export interface BuildTarget extends HeldIndexes {
  readonly type: string;
  readonly t: number;
  readonly db: RowDb;
}

/** What a bulk load holds back of a type's indexes while it writes the type's rows, all in `scope` (RowStore.suspendIndexes). */
export interface HeldIndexes {
  readonly fields: readonly IndexedField[];
  readonly scope: string;
  /** Its rows' ids by documentId, in place of their entries in `docs`: emptied once written. */
  readonly docs: Map<string, number>;
  /** The type's last row id, in place of its `seqKey` entry; the count of its rows is `docs`' size. */
  lastId: number;
  /** Rows written, changed or removed: sets gathered from the rows are current while it stays (gather-ahead.ts). */
  writes: number;
}

/** How a build holds memory and transactions in bounds (tests make them small). */
export interface BuildLimits {
  /** How much memory a pass's gathered sets may take (gather-sets.ts). */
  readonly passBytes: number;
  /** Entries written per write transaction: LMDB holds a transaction's pages until it commits. */
  readonly batch: number;
  /** Types with fewer rows gather their sets in place, not in a thread (Store.gatherAhead): starting one takes a while. */
  readonly aheadRows: number;
  /** How much memory a thread's gathered sets may take while they wait to be written. */
  readonly aheadBytes: number;
  /**
   * The thread's heap: a pass's maps live at once, with room for V8 to collect what passes
   * leave. Unbounded, a million rows' garbage reached 650 MB there beside the load's own. A
   * thread that outgrows it fails, and its sets are gathered in place.
   */
  readonly aheadHeapBytes: number;
}

/**
 * Passes of 64 MB: with 96, 1M imports peaked at 961-1,122 MB of anonymous memory by hand (one
 * bench run 1,037) once the thread started while rows are written; with 64, 950-969, and 100k
 * imports still gather their first 8 of 11 codes as the rows come.
 */
export const BUILD_LIMITS: BuildLimits = { passBytes: 64 * 1024 ** 2, batch: 200_000, aheadRows: 20_000, aheadBytes: 32 * 1024 ** 2, aheadHeapBytes: 448 * 1024 ** 2 };

/** Writes the documentId lookup, which is the documentId index too (IndexKind 'document'), yielding after every `batch` entries so that the caller commits. */
export function* writeDocs(dbs: Pick<Dbs, 'meta' | 'docs'>, target: BuildTarget, limits: BuildLimits): Generator<void, void, void> {
  let written = 0;
  // Written only when it moved, as row by row inserts leave it.
  if (target.lastId !== ((dbs.meta.get(seqKey(target.t)) as number | undefined) ?? 0)) dbs.meta.putSync(seqKey(target.t), target.lastId);
  if (target.docs.size > 0) dbs.meta.putSync(countKey(target.t, target.scope), target.docs.size);
  const documentIds = sortIndexValues([...target.docs.keys()]) as string[];
  const docKey: Key[] = [target.t, documentIds[0] ?? '', target.scope];
  const docWriter = new OrderedWriter(dbs.docs, docKey);
  for (const documentId of documentIds) {
    docKey[1] = documentId;
    docWriter.put(docKey, target.docs.get(documentId)!);
    if (++written % limits.batch === 0) yield;
  }
  // A million documentIds take a hundred MB: not kept through the passes.
  target.docs.clear();
}

/** Writes one code's gathered sets, yielding after every `batch` entries so that the caller commits. */
export function* writeSets(dbs: Pick<Dbs, 'idx' | 'blockFormat'>, target: Pick<BuildTarget, 't' | 'scope'>, { code, values, sole, lists }: CodeSets, limits: BuildLimits): Generator<void, void, void> {
  if (values.length === 0) return;
  let written = 0;
  // One key array, its value and block id set before each put (lmdb-js encodes it at once).
  const key: Key[] = [target.t, code, target.scope, values[0] as Key, 0];
  const writer = new OrderedWriter(dbs.idx, key);
  const one = new Uint32Array(1);
  for (let i = 0; i < values.length; i++) {
    key[3] = values[i] as Key;
    one[0] = sole[i]!;
    written += putSet(writer, key, one[0] !== 0 ? one : lists.get(i)!, dbs.blockFormat);
    if (written >= limits.batch) {
      written = 0;
      yield;
    }
  }
}

/** Removes a type's entries of the codes of `fields`, `batch` at a time: sets written from its rows before they changed (Store.gatherAhead). */
export function* clearSets(dbs: Pick<Dbs, 'idx'>, t: number, fields: readonly IndexedField[], limits: BuildLimits): Generator<void, void, void> {
  for (const code of codesOf(fields)) {
    for (;;) {
      const keys = [...dbs.idx.getKeys({ start: [t, code], end: [t, code + 1], limit: limits.batch })];
      if (keys.length === 0) break;
      for (const key of keys) dbs.idx.removeSync(key);
      yield;
    }
  }
}
