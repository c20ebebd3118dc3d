import { NotFoundError } from '../../errors/index.js';
import { parseLocale, parseStatus } from '../../query/params/index.js';
import { placeOf } from '../../query/params/errors.js';
import type { QueryObject } from '../../query/querystring/index.js';
import type { ContentType } from '../../schema/types.js';
import type { Status } from '../../documents/service.js';
import { readDataPayload } from './body.js';
import type { HandlerContext, MethodTable } from './context.js';
import { entriesJson, entryJson } from '../../documents/entry-json.js';
import { entryResponse, json, noContent, pageResponse } from './responses.js';
import type { Match } from './router.js';
import type { Entry } from '../../documents/entry.js';
import type { Page } from '../../documents/read.js';
import { isPromise, type CoreResponse } from '../types.js';

type Collection = Extract<Match, { resource: 'collection' }>;
type Document = Extract<Match, { resource: 'document' }>;

/** `GET /api/<plural>` and `POST /api/<plural>`: Strapi's core collection-type controller. */
export const collectionRoutes: MethodTable<Collection> = Object.freeze({
  GET: {
    readsBody: false,
    // Cheap lists settle in the same turn; expensive ones, with a pool, on a worker thread (the
    // uWS pipelining caveat of answers pending across turns: test/pool/http.test.ts).
    run(ctx: HandlerContext<Collection>) {
      const page = ctx.reads.page(ctx.reads.compileQuery(ctx.match.type.uid, ctx.query, ctx.settings.listParams));
      // Inline, the answer is made in the same call: a promise per request cost a microtask turn.
      return isPromise(page) ? page.then((p) => pageAnswer(p, ctx)) : pageAnswer(page, ctx);
    },
  },
  POST: {
    readsBody: true,
    async run(ctx: HandlerContext<Collection>) {
      const data = readDataPayload(ctx.body, ctx.head.headers['content-type']);
      const entry = await ctx.service.create({ data, ...writeParams(ctx.match.type, ctx.query) });
      return json(201, { data: entry, meta: {} }, ctx.base);
    },
  },
});

/** `GET`, `PUT`, `DELETE /api/<plural>/<documentId>`. */
export const documentRoutes: MethodTable<Document> = Object.freeze({
  GET: {
    readsBody: false,
    run(ctx: HandlerContext<Document>) {
      const entry = ctx.reads.one(ctx.reads.compileQuery(ctx.match.type.uid, ctx.query, undefined, 'one'), ctx.match.documentId);
      // Inline (the usual case) the answer is made in the same call, without a promise.
      return isPromise(entry) ? entry.then((e) => entryAnswer(e, ctx)) : entryAnswer(entry, ctx);
    },
  },
  PUT: {
    readsBody: true,
    async run(ctx: HandlerContext<Document>) {
      const data = readDataPayload(ctx.body, ctx.head.headers['content-type']);
      const entry = await ctx.service.update({ documentId: ctx.match.documentId, data, ...writeParams(ctx.match.type, ctx.query) });
      if (entry === null) throw new NotFoundError();
      return json(200, { data: entry, meta: {} }, ctx.base);
    },
  },
  DELETE: {
    readsBody: false,
    async run(ctx: HandlerContext<Document>) {
      // 204 whether or not the document existed: Strapi answers a repeated delete the same way.
      await ctx.service.delete({ documentId: ctx.match.documentId, locale: localeOf(ctx.match.type, ctx.query) });
      return noContent(ctx.base);
    },
  },
});

/** A list's answer: its page's entries, kept as JSON text, and its pagination. */
function pageAnswer(page: Page, ctx: HandlerContext): CoreResponse {
  return pageResponse(200, entriesJson(page.results), page.pagination, ctx.base);
}

/** A single entry's answer; a 404 for none. */
export function entryAnswer(entry: Entry | null, ctx: HandlerContext): CoreResponse {
  if (entry === null) throw new NotFoundError();
  return entryResponse(200, entryJson(entry), ctx.base);
}

interface WriteParams {
  readonly status: Status;
  readonly locale: string | undefined;
  readonly fields: unknown;
  readonly populate: unknown;
}

/**
 * The query of a REST write. `status` defaults to `published`, as Strapi's core service adds it:
 * a plain POST or PUT on a draft & publish type writes the draft and publishes it, while
 * `?status=draft` only writes the draft (docs/relations.md, Draft & publish and locales). `fields` and `populate` shape the
 * entry answered.
 */
export function writeParams(type: ContentType, query: QueryObject): WriteParams {
  return {
    status: parseStatus(query.status, placeOf('status')),
    locale: localeOf(type, query),
    fields: query.fields,
    populate: query.populate,
  };
}

/** `locale=fr`, `locale=*` (every locale, where the operation allows it), or the default locale. */
export function localeOf(type: ContentType, query: QueryObject): string | undefined {
  const locale = parseLocale(type, query.locale, placeOf('locale'));
  if (locale === undefined || locale.kind === 'default') return undefined;
  return locale.kind === 'all' ? '*' : locale.code;
}
