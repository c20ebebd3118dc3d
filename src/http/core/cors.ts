import type { CorsSettings } from '../settings.js';
import type { BaseHeaders } from './responses.js';

/**
 * CORS as Strapi's default middleware does it: every answer says which origin may read it, and
 * an `OPTIONS` preflight (any path) is a 204 listing the allowed methods and headers. Unlike
 * Strapi's, the methods offered are by default those the path serves, so a browser never sends
 * a request the preflight allowed only to get a 405.
 */
export class Cors {
  private readonly anyOrigin: BaseHeaders;
  /**
   * With a list of origins, each one's headers, made once (answers derive theirs from these by
   * identity: responses.ts); `undefined` when any origin may read.
   */
  private readonly allowed: ReadonlyMap<string, BaseHeaders> | undefined;
  private readonly otherOrigin: BaseHeaders = Object.freeze({ vary: 'Origin' });
  /** Preflight headers by the methods they offer: a handful of routes' `Allow` lists. */
  private readonly preflights = new Map<string, BaseHeaders>();

  constructor(private readonly settings: CorsSettings) {
    // A list: echo the origin that matched, and tell caches the answer depends on it.
    this.allowed = settings.origins === '*'
      ? undefined
      : new Map(settings.origins.map((origin) => [origin, Object.freeze({ 'access-control-allow-origin': origin, vary: 'Origin' })]));
    this.anyOrigin = Object.freeze({ 'access-control-allow-origin': '*' });
  }

  /** The headers every answer to a request from `origin` carries. */
  headersFor(origin: string | undefined): BaseHeaders {
    if (this.allowed === undefined) return this.anyOrigin;
    return (origin === undefined ? undefined : this.allowed.get(origin)) ?? this.otherOrigin;
  }

  /** Extra headers of a preflight answer for a path that serves `served` (an `Allow` list). */
  preflightHeaders(served: string): BaseHeaders {
    const { methods, headers, maxAge } = this.settings;
    const offered = methods === 'served' ? served : methods.join(',');
    let preflight = this.preflights.get(offered);
    if (preflight === undefined) {
      preflight = Object.freeze({
        'access-control-allow-methods': offered,
        'access-control-allow-headers': headers.join(','),
        'access-control-max-age': String(maxAge),
      });
      this.preflights.set(offered, preflight);
    }
    return preflight;
  }
}
