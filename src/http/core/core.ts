import { Readable } from 'node:stream';
import { MethodNotAllowedError, NotFoundError, PayloadTooLargeError, QuarryError } from '../../errors/index.js';
import { bodyTooLargeMessage, unencodedTargetError } from '../errors.js';
import type { Quarry } from '../../quarry.js';
import { resolveHttpSettings, type HttpSettings, type HttpSettingsInput } from '../settings.js';
import { isPromise, type CoreRequest, type CoreResponse, type Exchange, type MaybePromise, type RequestHead } from '../types.js';
import { AccessControl } from './auth.js';
import { collectionRoutes, documentRoutes } from './content-types.js';
import { QueryStrings } from './query-strings.js';
import { HandlerContext, type Handler, type MethodTable } from './context.js';
import { Cors } from './cors.js';
import { GRAPHQL_ALLOW, GraphqlRoute } from './graphql-route.js';
import { HEALTH_ALLOW, HealthRoute } from './health-route.js';
import { errorResponse, internalError, noContent } from './responses.js';
import { Router, type Match } from './router.js';
import { singleRoutes } from './single-types.js';
import { unencodedPart } from './target.js';
import { UPLOAD_API_ALLOW, UploadApiRoute } from './upload-api-route.js';
import { UPLOADS_ALLOW, UploadsRoute } from './uploads-route.js';
import { userRoutes, usersCountRoutes, usersRoutes } from './users.js';

const TABLES: { readonly [R in Match['resource']]: MethodTable<Extract<Match, { resource: R }>> } = {
  collection: collectionRoutes,
  document: documentRoutes,
  single: singleRoutes,
  users: usersRoutes,
  usersCount: usersCountRoutes,
  user: userRoutes,
};

/** `Allow` of each resource: its methods, plus HEAD beside GET and the CORS preflight. */
const ALLOW = Object.fromEntries(
  Object.entries(TABLES).map(([resource, table]) => {
    const methods = Object.keys(table);
    const get = methods.indexOf('GET');
    if (get !== -1) methods.splice(get + 1, 0, 'HEAD');
    return [resource, [...methods, 'OPTIONS'].join(', ')];
  }),
) as Readonly<Record<Match['resource'], string>>;

/** Every method some route serves: what a preflight offers for a path that names no route. */
const ALLOW_ANY = [...new Set([...Object.values(ALLOW), GRAPHQL_ALLOW, UPLOADS_ALLOW, UPLOAD_API_ALLOW].flatMap((allow) => allow.split(', ')).filter((m) => m !== 'OPTIONS')), 'OPTIONS'].join(', ');

/**
 * The REST API without a transport: routing, CORS, handlers and Strapi's error shapes. A
 * transport gives it a request head, reads the body it asks for, and writes back what it
 * answers. It never throws and never answers with a stack: errors that are not QuarryErrors
 * become Strapi's bare 500 and go to `settings.onInternalError`.
 */
export class RestCore {
  readonly settings: HttpSettings;
  private readonly router: Router;
  private readonly cors: Cors;
  /** Also what other routes on the same server (GraphQL) check their requests with. */
  readonly access: AccessControl;
  private readonly graphql: GraphqlRoute;
  private readonly health: HealthRoute;
  private readonly queries: QueryStrings;
  private readonly uploads: UploadsRoute;
  private readonly uploadApi: UploadApiRoute;

  constructor(private readonly quarry: Quarry, settings: HttpSettings) {
    this.settings = settings;
    this.router = new Router(quarry.registry, settings.prefix);
    this.cors = new Cors(settings.cors);
    this.access = new AccessControl(settings.access, quarry.tokens);
    this.graphql = new GraphqlRoute(quarry, settings, this.access);
    this.health = new HealthRoute(quarry);
    this.queries = new QueryStrings(settings.queryLimits);
    this.uploads = new UploadsRoute(quarry.files, settings);
    this.uploadApi = new UploadApiRoute(quarry, settings, this.access, this.queries);
  }

