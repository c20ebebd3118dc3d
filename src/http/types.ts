/**
 * The transport-free shape of an exchange. Adapters copy what their transport gives them into
 * a `RequestHead` (uWebSockets.js's request object dies when its handler returns), read the
 * body the core asks for, and write the `CoreResponse` back.
 */

import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';

export type MaybePromise<T> = T | Promise<T>;

export interface RequestHead {
  /** As sent (`GET`); methods are case-sensitive. */
  readonly method: string;
  /** The raw path, percent-encoded, without the query string. */
  readonly path: string;
  /** The raw text after `?`; `''` when there is none. */
  readonly rawQuery: string;
  /** Lower-case names; a prototype-free object. */
  readonly headers: Readonly<Record<string, string>>;
}

export interface CoreRequest extends RequestHead {
  readonly body: Uint8Array | undefined;
}

/**
 * A body in pieces, written one after the other: bytes, or text written as UTF-8 (a page's
 * closing meta, printed per request: made a Buffer of its own, it was a pooled allocation per answer).
 */
export type BodyPieces = readonly (Buffer | string)[];

export interface CoreResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /**
   * JSON text, or its UTF-8 bytes in pieces for the transport to join (kept row texts between
   * the answer's own text: documents/entry-json.ts); undefined for 204 and other answers
   * without a body.
   */
  readonly body: string | BodyPieces | undefined;
  /**
   * Close the connection after this answer: set when the request body was abandoned half-read
   * (too large, too slow), so the rest of it can never be parsed as a next request.
   */
  readonly closeConnection?: boolean;
  /**
   * Bytes to stream from an open file after the headers (a served upload), `body` being
   * undefined; the transport closes the handle once sent, or at once for HEAD or a gone client.
   * The headers already carry the Content-Length.
   */
  readonly file?: FileBody;
}

export interface FileBody {
  readonly handle: FileHandle;
  readonly start: number;
  readonly length: number;
}

/** What the core wants after seeing a request's head: the body whole, or as a stream. */
export type Exchange = WholeBodyExchange | StreamedBodyExchange;

export interface WholeBodyExchange {
  readonly streamed?: false;
  /**
   * The most body bytes to read before calling `respond`; `undefined` when the route reads no
   * body (one sent anyway is discarded by the transport).
   */
  readonly bodyLimit: number | undefined;
  respond(body: Uint8Array | undefined): MaybePromise<CoreResponse>;
}

/**
 * A route that reads its body as it arrives (uploads): `respond` is called once the head is
 * read, with a stream of the body that the transport fills as the route reads it (backpressure
 * reaches the socket). The stream fails with the transport's error when the body passes
 * `bodyLimit` (413), stalls for the body time limit (408), or the client goes away.
 */
export interface StreamedBodyExchange {
  readonly streamed: true;
  readonly bodyLimit: number;
  respond(body: Readable): Promise<CoreResponse>;
}

export const isPromise = <T>(value: MaybePromise<T>): value is Promise<T> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';
