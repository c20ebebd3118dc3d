import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileBody } from '../types.js';

/** Reads of a served file: large enough to keep syscalls few, small enough that a slow client holds little. */
export const FILE_CHUNK_BYTES = 64 * 1024;

/** A file's bytes in chunks, read as the consumer asks for them; the handle closes when the stream ends or is destroyed. */
export function fileChunks({ handle, start, length }: FileBody) {
  return handle.createReadStream({ start, end: start + length - 1, highWaterMark: FILE_CHUNK_BYTES, autoClose: true });
}

/** Node's `http`: the file piped with backpressure; for HEAD or an empty file, only the end. */
export function streamFile(file: FileBody, res: Writable, headOnly: boolean): void {
  if (headOnly || file.length === 0) {
    void file.handle.close();
    res.end();
    return;
  }
  // A read failing half-way can only cut the connection: the headers are gone.
  pipeline(fileChunks(file), res).catch(() => res.destroy());
}
