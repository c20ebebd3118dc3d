import { BoundedCache, REQUESTS_KEPT } from '../../cache/index.js';
import { readQueryString, seal, type QueryLimits, type QueryObject } from '../../query/querystring/index.js';

/** Longer texts are read every time, so a cache of requests by text holds at most ~16 MB of them. */
export const MAX_CACHED_REQUEST_CHARS = 8 * 1024;

/** The key a request text is cached under: none when it is too long to keep. */
export const cacheableText = (text: string): string | undefined => (text.length > MAX_CACHED_REQUEST_CHARS ? undefined : text);

/**
 * Query strings read by their text, for one server: clients repeat the same few list requests,
 * and reading one is a good part of a selective list's work. A reading depends only on the text
 * and the limits, so it stays true; it is sealed (frozen, see query/querystring/sealed.ts), so
 * no handler can change it for the next request, and the document service keys its parsed
 * request by it without printing it again. Malformed strings throw and are not kept.
 */
export class QueryStrings {
  private readonly cache = new BoundedCache<string, QueryObject>(REQUESTS_KEPT);

  constructor(private readonly limits: Partial<QueryLimits>) {}

  read(raw: string): QueryObject {
    return this.cache.remember(cacheableText(raw), () => seal(readQueryString(raw, this.limits)));
  }
}
