import type { Reads } from '../../documents/reads.js';
import type { DocumentService } from '../../documents/service.js';
import type { SingleType } from '../../documents/single-type.js';
import type { Quarry } from '../../quarry.js';
import type { QueryObject } from '../../query/querystring/index.js';
import type { HttpSettings } from '../settings.js';
import type { CoreResponse, MaybePromise, RequestHead } from '../types.js';
import type { QueryStrings } from './query-strings.js';
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
    private readonly queries: QueryStrings,
  ) {}

  /** The query string read into a prototype-free, sealed object (400 when malformed or past a limit). */
  get query(): QueryObject {
    return (this.parsed ??= this.queries.read(this.head.rawQuery));
  }

  get service(): DocumentService {
    return this.quarry.documents(this.match.type.uid);
  }

  /** The single type a single-type route names. */
  get single(): SingleType {
    return this.quarry.singleType(this.match.type.uid);
  }

  get reads(): Reads {
    return this.quarry.reads;
  }
}

export interface Handler<M extends Match = Match> {
  /** The route takes a JSON body (POST, PUT). */
  readonly readsBody: boolean;
  run(ctx: HandlerContext<M>): MaybePromise<CoreResponse>;
}

/** Route tables by resource: method → handler. */
export type MethodTable<M extends Match> = Readonly<Record<string, Handler<M>>>;
