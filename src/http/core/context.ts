import type { DocumentService } from '../../documents/service.js';
import type { Quarry } from '../../quarry.js';
import { readQueryString, type QueryObject } from '../../query/querystring/index.js';
import type { HttpSettings } from '../settings.js';
import type { CoreResponse, MaybePromise, RequestHead } from '../types.js';
import type { BaseHeaders } from './responses.js';
import type { Match } from './router.js';

/** What a handler sees of one request. */
export class HandlerContext<M extends Match = Match> {
  private parsed: QueryObject | undefined;

  constructor(
    readonly head: RequestHead,
    readonly match: M,
    readonly body: Uint8Array | undefined,
    readonly base: BaseHeaders,
    readonly quarry: Quarry,
    readonly settings: HttpSettings,
  ) {}

  /** The query string read into a prototype-free object (400 when malformed or past a limit). */
  get query(): QueryObject {
    return (this.parsed ??= readQueryString(this.head.rawQuery, this.settings.queryLimits));
  }

  get service(): DocumentService {
    return this.quarry.documents(this.match.type.uid);
  }
}

export interface Handler<M extends Match = Match> {
  /** The route takes a JSON body (POST, PUT). */
  readonly readsBody: boolean;
  run(ctx: HandlerContext<M>): MaybePromise<CoreResponse>;
}

/** Route tables by resource: method → handler. */
export type MethodTable<M extends Match> = Readonly<Record<string, Handler<M>>>;
