import { ROW_ID } from '../../documents/row-id.js';
import { NotFoundError } from '../../errors/index.js';
import { ALL, byId, withTopLevelWindow } from './bare-lists.js';
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
