import type { GraphQLFieldResolver, GraphQLResolveInfo } from 'graphql';
import type { Entry } from '../documents/entry.js';
import { DEFAULT_LIST_PARAMS_SETTINGS } from '../query/params/index.js';
import type { ContentType, RelationAttribute } from '../schema/types.js';
import { relationOptions, type ListArgs } from './args.js';
import type { GraphqlContext } from './context.js';
import { selectionPopulate } from './selection-populate.js';
import type { DocumentSource } from './source.js';

type Resolver = GraphQLFieldResolver<unknown, GraphqlContext, ListArgs>;

/**
 * Relation and media fields, of entries and of components alike: each holder asks for its list,
 * the loader gathers the whole level, and one related read answers every list (a component's
 * links are kept from its own id). Related entries show the versions their holder shows, and
 * what of theirs the field's selection populates.
 */
export class RelationFields {
  constructor(private readonly source: DocumentSource) {}

  one(attribute: RelationAttribute, target: ContentType): Resolver {
    return (parent, args, ctx, info) => this.load(attribute, target, parent, args, ctx, info).then((list) => list[0] ?? null);
  }

  list(attribute: RelationAttribute, target: ContentType): Resolver {
    return (parent, args, ctx, info) => this.load(attribute, target, parent, args, ctx, info);
  }

  /** `<name>_connection`: the same list as `{ nodes }`. */
  connection(attribute: RelationAttribute, target: ContentType): Resolver {
    return (parent, args, ctx, info) => this.load(attribute, target, parent, args, ctx, info, 'nodes').then((nodes) => ({ nodes }));
  }

  private load(
    attribute: RelationAttribute, target: ContentType, parent: unknown, args: ListArgs, ctx: GraphqlContext, info: GraphQLResolveInfo, under?: string,
  ): Promise<Entry[]> {
    const holder = parent as Entry;
    const status = ctx.statusOf(holder);
    return ctx.relations.load(info.fieldNodes[0]!, status, holder.id as number, (sources) => {
      const pageSize = attribute.toMany ? (ctx.listParams.defaultPageSize ?? DEFAULT_LIST_PARAMS_SETTINGS.defaultPageSize) : undefined;
      const populate = selectionPopulate(this.source.registry, target, info, under);
      const options = { ...relationOptions(this.source.registry, target, args, pageSize), ...(populate === undefined ? {} : { populate }) };
      const node = this.source.reads.compileRelated(attribute.source, attribute.name, options, ctx.listParams);
      const shown = (lists: Entry[][]) => {
        for (const list of lists) ctx.shown(list, status);
        return lists;
      };
      const lists = this.source.reads.related(attribute.source, node, sources, status);
      return lists instanceof Promise ? lists.then(shown) : shown(lists);
    });
  }
}
