import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { ValidationError } from '../errors/index.js';
import { typeOfName } from './extension-types.js';
import type { IncomingFile } from './upload-service.js';

/**
 * A file a library user adds: a path on disk (named by its base name unless `name` says), bytes
 * in memory, or a stream, each with the file name the record takes. Its type is read from its
 * bytes, as an HTTP upload's is; the name's extension stands for the type a browser would claim.
 */
export type FileSource =
  | { readonly path: string; readonly name?: string }
  | { readonly buffer: Uint8Array; readonly name: string }
  | { readonly stream: Readable | AsyncIterable<Uint8Array>; readonly name: string };

/** The source as the upload service reads a multipart part; a path is checked before it is opened. */
export async function incomingFileOf(source: FileSource, at: readonly (string | number)[]): Promise<IncomingFile> {
  if ('path' in source) {
    const info = await stat(source.path).catch(() => undefined);
    if (info?.isFile() !== true) throw ValidationError.at([...at, 'path'], `No file at ${JSON.stringify(source.path)}`);
    return incoming(source.name ?? basename(source.path), createReadStream(source.path));
  }
  if (typeof source.name !== 'string' || source.name === '') throw ValidationError.at([...at, 'name'], 'A file given as bytes or a stream needs a name');
  if ('buffer' in source) return incoming(source.name, Readable.from([source.buffer]));
  const { stream } = source;
  return incoming(source.name, stream instanceof Readable ? stream : Readable.from(stream));
}

function incoming(filename: string, stream: Readable): IncomingFile {
  return { filename, mimeType: typeOfName(filename), stream };
}
