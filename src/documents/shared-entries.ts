import { BoundedMap } from '../cache/index.js';
import { deepFreeze } from '../objects.js';
import type { CompiledPopulateTree, CompiledRead } from '../query/compile/compiled.js';
import type { Row } from '../store/layout.js';
import type { Entry } from './entry.js';
import type { TextRecord } from './entry-json.js';

/**
 * Entries with something populated, built for reads whose caller changes nothing it is given
 * (REST and GraphQL: `door` rest), kept with the row they were built from and shared, frozen,
 * by every later read of the same compiled read. An entry that populates only components
 * depends on nothing but its row: it lives as long as the row object (a write replaces it). One
 * that populates relations or media shows other rows too: it is kept for the write generation
 * it was built in. A repeated populated page is then its list plus kept texts, as an
 * unpopulated one is (entry-json.ts).
 */
interface Kept extends TextRecord {
  readonly generation: number;
}

/** Reads kept per row: each request shape is one compiled read. */
const READS_PER_ROW = 16;
const kept = new WeakMap<Row, BoundedMap<CompiledRead, Kept>>();
const reaching = new WeakMap<CompiledPopulateTree, boolean>();

/** The entry of `row` that `read` built in `generation` (or, reading nothing but the row, ever); undefined when none is kept. */
export function keptEntry(row: Row, read: CompiledRead, generation: number): Kept | undefined {
  const found = kept.get(row)?.get(read);
  if (!found || (found.generation !== generation && readsOtherRows(read.populate))) return undefined;
  return found;
}

/** Keeps `entry` (frozen from now on) as what `read` shows of `row` in `generation`. */
export function keepEntry(row: Row, read: CompiledRead, generation: number, entry: Entry): Kept {
  let byRead = kept.get(row);
  if (!byRead) kept.set(row, (byRead = new BoundedMap(READS_PER_ROW)));
  const record: Kept = { generation, entry: deepFreeze(entry), text: undefined };
  byRead.set(read, record);
  return record;
}

/** Whether a populate shows rows other than the one it starts from: a relation (media included) at any depth. */
function readsOtherRows(tree: CompiledPopulateTree): boolean {
  let known = reaching.get(tree);
  if (known === undefined) {
    known = Object.values(tree).some((node) => node.kind === 'relation' || Object.values(node.parts).some((part) => readsOtherRows(part.populate)));
    reaching.set(tree, known);
  }
  return known;
}
