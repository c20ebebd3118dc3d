import type { TargetPart } from '../errors.js';
import type { RequestHead } from '../types.js';

/** Anything but printable ASCII: a request target holds such characters only percent-encoded (RFC 9112 §3.2). */
const RAW = /[^\x21-\x7e]/;

/**
 * The part of a request target holding a character it may hold only percent-encoded, or
 * undefined. Node's parser refuses such targets itself; uWebSockets.js hands them over as they
 * came, and they are refused here so that both transports answer a `curl -g` of `å` alike.
 */
export function unencodedPart(head: RequestHead): TargetPart | undefined {
  if (RAW.test(head.path)) return 'path';
  return RAW.test(head.rawQuery) ? 'query' : undefined;
}
