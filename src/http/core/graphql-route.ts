import { BoundedCache, REQUESTS_KEPT } from '../../cache/index.js';
import {
  explorerPage, graphqlSchemaOf, GraphqlExecutor, resolveGraphqlSettings, printAnswer,
  type FormattedError, type GraphqlAnswer, type GraphqlRequest, type GraphqlSettings,
} from '../../graphql/index.js';
import type { Quarry } from '../../quarry.js';
import { seal } from '../../query/querystring/index.js';
import type { HttpSettings } from '../settings.js';
import { isPromise, type CoreResponse, type Exchange, type MaybePromise, type RequestHead } from '../types.js';
import type { AccessControl } from './auth.js';
import { isJsonType } from './body.js';
import { cacheableText } from './query-strings.js';
import type { BaseHeaders } from './responses.js';

const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';
/** The methods of the GraphQL endpoint, as its 405's `Allow` and its preflight list them. */
export const GRAPHQL_ALLOW = 'GET, HEAD, POST, OPTIONS';

export const NOT_JSON_MESSAGE = 'A GraphQL POST body must be JSON (Content-Type: application/json)';
export const BAD_VARIABLES_MESSAGE = '`variables` in the query string must be JSON';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * GraphQL over HTTP at `settings.graphql.path` (`/graphql`): POST with a JSON body `{ query,
 * variables, operationName }`; GET with those in the query string runs queries only, and GET
 * without a query serves the explorer page. Answers are `application/graphql-response+json` when
 * the client accepts it (graphql-request asks for it), else `application/json`. The schema is
 * built once per Quarry, on the first request; parsed and validated documents are kept by text.
 */
export class GraphqlRoute {
  private readonly graphql: GraphqlSettings;
  private executor: GraphqlExecutor | undefined;
  private page: string | undefined;
  /**
   * Requests read by their text (a POST body, a GET query string) and sealed: clients repeat the
   * same few requests, and the executor keys its coerced variables by the sealed object.
   */
  private readonly bodies = new BoundedCache<string, unknown>(REQUESTS_KEPT);
  private readonly queries = new BoundedCache<string, GraphqlRequest>(REQUESTS_KEPT);

  /** `access` is the REST core's: a query is checked as a read, a mutation as a write, once the operation is known. */
  constructor(private readonly quarry: Quarry, private readonly settings: HttpSettings, private readonly access: AccessControl) {
    this.graphql = resolveGraphqlSettings(settings.graphql);
  }

  matches(path: string): boolean {
    const { path: endpoint } = this.graphql;
    return path === endpoint || (path.length === endpoint.length + 1 && path.startsWith(endpoint) && path.endsWith('/'));
  }

  open(head: RequestHead, base: BaseHeaders): Exchange {
    switch (head.method) {
      case 'POST':
        return { bodyLimit: this.settings.maxBodyBytes, respond: (body) => this.guard(head, base, () => this.post(head, body, base)) };
      case 'GET':
      case 'HEAD':
        return { bodyLimit: undefined, respond: () => this.guard(head, base, () => this.get(head, base)) };
      default:
        return { bodyLimit: undefined, respond: () => errorAnswer(405, 'Method Not Allowed', head, base, { allow: GRAPHQL_ALLOW }) };
    }
  }

  private post(head: RequestHead, body: Uint8Array | undefined, base: BaseHeaders): MaybePromise<CoreResponse> {
    if (!isJsonType(head.headers['content-type'])) return errorAnswer(400, NOT_JSON_MESSAGE, head, base);
    let request: unknown;
    try {
      const text = body === undefined ? '' : utf8.decode(body);
      request = this.bodies.remember(cacheableText(text), () => seal(JSON.parse(text)));
    } catch (error) {
      return errorAnswer(400, `The request body is not JSON: ${error instanceof Error ? error.message : String(error)}`, head, base);
    }
    if (typeof request !== 'object' || request === null || Array.isArray(request)) return errorAnswer(400, NOT_JSON_MESSAGE, head, base);
    return this.answer(this.run(request as GraphqlRequest, 'POST', head), head, base);
  }

