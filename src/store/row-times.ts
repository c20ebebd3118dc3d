import { instantOf, instantText } from './instants.js';
import type { FieldLayout, Row, TypeLayout } from './layout.js';

/**
 * A type's own fields that hold instants (the `instant` index kind: its timestamps and datetime
 * attributes): rows keep them as milliseconds. Fields inside components stay as they are.
 */
export function instantFields(layout: TypeLayout): readonly string[] {
  return layout.fields.filter(isRowInstant).map((f) => f.name);
}

/** Whether rows keep a field's values as milliseconds (`instantFields`). */
export const isRowInstant = (f: FieldLayout): boolean => f.index === 'instant' && f.path === undefined;

/**
 * A row as it is stored: its instants as milliseconds (instants.ts); a row's three timestamps as
 * text were a third of its bytes. Folders written before hold the text, which reads as it is.
 */
export function storedRow(row: Row, instants: readonly string[]): Row {
  let out: Record<string, unknown> | undefined;
  for (const f of instants) {
    const ms = instantOf(row[f]);
    if (ms !== undefined) (out ??= { ...row })[f] = ms;
  }
  return (out ?? row) as Row;
}

/** A row as read: `storedRow` undone, in place (a freshly decoded row is nobody else's yet). */
export function readRow(stored: Row | undefined, instants: readonly string[]): Row | undefined {
  if (stored === undefined) return undefined;
  const row = stored as Record<string, unknown>;
  for (const f of instants) {
    const v = row[f];
    if (typeof v === 'number') row[f] = instantText(v);
  }
  return stored;
}
