import busboy from 'busboy';
import type { Readable } from 'node:stream';
import { PayloadTooLargeError, QuarryError, ValidationError } from '../../errors/index.js';
import type { IncomingFile } from '../../uploads/upload-service.js';

/** The text fields of a multipart body, each name with its values in the order sent. */
export type FormFields = ReadonlyMap<string, readonly string[]>;

/**
 * Reads a multipart/form-data body with busboy as it arrives, handing each file part named
 * `files` to `onFile` (its bytes a stream) and collecting the text fields. A part past
 * `maxFileBytes` is a 413 and a malformed or truncated body a 400; a body stream that fails
 * (the transport's 413 or 408, a client gone) fails the part being read with that error. Every
 * file's work is settled before it answers: `files` holds what succeeded, for the caller to keep
 * or discard, and `error` the first failure. A body that is not multipart has no files.
 */
export async function readMultipart<T>(
  body: Readable,
  contentType: string | undefined,
  maxFileBytes: number,
  onFile: (file: IncomingFile) => Promise<T>,
): Promise<{ fields: FormFields; files: T[]; error: unknown }> {
  const fields = new Map<string, string[]>();
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { 'content-type': contentType ?? '' }, limits: { fileSize: maxFileBytes } });
  } catch {
    body.resume();
    return { fields, files: [], error: undefined };
  }
  const work: Promise<T>[] = [];
  let failure: Error | undefined;
  parser.on('field', (name, value) => {
    const values = fields.get(name);
    if (values) values.push(value);
    else fields.set(name, [value]);
  });
  parser.on('file', (name, stream, info) => {
    if (name !== 'files') {
      stream.resume();
      return;
    }
    // busboy ends a file at the limit and drops the rest; the part is staged cut short and then discarded.
    stream.once('limit', () => {
      failure ??= new PayloadTooLargeError(`File too large: a file may have at most ${maxFileBytes} bytes`, { path: 'files', limit: maxFileBytes });
    });
    const task = onFile({ filename: info.filename ?? '', mimeType: info.mimeType, stream });
    task.catch(() => undefined);
    work.push(task);
  });
  const done = new Promise<void>((resolve) => {
    parser.once('close', resolve);
    parser.once('error', (error: Error) => {
      failure ??= ValidationError.at('files', `Malformed multipart body: ${error.message}`);
      resolve();
    });
  });
  body.once('error', (error: Error) => {
    failure ??= error instanceof QuarryError ? error : ValidationError.at('files', `The request body could not be read: ${error.message}`);
    // busboy fails the file part it is in with this error, so its staging stops and is discarded.
    parser.destroy(failure);
  });
  body.pipe(parser);
  await done;
  const settled = await Promise.allSettled(work);
  const files = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const rejected = settled.find((result) => result.status === 'rejected');
  return { fields, files, error: failure ?? (rejected as PromiseRejectedResult | undefined)?.reason };
}
