import { isPromise } from '../types.js';
import { readDataPayload } from './body.js';
import { entryAnswer, localeOf, writeParams } from './content-types.js';
import type { HandlerContext, MethodTable } from './context.js';
import { json, noContent } from './responses.js';
import type { Match } from './router.js';

type Single = Extract<Match, { resource: 'single' }>;

/**
 * `GET`, `PUT`, `DELETE /api/<singularName>`: Strapi's core single-type controller, over the
 * type's one document (documents/single-type.ts). The query takes what a document's routes take:
 * `status`, `locale`, `fields`, `populate`.
 */
export const singleRoutes: MethodTable<Single> = Object.freeze({
  GET: {
    readsBody: false,
    run(ctx: HandlerContext<Single>) {
      // The query is compiled before the document is looked up: a bad one is a 400 either way.
      const entry = ctx.single.read(ctx.reads.compileQuery(ctx.match.type.uid, ctx.query, undefined, 'one'));
      return isPromise(entry) ? entry.then((e) => entryAnswer(e, ctx)) : entryAnswer(entry, ctx);
    },
  },
  PUT: {
    readsBody: true,
    async run(ctx: HandlerContext<Single>) {
      const data = readDataPayload(ctx.body, ctx.head.headers['content-type']);
      const entry = await ctx.single.put({ data, ...writeParams(ctx.match.type, ctx.query) });
      // 200 whether the document was updated or created, as Strapi answers.
      return json(200, { data: entry, meta: {} }, ctx.base);
    },
  },
  DELETE: {
    readsBody: false,
    async run(ctx: HandlerContext<Single>) {
      // 204 also when there was nothing to delete, as Strapi answers.
      await ctx.single.delete({ locale: localeOf(ctx.match.type, ctx.query) });
      return noContent(ctx.base);
    },
  },
});
