/**
 * Instants (datetimes, the row timestamps) are kept as milliseconds, in rows (row-times.ts) and in
 * index keys (index-keys.ts): 9 bytes where their ISO text took 26. Only a text that is exactly
 * what `toISOString` prints for its instant is turned, so that turning it back gives the same text.
 */
export function instantOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || value.length !== 24) return undefined;
  const ms = Date.parse(value);
  return !Number.isNaN(ms) && new Date(ms).toISOString() === value ? ms : undefined;
}

export const instantText = (ms: number): string => new Date(ms).toISOString();
