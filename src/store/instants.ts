/**
 * Instants (datetimes, the row timestamps) are kept as milliseconds, in rows (row-times.ts) and in
 * index keys (index-keys.ts): 9 bytes where their ISO text took 26. Only a text that is exactly
 * what `toISOString` prints for its instant is turned, so that turning it back gives the same text.
 */
export function instantOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || value.length !== 24) return undefined;
  if (value === last.text) return last.ms;
  const ms = Date.parse(value);
  // Date.parse takes February 30th (as March 2nd): only the text it prints back is the instant's.
  const instant = !Number.isNaN(ms) && new Date(ms).toISOString() === value ? ms : undefined;
  last = { text: value, ms: instant };
  return instant;
}

/**
 * The last text turned: a row's three timestamps are often one text, and each is turned again for
 * its index key as the row is written. Parsed and printed back six times a row, they were most of
 * a million-row import's garbage, and its heap grew to twice its size before it was collected.
 */
let last: { text: string; ms: number | undefined } = { text: '', ms: undefined };

export const instantText = (ms: number): string => new Date(ms).toISOString();