  /** Routes a request by its head: answers at once (preflight, 404, 405) or says which body to read. */
  open(head: RequestHead): Exchange {
    this.quarry.seeLatest();
    const base = this.cors.headersFor(head.headers.origin);
    const unencoded = unencodedPart(head);
    if (unencoded !== undefined) return answered(errorResponse(unencodedTargetError(unencoded), base));
    // A preflight is answered on any path: the browser asks before it knows whether the route exists.
    if (head.method === 'OPTIONS') return answered(noContent(base, this.cors.preflightHeaders(this.allowOf(head.path))));
    if (this.graphql.matches(head.path)) return this.graphql.open(head, base);
    if (this.health.matches(head.path)) return this.health.open(head, base);
    if (this.uploads.matches(head.path)) return this.uploads.open(head, base);
    if (this.uploadApi.matches(head.path)) return this.uploadApi.open(head, base);
    const match = this.router.match(head.path);
    if (match === undefined) return answered(errorResponse(new NotFoundError(), base));
    const table = TABLES[match.resource] as MethodTable<Match>;
    // HEAD is GET without the body (the transport drops it), as Strapi's router does.
    const handler: Handler | undefined = Object.hasOwn(table, head.method) ? table[head.method]
      : head.method === 'HEAD' ? table.GET : undefined;
    if (handler === undefined) {
      return answered(errorResponse(new MethodNotAllowedError(), base, { allow: ALLOW[match.resource] }));
    }
    // Checked before a body is read: a write that may not happen never sends its body anywhere.
    const denied = this.access.check(head.headers, head.method === 'GET' || head.method === 'HEAD' ? 'read' : 'write');
    if (denied !== undefined) return answered(errorResponse(denied, base));
    return {
      bodyLimit: handler.readsBody ? this.settings.maxBodyBytes : undefined,
      respond: (body) => this.run(handler, new HandlerContext(head, match, body, base, this.quarry, this.settings, this.queries)),
    };
  }

  /** The methods a path serves, as its `Allow` header lists them. */
  private allowOf(path: string): string {
    if (this.graphql.matches(path)) return GRAPHQL_ALLOW;
    if (this.health.matches(path)) return HEALTH_ALLOW;
    if (this.uploads.matches(path)) return UPLOADS_ALLOW;
    if (this.uploadApi.matches(path)) return UPLOAD_API_ALLOW;
    const match = this.router.match(path);
    return match === undefined ? ALLOW_ANY : ALLOW[match.resource];
  }

  /** One whole request, body included: the transport-free entry (tests, in-process callers). */
  handle(request: CoreRequest): MaybePromise<CoreResponse> {
    const exchange = this.open(request);
    if (exchange.streamed === true) {
      const { body } = request;
      if (body !== undefined && body.length > exchange.bodyLimit) return this.fail(request, tooLarge(exchange.bodyLimit));
      return exchange.respond(Readable.from(body === undefined ? [] : [body]));
    }
    const { bodyLimit } = exchange;
    if (bodyLimit !== undefined && request.body !== undefined && request.body.length > bodyLimit) {
      return this.fail(request, tooLarge(bodyLimit));
    }
    return exchange.respond(bodyLimit === undefined ? undefined : request.body);
  }

  /** An answer for an error the transport met (body too large, too slow), with this request's CORS headers. */
  fail(head: RequestHead, error: QuarryError, closeConnection = false): CoreResponse {
    const response = errorResponse(error, this.cors.headersFor(head.headers.origin));
    return closeConnection ? { ...response, closeConnection } : response;
  }

  private run(handler: Handler, ctx: HandlerContext): MaybePromise<CoreResponse> {
    try {
      const result = handler.run(ctx);
      return isPromise(result) ? result.catch((error: unknown) => this.answerError(error, ctx)) : result;
    } catch (error) {
      return this.answerError(error, ctx);
    }
  }

  private answerError(error: unknown, ctx: HandlerContext): CoreResponse {
    if (error instanceof QuarryError) return errorResponse(error, ctx.base);
    try {
      this.settings.onInternalError(error, { method: ctx.head.method, path: ctx.head.path });
    } catch {
      // A failing logger must not turn an answer into an unhandled rejection.
    }
    return internalError(ctx.base);
  }
}

/** The 413 for a body past `limit` bytes. */
export function tooLarge(limit: number): PayloadTooLargeError {
  return new PayloadTooLargeError(bodyTooLargeMessage(limit), { limit });
}

function answered(response: CoreResponse): Exchange {
  return { bodyLimit: undefined, respond: () => response };
}

export function createRestCore(quarry: Quarry, settings?: HttpSettingsInput | HttpSettings): RestCore {
  return new RestCore(quarry, resolveHttpSettings(settings));
}

