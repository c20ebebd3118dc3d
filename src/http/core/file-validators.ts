import type { Stats } from 'node:fs';

/**
 * Conditional and range requests on a served file (RFC 9110 §13, §14), decided from its
 * headers and the file's stats alone.
 */

/** Strong: changes with the bytes, since a stored file is only ever replaced by a rename (a new inode). */
export function etagOf(stats: Stats): string {
  return `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}-${stats.ino.toString(16)}"`;
}

/** Whether the client's copy is current: If-None-Match when sent (weak comparison, `*`), else If-Modified-Since. */
export function notModified(headers: Readonly<Record<string, string>>, etag: string, stats: Stats): boolean {
  const tags = headers['if-none-match'];
  if (tags !== undefined) return tags.trim() === '*' || tags.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  const since = headers['if-modified-since'];
  if (since === undefined) return false;
  const date = Date.parse(since);
  return !Number.isNaN(date) && Math.floor(stats.mtimeMs / 1000) <= Math.floor(date / 1000);
}

export interface ByteRange {
  readonly start: number;
  readonly length: number;
}

/**
 * The range asked for: undefined to send the whole file (no Range, a stale If-Range, a
 * malformed range, which a server may ignore), 'unsatisfiable' when it lies past the end. Of
 * several ranges only the first is served, as Strapi 5.54 answers (docs/uploads.md).
 */
export function rangeOf(headers: Readonly<Record<string, string>>, size: number, etag: string, stats: Stats): ByteRange | 'unsatisfiable' | undefined {
  const header = headers.range;
  if (header === undefined || !ifRangeHolds(headers['if-range'], etag, stats)) return undefined;
  const match = /^bytes=\s*(\d*)-(\d*)\s*(?:,|$)/.exec(header.trim());
  if (match === null) return undefined;
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '') {
    // A suffix: the last n bytes.
    if (last === '') return undefined;
    const n = Number(last);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), length: Math.min(n, size) };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, length: end - start + 1 };
}

/** If-Range names the current file (its ETag, or its exact Last-Modified date). */
function ifRangeHolds(ifRange: string | undefined, etag: string, stats: Stats): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"')) return value === etag;
  return value === stats.mtime.toUTCString();
}
