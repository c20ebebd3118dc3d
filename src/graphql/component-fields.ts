import type { GraphQLFieldResolver, GraphQLResolveInfo } from 'graphql';
import { ValidationError } from '../errors/index.js';
import type { Entry } from '../documents/entry.js';
import { DEFAULT_LIST_PARAMS_SETTINGS, parsePagination, type ParamValue } from '../query/params/index.js';
import { placeOf } from '../query/params/errors.js';
import type { ComponentAttribute, DynamicZoneAttribute } from '../schema/types.js';
import type { ListArgs } from './args.js';
import type { GraphqlContext } from './context.js';

type Resolver<A = Record<string, unknown>> = GraphQLFieldResolver<unknown, GraphqlContext, A>;
type Holder = Readonly<Record<string, unknown>>;

/**
 * Component and dynamic-zone fields: their values are in the holder as the read populated them
 * (selection-populate.ts asks for them), `{ id, ...fields }` or a list of those. Each value is
 * noted as held by its holder, so relations inside it show the versions its entry shows.
 */
export class ComponentFields {
  single(attr: ComponentAttribute): Resolver {
    return (parent, _args, ctx) => {
      const value = (parent as Holder)[attr.name];
      if (value === undefined || value === null) return null;
      ctx.heldBy([value as Entry], parent as Entry);
      return value;
    };
  }

  /**
   * A repeatable component: a page of its items, 25 unless `pagination` asks otherwise and at most
   * the largest page size, as Strapi's GraphQL pages them (checked on Strapi 5.54: 30 items answer
   * 25; `pagination: { limit: 3 }` the first 3; `{ start: 28 }` the last 2). Strapi also filters
   * and sorts them; Quarry's reads cannot yet, so `filters` and `sort` are refused, not ignored.
   */
  repeatable(attr: ComponentAttribute): Resolver<ListArgs> {
    return (parent, args, ctx, info) => {
      if (args.filters !== undefined && args.filters !== null) throw unsupported(info.path, 'filters');
      if (Array.isArray(args.sort) ? args.sort.length > 0 : args.sort !== undefined && args.sort !== null) throw unsupported(info.path, 'sort');
      const items = this.items(parent, attr.name, ctx);
      if (items === null) return null;
      const settings = { ...DEFAULT_LIST_PARAMS_SETTINGS, ...ctx.listParams };
      const { start, limit } = parsePagination(args.pagination as ParamValue | undefined, settings, placeOf('pagination'));
      return start === 0 && items.length <= limit ? items : items.slice(start, start + limit);
    };
  }

  /** A dynamic zone: its items in order, each resolved to its component's type by `__component` (dynamic-zones.ts). */
  zone(attr: DynamicZoneAttribute): Resolver {
    return (parent, _args, ctx) => this.items(parent, attr.name, ctx);
  }

  private items(parent: unknown, name: string, ctx: GraphqlContext): Entry[] | null {
    const value = (parent as Holder)[name];
    if (!Array.isArray(value)) return null;
    ctx.heldBy(value as Entry[], parent as Entry);
    return value as Entry[];
  }
}

/** `filters` or `sort` on a repeatable component, refused with the field's place in the response. */
function unsupported(path: GraphQLResolveInfo['path'] | undefined, arg: 'filters' | 'sort'): ValidationError {
  const at: (string | number)[] = [];
  for (let p = path; p !== undefined; p = p.prev) at.unshift(p.key);
  return ValidationError.at([...at, arg], `${arg === 'filters' ? 'Filtering' : 'Sorting'} the items of a repeatable component is not supported`);
}
