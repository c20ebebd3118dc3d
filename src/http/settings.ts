import type { GraphqlSettings } from '../graphql/settings.js';
import type { ListParamsSettings } from '../query/params/index.js';
import type { QueryLimits } from '../query/querystring/index.js';

/** Which origins may read answers in a browser, and what a preflight allows. */
export interface CorsSettings {
  /** `'*'` (Strapi's default) or the exact origins allowed; others get no allow-origin header. */
  readonly origins: '*' | readonly string[];
  /**
   * What a preflight offers: `'served'` (the default), the methods the asked path answers (its
   * `Allow`; every method served somewhere for a path that names nothing), or a fixed list.
   */
  readonly methods: 'served' | readonly string[];
  readonly headers: readonly string[];
  /** Seconds a browser may cache a preflight answer. */
  readonly maxAge: number;
}

/** Who may read and who may write: anyone, or only requests with an API token that allows it. */
export interface AccessSettings {
  readonly reads: 'public' | 'token';
  readonly writes: 'public' | 'token';
}

export interface HttpSettings {
  /** Path prefix of the content API. */
  readonly prefix: string;
  readonly cors: CorsSettings;
  /** Default: reads public, writes with a full-access token (a wrong token is a 401 either way). */
  readonly access: AccessSettings;
  /** Request bodies past this many bytes are a 413, answered as soon as the limit is passed. */
  readonly maxBodyBytes: number;
  /**
   * Largest request head (request line and headers) a transport must accept. Request lines
   * of at least 64 KiB must pass (a 1,000-value `$in` is about 25 KiB): docs/limits-and-errors.md.
   */
  readonly maxHeadBytes: number;
  /** A request body must arrive in full within this time (slow-drip clients), else 408. */
  readonly bodyTimeoutMs: number;
  readonly queryLimits: Partial<QueryLimits>;
  readonly listParams: Partial<ListParamsSettings>;
  /** The GraphQL endpoint: its path, depth and cost limits, explorer (defaults: `DEFAULT_GRAPHQL_SETTINGS`). */
  readonly graphql: Partial<GraphqlSettings>;
  /**
   * Cache-Control of files served under `/uploads/`. Strapi's `max-age=0` by default: a replaced
   * file keeps its name (Strapi keeps the hash), so a long max-age would serve stale bytes;
   * revalidation costs a 304 (docs/uploads.md).
   */
  readonly uploadsCacheControl: string;
  /** A file of `POST <prefix>/upload` past this many bytes is a 413: Strapi's default 200 MB. */
  readonly uploadMaxFileBytes: number;
  /** The whole multipart body of an upload, which the transports read before the route parses it. */
  readonly uploadMaxBodyBytes: number;
  /** Receives errors that are not QuarryErrors (answered as a bare 500). */
  readonly onInternalError: (error: unknown, request: { method: string; path: string }) => void;
}

export const DEFAULT_CORS_SETTINGS: CorsSettings = Object.freeze({
  origins: '*',
  // Not Strapi's fixed list, which offers PATCH that no content route serves (a 405 after the preflight).
  methods: 'served',
  // Strapi's `strapi::cors` defaults.
  headers: Object.freeze(['Content-Type', 'Authorization', 'Origin', 'Accept']),
  maxAge: 31_536_000,
});

export const DEFAULT_ACCESS_SETTINGS: AccessSettings = Object.freeze({ reads: 'public', writes: 'token' });

export const DEFAULT_HTTP_SETTINGS: HttpSettings = Object.freeze({
  prefix: '/api',
  cors: DEFAULT_CORS_SETTINGS,
  access: DEFAULT_ACCESS_SETTINGS,
  maxBodyBytes: 1024 * 1024,
  maxHeadBytes: 128 * 1024,
  bodyTimeoutMs: 30_000,
  queryLimits: Object.freeze({}),
  listParams: Object.freeze({}),
  graphql: Object.freeze({}),
  uploadsCacheControl: 'max-age=0',
  uploadMaxFileBytes: 200 * 1024 * 1024,
  uploadMaxBodyBytes: 256 * 1024 * 1024,
  onInternalError: (error: unknown, request: { method: string; path: string }) => {
    console.error(`[quarry http] ${request.method} ${request.path}:`, error);
  },
});

/** What callers may pass: any subset, CORS and access settings included. */
export type HttpSettingsInput = Partial<Omit<HttpSettings, 'cors' | 'access'>> & {
  readonly cors?: Partial<CorsSettings>;
  readonly access?: Partial<AccessSettings>;
};

export function resolveHttpSettings(input: HttpSettingsInput = {}): HttpSettings {
  const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as HttpSettingsInput;
  return Object.freeze({
    ...DEFAULT_HTTP_SETTINGS,
    ...defined,
    cors: Object.freeze({ ...DEFAULT_CORS_SETTINGS, ...defined.cors }),
    access: Object.freeze({ ...DEFAULT_ACCESS_SETTINGS, ...defined.access }),
    // Frozen copies: what is derived from them per request (keys of cached requests) stays true.
    listParams: Object.freeze({ ...defined.listParams }),
    queryLimits: Object.freeze({ ...defined.queryLimits }),
  });
}
