import type { HttpResponse } from 'uWebSockets.js';
import type { FileBody } from '../types.js';
import { fileChunks } from './file-body.js';

/**
 * A file's bytes on uWebSockets.js with backpressure: a chunk uWS cannot take at once pauses the
 * file until the socket drains (`onWritable`), so a slow client holds one chunk, not the file.
 * `writeHead` writes the status and headers inside the first cork; uWS adds the Content-Length
 * from the total given to `tryEnd`. Answers a function that stops reading (the client went away).
 */
export function streamFileUws(res: HttpResponse, file: FileBody, writeHead: () => void): () => void {
  const chunks = fileChunks(file);
  const total = file.length;
  let headWritten = false;
  let gone = false;
  chunks.on('data', (data: string | Buffer) => {
    const chunk = data as Buffer;
    if (gone) return;
    const offset = res.getWriteOffset();
    let ok = false;
    let done = false;
    res.cork(() => {
      if (!headWritten) {
        writeHead();
        headWritten = true;
      }
      [ok, done] = res.tryEnd(chunk, total);
    });
    if (done) {
      chunks.destroy();
      return;
    }
    if (ok) return;
    chunks.pause();
    res.onWritable((at) => {
      const [written, finished] = res.tryEnd(chunk.subarray(at - offset), total);
      if (finished) chunks.destroy();
      else if (written) chunks.resume();
      return written;
    });
  });
  // A read failing half-way can only cut the connection: the headers may be gone.
  chunks.on('error', () => {
    if (!gone) res.close();
    gone = true;
  });
  return () => {
    gone = true;
    chunks.destroy();
  };
}
