import { MethodNotAllowedError, NotFoundError, RangeNotSatisfiableError } from '../../errors/index.js';
import type { FileStore, OpenedFile } from '../../uploads/file-store.js';
import { typeOfName } from '../../uploads/extension-types.js';
import type { HttpSettings } from '../settings.js';
import type { CoreResponse, Exchange, RequestHead } from '../types.js';
import { etagOf, notModified, rangeOf } from './file-validators.js';
import { errorResponse, type BaseHeaders } from './responses.js';

export const UPLOADS_PREFIX = '/uploads/';
export const UPLOADS_ALLOW = 'GET, HEAD, OPTIONS';

/**
 * Stored files under `/uploads/<name>`, as Strapi's local provider serves them, plus a strong
 * ETag and 304s (docs/uploads.md, "Storage and serving"). Always public, as in Strapi. A name
 * is one segment that the file store accepts; anything else (`..`, an encoded slash, a dotted
 * temporary) is a 404 before the disk is touched.
 */
export class UploadsRoute {
  constructor(private readonly files: FileStore, private readonly settings: HttpSettings) {}

  matches(path: string): boolean {
    return path.startsWith(UPLOADS_PREFIX);
  }

  open(head: RequestHead, base: BaseHeaders): Exchange {
    if (head.method !== 'GET' && head.method !== 'HEAD') {
      const refused = errorResponse(new MethodNotAllowedError(), base, { allow: UPLOADS_ALLOW });
      return { bodyLimit: undefined, respond: () => refused };
    }
    const name = nameOf(head.path);
    return { bodyLimit: undefined, respond: () => this.serve(head, name, base) };
  }

  private async serve(head: RequestHead, name: string | undefined, base: BaseHeaders): Promise<CoreResponse> {
    const opened = name === undefined ? undefined : await this.files.openForRead(name);
    if (opened === undefined) return errorResponse(new NotFoundError(), base);
    try {
      return answer(head, name!, opened, { ...base, 'cache-control': this.settings.uploadsCacheControl });
    } catch (error) {
      await opened.handle.close();
      throw error;
    }
  }
}

function answer(head: RequestHead, name: string, { handle, stats }: OpenedFile, base: BaseHeaders): CoreResponse {
  const etag = etagOf(stats);
  const validators = { ...base, etag, 'last-modified': stats.mtime.toUTCString(), 'accept-ranges': 'bytes' };
  if (notModified(head.headers, etag, stats)) {
    void handle.close();
    return { status: 304, headers: validators, body: undefined };
  }
  const size = stats.size;
  const range = rangeOf(head.headers, size, etag, stats);
  if (range === 'unsatisfiable') {
    void handle.close();
    return errorResponse(new RangeNotSatisfiableError(undefined, { size }), validators, { 'content-range': `bytes */${size}` });
  }
  const headers = { ...validators, 'content-type': typeOfName(name), 'x-content-type-options': 'nosniff' };
  if (range === undefined) {
    return { status: 200, headers: { ...headers, 'content-length': String(size) }, body: undefined, file: { handle, start: 0, length: size } };
  }
  const { start, length } = range;
  return {
    status: 206,
    headers: { ...headers, 'content-length': String(length), 'content-range': `bytes ${start}-${start + length - 1}/${size}` },
    body: undefined,
    file: { handle, start, length },
  };
}

/** The stored name a path asks for; undefined for more than one segment or a malformed escape. */
function nameOf(path: string): string | undefined {
  const raw = path.slice(UPLOADS_PREFIX.length);
  if (raw.includes('/')) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
