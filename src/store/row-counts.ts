import type { Database, Key } from 'lmdb';
import { MAX } from './keys.js';

/** The meta key of how many rows a type has in a scope. */
export const countKey = (t: number, scope: string): Key[] => ['count', t, scope];

/** How many rows a type has per scope, as meta keeps them: a scope with none has no entry. */
export function storedCounts(meta: Database<unknown, Key[]>, t: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { key, value } of meta.getRange({ start: ['count', t], end: ['count', t, MAX] })) counts.set(key[2] as string, value as number);
  return counts;
}

/** Moves a type's count of rows in a scope by `by`. */
export function moveCount(meta: Database<unknown, Key[]>, t: number, scope: string, by: number): void {
  const key = countKey(t, scope);
  const next = ((meta.get(key) as number | undefined) ?? 0) + by;
  if (next === 0) meta.removeSync(key);
  else meta.putSync(key, next);
}