  private get(head: RequestHead, base: BaseHeaders): MaybePromise<CoreResponse> {
    let request: GraphqlRequest;
    try {
      request = this.queries.remember(cacheableText(head.rawQuery), () => seal(requestFromQueryString(head.rawQuery)));
    } catch {
      return errorAnswer(400, BAD_VARIABLES_MESSAGE, head, base);
    }
    if (request.query === null && this.graphql.explorer) {
      this.page ??= explorerPage(this.graphql.path, this.quarry.registry);
      return { status: 200, headers: { ...base, 'content-type': HTML_TYPE }, body: this.page };
    }
    return this.answer(this.run(request, 'GET', head), head, base);
  }

  private run(request: GraphqlRequest, method: 'GET' | 'POST', head: RequestHead): MaybePromise<GraphqlAnswer> {
    this.executor ??= new GraphqlExecutor(graphqlSchemaOf(this.quarry), this.graphql, this.settings.listParams, (error) => this.report(error));
    return this.executor.run(request, method, (kind) => this.access.check(head.headers, kind));
  }

  private answer(answer: MaybePromise<GraphqlAnswer>, head: RequestHead, base: BaseHeaders): MaybePromise<CoreResponse> {
    const respond = (a: GraphqlAnswer): CoreResponse => ({
      status: a.status,
      headers: { ...base, 'content-type': responseType(head.headers.accept), ...(a.status === 405 ? { allow: 'POST' } : {}) },
      body: printAnswer(a.body),
    });
    return isPromise(answer) ? answer.then(respond) : respond(answer);
  }

  /** Nothing escapes as a throw: an unexpected error is reported and answered as GraphQL's internal error. */
  private guard(head: RequestHead, base: BaseHeaders, run: () => MaybePromise<CoreResponse>): MaybePromise<CoreResponse> {
    const fail = (error: unknown): CoreResponse => {
      this.report(error, head);
      return errorAnswer(500, 'Internal Server Error', head, base, {}, 'INTERNAL_SERVER_ERROR');
    };
    try {
      const result = run();
      return isPromise(result) ? result.catch(fail) : result;
    } catch (error) {
      return fail(error);
    }
  }

  private report(error: unknown, head?: RequestHead): void {
    try {
      this.settings.onInternalError(error, { method: head?.method ?? 'POST', path: this.graphql.path });
    } catch {
      // A failing logger must not turn an answer into an unhandled rejection.
    }
  }
}

/** `query`, `variables` (JSON; throws when it is not) and `operationName` of a GET. */
function requestFromQueryString(raw: string): GraphqlRequest {
  const params = new URLSearchParams(raw);
  const text = params.get('variables');
  const variables: unknown = text === null || text === '' ? undefined : JSON.parse(text);
  return { query: params.get('query'), variables, operationName: params.get('operationName') ?? undefined };
}

function errorAnswer(
  status: number, message: string, head: RequestHead, base: BaseHeaders, extra: Readonly<Record<string, string>> = {},
  code: FormattedError['extensions']['code'] = 'BAD_REQUEST',
): CoreResponse {
  const body: { errors: FormattedError[] } = { errors: [{ message, extensions: { code } }] };
  return { status, headers: { ...base, ...extra, 'content-type': responseType(head.headers.accept) }, body: JSON.stringify(body) };
}

/**
 * Answer types by Accept header text: a client sends the same header with every request, and
 * reading it again (split, trim, lower-case) for each request is work the cache saves.
 */
const responseTypes = new BoundedCache<string, string>(REQUESTS_KEPT);

function responseType(accept: string | undefined): string {
  return accept === undefined ? JSON_TYPE : responseTypes.remember(cacheableText(accept), () => responseTypeOf(accept));
}

/** `application/graphql-response+json` when the Accept header lists it (with a non-zero q), else `application/json`. */
function responseTypeOf(accept: string): string {
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.split(';').map((p) => p.trim().toLowerCase());
    if (type !== 'application/graphql-response+json') continue;
    const q = params.find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) return GRAPHQL_RESPONSE_TYPE;
  }
  return JSON_TYPE;
}
