const EMPTY = new Uint8Array(0);

/**
 * A request body gathered chunk by chunk, never past `limit` bytes: once a chunk takes it past,
 * everything held is dropped and the caller answers 413 without reading further.
 */
export class BodyCollector {
  private chunks: Uint8Array[] = [];
  private size = 0;

  constructor(readonly limit: number) {}

  /** Keeps an owned chunk; false when the body is now past the limit. */
  add(chunk: Uint8Array): boolean {
    if (chunk.length === 0) return true;
    this.size += chunk.length;
    if (this.size > this.limit) {
      this.chunks = [];
      return false;
    }
    this.chunks.push(chunk);
    return true;
  }

  finish(): Uint8Array {
    const { chunks } = this;
    if (chunks.length === 0) return EMPTY;
    if (chunks.length === 1) return chunks[0]!;
    return Buffer.concat(chunks, this.size);
  }
}

/** The declared `Content-Length`, or undefined when absent or not a plain number (chunked bodies). */
export function declaredLength(headers: Readonly<Record<string, string>>): number | undefined {
  const value = headers['content-length'];
  if (value === undefined || !/^\s*\d{1,16}\s*$/.test(value)) return undefined;
  return Number(value);
}
