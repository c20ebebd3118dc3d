import { NotFoundError } from '../../errors/index.js';
import type { ListParamsSettings } from '../../query/params/index.js';
import type { QueryObject, QueryValue } from '../../query/querystring/index.js';
import type { HandlerContext, MethodTable } from './context.js';
import { json } from './responses.js';
import type { Match } from './router.js';

type Users = Extract<Match, { resource: 'users' }>;
type UsersCount = Extract<Match, { resource: 'usersCount' }>;
type User = Extract<Match, { resource: 'user' }>;

/**
 * users-permissions answers its user routes differently from content-type routes (observed on
 * Strapi 5.54): the list is a bare array of every matching user (no `{ data, meta }`, no default
 * page; top-level `start` / `limit` window it, `pagination[...]` is ignored), one user is a bare
 * object found by its numeric `id`, and the count is a bare number. Where Strapi answers an
 * unknown user with an empty 204, Quarry answers the content API's 404 (an empty 2xx makes
 * clients throw).
 */
const ALL: Partial<ListParamsSettings> = Object.freeze({
  defaultPageSize: Number.MAX_SAFE_INTEGER,
  maxPageSize: Number.MAX_SAFE_INTEGER,
  withCount: false,
});

export const usersRoutes: MethodTable<Users> = Object.freeze({
  GET: {
    readsBody: false,
    async run(ctx: HandlerContext<Users>) {
      const page = await ctx.reads.page(ctx.reads.compileQuery(ctx.match.type.uid, withTopLevelWindow(ctx.query), { ...ctx.settings.listParams, ...ALL }));
      return json(200, page.results, ctx.base);
    },
  },
});

export const usersCountRoutes: MethodTable<UsersCount> = Object.freeze({
  GET: {
    readsBody: false,
    async run(ctx: HandlerContext<UsersCount>) {
      const count = await ctx.service.count({ filters: ctx.query.filters });
      return json(200, count, ctx.base);
    },
  },
});

const ROW_ID = /^[1-9][0-9]{0,15}$/;

export const userRoutes: MethodTable<User> = Object.freeze({
  GET: {
    readsBody: false,
    async run(ctx: HandlerContext<User>) {
      const { id } = ctx.match;
      // The route takes the numeric row id; anything else names no user.
      if (!ROW_ID.test(id)) throw new NotFoundError();
      const page = await ctx.reads.page(ctx.reads.compileQuery(ctx.match.type.uid, byId(ctx.query, id), { ...ctx.settings.listParams, withCount: false }));
      const user = page.results[0];
      if (user === undefined) throw new NotFoundError();
      return json(200, user, ctx.base);
    },
  },
});

/** users-permissions reads `start` / `limit` at the top level and ignores `pagination`. */
function withTopLevelWindow(query: QueryObject): QueryObject {
  const out: QueryObject = Object.create(null);
  for (const key in query) if (key !== 'pagination' && key !== 'start' && key !== 'limit') out[key] = query[key]!;
  const window: QueryObject = Object.create(null);
  if (query.start !== undefined) window.start = query.start;
  if (query.limit !== undefined) window.limit = query.limit;
  if (query.start !== undefined || query.limit !== undefined) out.pagination = window;
  return out;
}

/** The request's own query, its filters joined with `id = <id>` and its window set to one entry. */
function byId(query: QueryObject, id: string): QueryObject {
  const out: QueryObject = Object.create(null);
  for (const key in query) out[key] = query[key]!;
  const idFilter = obj({ id: obj({ $eq: id }) });
  out.filters = query.filters === undefined ? idFilter : obj({ $and: [idFilter, query.filters] });
  out.pagination = obj({ start: '0', limit: '1' });
  return out;
}

function obj(entries: Record<string, QueryValue>): QueryObject {
  return Object.assign(Object.create(null) as QueryObject, entries);
}
