import { instantOf, instantText } from './instants.js';
import type { Row } from './layout.js';

/** The timestamps every row holds. */
const TIMES = ['createdAt', 'updatedAt', 'publishedAt'] as const;

/**
 * A row as it is stored: its timestamps as milliseconds (instants.ts), a third of a typical
 * row's bytes as text. Folders written before hold the text, which reads as it is.
 */
export function storedRow(row: Row): Row {
  let out: Record<string, unknown> | undefined;
  for (const f of TIMES) {
    const ms = instantOf(row[f]);
    if (ms !== undefined) (out ??= { ...row })[f] = ms;
  }
  return (out ?? row) as Row;
}

/** A row as read: `storedRow` undone, in place (a freshly decoded row is nobody else's yet). */
export function readRow(stored: Row | undefined): Row | undefined {
  if (stored === undefined) return undefined;
  const row = stored as Record<string, unknown>;
  for (const f of TIMES) {
    const v = row[f];
    if (typeof v === 'number') row[f] = instantText(v);
  }
  return stored;
}
