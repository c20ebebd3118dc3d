import type { BodyPieces } from '../types.js';

/** The body as text, whatever its form: for answers outside the hot path (and tests). */
export function bodyText(body: string | BodyPieces | undefined): string {
  return body === undefined ? '' : typeof body === 'string' ? body : Buffer.concat(body).toString();
}

/** The body's length in bytes. */
export function bodyLength(body: string | BodyPieces): number {
  if (typeof body === 'string') return Buffer.byteLength(body);
  let n = 0;
  for (const piece of body) n += piece.length;
  return n;
}
