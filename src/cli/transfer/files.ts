import { createReadStream, createWriteStream, statSync, type ReadStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { extname } from 'node:path';
import { UsageError } from '../usage.js';
import { jsonReader, JsonWriter } from './json-file.js';
import { msgpackReader, MsgpackWriter } from './msgpack-file.js';

export type FileFormat = 'json' | 'msgpack';

const EXTENSIONS: Readonly<Record<string, FileFormat>> = { '.json': 'json', '.msgpack': 'msgpack', '.mpk': 'msgpack' };

/** The format a file name asks for, by its extension. */
export function formatOf(path: string): FileFormat {
  const format = EXTENSIONS[extname(path).toLowerCase()];
  if (!format) throw new UsageError(`${path}: the file name must end in .json or .msgpack (.mpk), which picks the format`);
  return format;
}

/** Encodes one value at a time onto a stream. */
export interface Encoder {
  /** The first value written is the header. */
  encode(value: unknown): string | Uint8Array;
  /** What closes the file after the last value. */
  readonly trailer: string;
}

/**
 * Writes values to `<path>.partial` and renames it to `path` once complete, so an export that
 * fails part way never leaves a file under the name asked for.
 */
export class RecordWriter {
  private readonly partial: string;
  private readonly stream: WriteStream;

  constructor(private readonly path: string, private readonly encoder: Encoder) {
    this.partial = `${path}.partial`;
    this.stream = createWriteStream(this.partial);
  }

  static open(path: string): RecordWriter {
    return new RecordWriter(path, formatOf(path) === 'json' ? new JsonWriter() : new MsgpackWriter());
  }

  async write(value: unknown): Promise<void> {
    // Waiting for 'drain' keeps memory flat however large the export.
    if (!this.stream.write(this.encoder.encode(value))) await once(this.stream, 'drain');
  }

  async close(): Promise<void> {
    this.stream.end(this.encoder.trailer);
    await once(this.stream, 'finish');
    await rename(this.partial, this.path);
  }

  /** Closes and removes the partial file after a failure. */
  async abort(): Promise<void> {
    this.stream.destroy();
    await rm(this.partial, { force: true });
  }
}

/** A file's values, read as a stream, with how far reading has come (for progress). */
export interface RecordReader {
  /**
   * The header first, then every record, in batches as they were decoded: a step of an async
   * loop per record took about a tenth of reading a 100k export.
   */
  readonly batches: AsyncIterable<readonly unknown[]>;
  readonly size: number;
  bytesRead(): number;
  /** Stops reading before the end. */
  close(): void;
}

export function openRecordReader(path: string): RecordReader {
  const format = formatOf(path);
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    throw new UsageError(`${path}: no such file`);
  }
  // Large reads (64 KiB ones left a profiled million-row import idle 9 s of 88), and still a hundred of them, for the progress line.
  const stream: ReadStream = createReadStream(path, { highWaterMark: Math.min(4 * 1024 ** 2, Math.max(64 * 1024, Math.ceil(size / 100))) });
  return {
    batches: format === 'json' ? jsonReader(path, stream) : msgpackReader(path, stream),
    size,
    bytesRead: () => stream.bytesRead,
    close: () => stream.destroy(),
  };
}

/** A reader's values one at a time, for a reader that stops early (the header, the file records). */
export async function* valuesOf(reader: RecordReader): AsyncGenerator<unknown> {
  for await (const batch of reader.batches) yield* batch;
}
