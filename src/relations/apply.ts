import { ValidationError } from '../errors/index.js';
import type { RelationAttribute } from '../schema/types.js';
import type { Placement } from '../store/links.js';
import type { RelationContext, SourceRow } from './context.js';
import type { LinkWriter } from './link-writer.js';
import { duplicateMessage, type RelationItem, type RelationOp } from './payload.js';
import { resolveRef, resolveTarget } from './resolve.js';

interface ResolvedItem {
  readonly item: RelationItem;
  readonly rows: readonly number[];
  /** Rows the before/after anchor resolves to. */
  readonly anchor: readonly number[] | undefined;
}

export const CIRCULAR_MESSAGE =
  'A circular reference was found in the connect array. One relation is trying to connect before/after another one that is trying to connect before/after it';

/** Applies one attribute's relation value to one source row (docs/relations.md). Runs inside the write transaction. */
export function applyRelationOp(ctx: RelationContext, writer: LinkWriter, source: SourceRow, attr: RelationAttribute, op: RelationOp): void {
  if (op.kind === 'set') return applySet(ctx, writer, source, attr, op.items);
  for (const item of op.disconnect) {
    for (const row of resolveRef(ctx, source, attr, item.ref, item.path)) writer.unlink(attr, source.id, row);
  }
  const connect = resolveAll(ctx, source, attr, op.connect);
  checkRowDuplicates(connect);
  const used = attr.toMany ? connect : connect.slice(-1);
  for (const r of order(ctx, source, attr, used)) place(ctx, writer, source, attr, r, op.strict);
}

/** The list becomes exactly the given targets, in the given order; duplicates collapse. */
function applySet(ctx: RelationContext, writer: LinkWriter, source: SourceRow, attr: RelationAttribute, items: readonly RelationItem[]): void {
  const wanted: number[] = [];
  const seen = new Set<number>();
  for (const item of items) {
    for (const row of resolveTarget(ctx, source, attr, item)) {
      if (!seen.has(row)) wanted.push(row);
      seen.add(row);
    }
  }
  writer.setList(attr, source.id, wanted);
}

function resolveAll(ctx: RelationContext, source: SourceRow, attr: RelationAttribute, items: readonly RelationItem[]): ResolvedItem[] {
  return items.map((item) => {
    const p = item.position;
    return {
      item,
      rows: resolveTarget(ctx, source, attr, item),
      anchor: p && (p.at === 'before' || p.at === 'after') ? resolveRef(ctx, source, attr, p.anchor, `${item.path}.position.${p.at}`) : undefined,
    };
  });
}

/** Two items naming the same row (say by documentId and by id) are the same relation twice. */
function checkRowDuplicates(items: readonly ResolvedItem[]): void {
  const seen = new Set<number>();
  for (const { item, rows } of items) {
    for (const row of rows) {
      if (seen.has(row)) throw ValidationError.at(item.path, duplicateMessage(row));
      seen.add(row);
    }
  }
}

/**
 * The order connect items are applied in. Strapi applies them in array order unless an item is
 * anchored to a target that is neither linked already nor connected earlier in the array; then
 * items anchored to later items wait for them (depth first), and a cycle is an error.
 */
function order(ctx: RelationContext, source: SourceRow, attr: RelationAttribute, items: readonly ResolvedItem[]): ResolvedItem[] {
  const linked = (row: number) => ctx.store.links.has(attr.listName, source.id, row);
  const ownerOf = new Map<number, number>();
  items.forEach((r, i) => r.rows.forEach((row) => ownerOf.set(row, i)));
  const anchoredOutside = (r: ResolvedItem) => r.anchor !== undefined && !r.anchor.some(linked);
  const needsSorting = items.some((r, i) => anchoredOutside(r) && !r.anchor!.some((a) => (ownerOf.get(a) ?? Infinity) < i));
  if (!needsSorting) return [...items];

  const sorted: ResolvedItem[] = [];
  const done = new Set<number>();
  const visit = (i: number, branch: Set<number>): void => {
    const r = items[i]!;
    const anchorItem = anchoredOutside(r) ? r.anchor!.map((a) => ownerOf.get(a)).find((x) => x !== undefined) : undefined;
    if (anchorItem !== undefined && branch.has(anchorItem)) throw ValidationError.at(r.item.path, CIRCULAR_MESSAGE);
    if (done.has(i)) return;
    if (anchorItem !== undefined && anchorItem !== i) visit(anchorItem, new Set(branch).add(i));
    done.add(i);
    sorted.push(r);
  };
  items.forEach((_, i) => visit(i, new Set()));
  return sorted;
}

function place(ctx: RelationContext, writer: LinkWriter, source: SourceRow, attr: RelationAttribute, r: ResolvedItem, strict: boolean): void {
  const [first, ...rest] = r.rows;
  writer.link(attr, source.id, first!, placement(ctx, source, attr, r, first!, strict));
  // A document linked in both its versions keeps them side by side.
  let previous = first!;
  for (const row of rest) {
    writer.link(attr, source.id, row, attr.toMany ? { at: 'after', target: previous } : { at: 'end' });
    previous = row;
  }
}

function placement(ctx: RelationContext, source: SourceRow, attr: RelationAttribute, r: ResolvedItem, row: number, strict: boolean): Placement {
  const p = r.item.position;
  if (!attr.toMany || p === undefined || p.at === 'end') return { at: 'end' };
  if (p.at === 'start') return { at: 'start' };
  if (r.anchor!.includes(row)) {
    throw ValidationError.at(`${r.item.path}.position`, `The relation with id ${row} cannot be positioned ${p.at} itself`);
  }
  const anchor = r.anchor!.find((a) => ctx.store.links.has(attr.listName, source.id, a));
  if (anchor !== undefined) return { at: p.at, target: anchor };
  if (!strict) return { at: 'end' };
  const missing = r.anchor![0]!;
  throw ValidationError.at(
    `${r.item.path}.position`,
    `There was a problem connecting relation with id ${row} at position ${JSON.stringify({ [p.at]: missing })}. The relation with id ${missing} needs to be connected first.`,
  );
}
