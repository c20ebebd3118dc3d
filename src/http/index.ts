/**
 * The REST API over HTTP: a transport-free core (`RestCore`) and two transports over it,
 * uWebSockets.js (`startServer`, the real server) and Node's `http` (`startNodeHttpServer`).
 */
export { startServer, type CloseOptions, type RunningServer, type ServerOptions } from './adapters/uws.js';
export { startNodeHttpServer } from './adapters/node-http.js';
export { createRestCore, RestCore } from './core/core.js';
export { AccessControl, bearerToken, type AccessKind, type TokenVerifier } from './core/auth.js';
export {
  DEFAULT_ACCESS_SETTINGS, DEFAULT_CORS_SETTINGS, DEFAULT_HTTP_SETTINGS, resolveHttpSettings,
  type AccessSettings, type CorsSettings, type HttpSettings, type HttpSettingsInput,
} from './settings.js';
export type { CoreRequest, CoreResponse, Exchange, MaybePromise, RequestHead } from './types.js';
export { MalformedJsonError, MalformedRequestError, MISSING_DATA_MESSAGE, RequestBodyTimeoutError, RequestHeadTooLargeError } from './errors.js';
