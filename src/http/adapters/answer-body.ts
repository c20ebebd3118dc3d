import type { BodyPieces } from '../types.js';

/** The body as text, whatever its form: for answers outside the hot path (and tests). */
export function bodyText(body: string | BodyPieces | undefined): string {
  return body === undefined ? '' : typeof body === 'string' ? body : joinPieces(body, Buffer.allocUnsafe(bodyLength(body))).toString();
}

/** The body's length in bytes. */
export function bodyLength(body: string | BodyPieces): number {
  if (typeof body === 'string') return Buffer.byteLength(body);
  let n = 0;
  for (const piece of body) n += typeof piece === 'string' ? Buffer.byteLength(piece) : piece.length;
  return n;
}

/** Writes the pieces one after the other into `into` (at least `bodyLength` long), answering the part written. */
export function joinPieces(pieces: BodyPieces, into: Buffer): Buffer {
  let at = 0;
  for (const piece of pieces) {
    if (typeof piece === 'string') at += into.write(piece, at);
    else {
      into.set(piece, at);
      at += piece.length;
    }
  }
  return into.subarray(0, at);
}
