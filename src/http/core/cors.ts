import type { CorsSettings } from '../settings.js';
import type { BaseHeaders } from './responses.js';

/**
 * CORS as Strapi's default middleware does it: every answer says which origin may read it, and
 * an `OPTIONS` preflight (any path) is a 204 listing the allowed methods and headers.
 */
export class Cors {
  private readonly anyOrigin: BaseHeaders;
  private readonly allowed: ReadonlySet<string> | undefined;
  private readonly preflight: BaseHeaders;

  constructor(settings: CorsSettings) {
    this.allowed = settings.origins === '*' ? undefined : new Set(settings.origins);
    this.anyOrigin = Object.freeze({ 'access-control-allow-origin': '*' });
    this.preflight = Object.freeze({
      'access-control-allow-methods': settings.methods.join(','),
      'access-control-allow-headers': settings.headers.join(','),
      'access-control-max-age': String(settings.maxAge),
    });
  }

  /** The headers every answer to a request from `origin` carries. */
  headersFor(origin: string | undefined): BaseHeaders {
    if (this.allowed === undefined) return this.anyOrigin;
    // A list of origins: echo the one that matched, and tell caches the answer depends on it.
    if (origin !== undefined && this.allowed.has(origin)) return { 'access-control-allow-origin': origin, vary: 'Origin' };
    return { vary: 'Origin' };
  }

  /** Extra headers of a preflight answer. */
  preflightHeaders(): BaseHeaders {
    return this.preflight;
  }
}
