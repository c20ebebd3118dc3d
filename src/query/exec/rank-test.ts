import type { RowScope } from '../../store/layout.js';
import type { IndexBound } from '../../store/index-bounds.js';
import type { Store } from '../../store/store.js';
import { mayBeCut } from '../../store/index-keys.js';
import type { CompareNode } from '../ir/index.js';
import { boundOf, positiveOf } from '../plan/bounds.js';
import type { Truth } from '../values/index.js';

/** A comparison decided for a row by id; undefined where only the row can tell. */
export type RankTest = (id: number) => Truth | undefined;

/** What a comparison asks of a rank: whether the value is NULL, or whether it is inside bounds (or outside, `negated`). */
type RankQuestion =
  | { readonly kind: 'null'; readonly wanted: boolean }
  | { readonly kind: 'bounds'; readonly bounds: readonly IndexBound[]; readonly negated: boolean };

function questionOf(node: CompareNode): RankQuestion | undefined {
  if (node.field.name === 'id') return undefined;
  const positive = positiveOf(node);
  const base = positive ?? node;
  if (base.op === 'null' || base.op === 'notNull') return { kind: 'null', wanted: base.op === 'null' };
  const bounds = base.op === 'in' ? base.value.map((value): IndexBound => ({ kind: 'eq', value })) : [boundOf(base)];
  if (bounds.some((b) => b === undefined || b.kind === 'prefix')) return undefined;
  return { kind: 'bounds', bounds: bounds as IndexBound[], negated: positive !== undefined };
}

/** Whether rows of one scope of `type` are tested for `node` by rank (what the cost model counts). */
export const decidedByRank = (store: Store, type: string, node: CompareNode): boolean =>
  store.rows.isIndexed(type, node.field.name) && questionOf(node) !== undefined;

/**
 * A comparison on an indexed field decided from the field's in-memory index, without reading the
 * row: each row's value is known by its rank (the position of its value among the index's values,
 * ascending, NULL first), and a bound is a range of ranks. The test answers undefined for a row
 * the index does not place and for text cut to its indexed prefix inside the range: those rows
 * are read. Undefined when the comparison has no bound, or the index is not in memory.
 */
export function rankTest(store: Store, type: string, scope: RowScope, node: CompareNode): RankTest | undefined {
  const field = node.field.name;
  if (!store.rows.isIndexed(type, field)) return undefined;
  const question = questionOf(node);
  if (question === undefined) return undefined;
  // SQL: IS NULL and IS NOT NULL are never unknown; every other test is unknown on NULL.
  if (question.kind === 'null') {
    const indexed = store.rows.indexedValues(type, field, scope, false);
    if (!indexed) return undefined;
    const { positions, values } = indexed;
    const { wanted } = question;
    return (id) => {
      const r = id < positions.length ? positions[id]! : -1;
      return r < 0 ? undefined : (values[r] === null) === wanted;
    };
  }
  const ranges: (readonly [number, number])[] = [];
  for (const bound of question.bounds) {
    const range = store.rows.rankRange(type, field, scope, bound);
    if (range === undefined) return undefined;
    ranges.push(range);
  }
  const indexed = store.rows.indexedValues(type, field, scope, question.bounds[0]?.folded === true);
  if (!indexed) return undefined;
  const { positions, values } = indexed;
  const inside = ranges.length === 1 ? single(ranges[0]!) : several(ranges);
  const { negated } = question;
  return (id) => {
    const r = id < positions.length ? positions[id]! : -1;
    if (r < 0) return undefined;
    const v = values[r];
    if (v === null) return null;
    if (!inside(r)) return negated;
    // Cut text inside the range may still be outside it: its whole value decides.
    return typeof v === 'string' && mayBeCut(v) ? undefined : !negated;
  };
}

const single = ([from, to]: readonly [number, number]) => (r: number) => r >= from && r < to;

function several(ranges: readonly (readonly [number, number])[]): (r: number) => boolean {
  const ranks = new Set<number>();
  for (const [from, to] of ranges) for (let r = from; r < to; r++) ranks.add(r);
  return (r) => ranks.has(r);
}
