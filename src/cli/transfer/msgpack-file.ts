import type { ReadStream } from 'node:fs';
import { decodeMultiStream, encode } from '@msgpack/msgpack';
import type { Encoder } from './files.js';

/** msgpack exports are a plain sequence of values: the header, then each record. */
export class MsgpackWriter implements Encoder {
  readonly trailer = '';

  encode(value: unknown): Uint8Array {
    return encode(value);
  }
}

export async function* msgpackReader(path: string, stream: ReadStream): AsyncGenerator<unknown> {
  try {
    yield* decodeMultiStream(stream);
  } catch (e) {
    throw new Error(`${path}: not valid msgpack (${(e as Error).message})`);
  }
}
