import type { GraphQLFieldResolver } from 'graphql';
import { NotFoundError } from '../errors/index.js';
import type { Entry } from '../documents/entry.js';
import type { Page, PageMeta } from '../documents/read.js';
import type { CreateParams, Status } from '../documents/service.js';
import type { ListParamsSettings, ParamObject } from '../query/params/index.js';
import type { CompiledRead } from '../query/compile/compiled.js';
import type { ContentType } from '../schema/types.js';
import { entryInput, listInput, type ListArgs } from './args.js';
import type { GraphqlContext } from './context.js';
import { writtenData } from './relation-values.js';
import { selectionPopulate, type SelectionInfo } from './selection-populate.js';
import type { DocumentSource } from './source.js';

/**
 * Resolvers by what they do, for one content-type. Every one goes through the document service;
 * lists take the REST list's path (`findFromQueryMaybeAsync`), so they plan, cache and offload alike.
 */
type Resolver<A = Record<string, unknown>> = GraphQLFieldResolver<unknown, GraphqlContext, A>;

interface WriteArgs {
  readonly documentId?: string;
  readonly data?: Readonly<Record<string, unknown>>;
  readonly status?: Status | null;
  readonly locale?: string | null;
}

interface Compiled {
  readonly settings: Partial<ListParamsSettings>;
  readonly populate: ParamObject | undefined;
  readonly read: CompiledRead;
}

export interface PageInfo {
  readonly page: number;
  readonly pageSize: number;
  readonly pageCount: number;
  readonly total: number;
}

export class Resolvers {
  /**
   * Reads compiled from the arguments they were read from: the fast path hands the same arguments
   * object to every request with the same variables, so a repeated list is compiled once. Keyed
   * also by the list settings, which belong to a server, not to this schema.
   */
  private readonly compiled = { list: new WeakMap<ListArgs, Compiled>(), connection: new WeakMap<ListArgs, Compiled>(), one: new WeakMap<ListArgs, Compiled>() };

  constructor(private readonly source: DocumentSource, private readonly ct: ContentType) {}

  list(): Resolver<ListArgs> {
    return (_parent, args, ctx, info) => this.read(args, 'list', ctx, this.populateOf(info), (page) => page.results);
  }

  connection(): Resolver<ListArgs> {
    return (_parent, args, ctx, info) =>
      this.read(args, 'connection', ctx, this.populateOf(info, 'nodes'), (page) => ({ nodes: page.results, pageInfo: pageInfoOf(page.pagination) }));
  }

  /** Null for a documentId that names nothing, as Strapi answers. */
  single(): Resolver<ListArgs & { readonly documentId: string }> {
    return (_parent, args, ctx, info) => this.one(args, ctx, this.reads.one(this.readOf(args, 'one', ctx.listParams, this.populateOf(info)), args.documentId));
  }

  /** A single type's query: its document, or null while it has none in that locale and version. */
  singleTypeFind(): Resolver<ListArgs> {
    return (_parent, args, ctx, info) => this.one(args, ctx, this.singleType.read(this.readOf(args, 'one', ctx.listParams, this.populateOf(info))));
  }

  create(): Resolver<WriteArgs> {
    return async (_parent, args, ctx, info) => this.written(await this.service.create(this.writeParams(args, info)), ctx);
  }

  /** Null when the document does not exist (Strapi's GraphQL answers so, where REST answers 404). */
  update(): Resolver<WriteArgs & { readonly documentId: string }> {
    return async (_parent, args, ctx, info) => {
      const entry = await this.service.update({ documentId: args.documentId, ...this.writeParams(args, info) });
      return entry === null ? null : this.written(entry, ctx);
    };
  }

  delete(): Resolver<WriteArgs & { readonly documentId: string }> {
    return async (_parent, args) => {
      await this.service.delete({ documentId: args.documentId, locale: args.locale ?? undefined });
      return { documentId: args.documentId };
    };
  }

  /** A single type's `update<Type>`: creates the document when there is none, as Strapi's does. */
  singleTypePut(): Resolver<WriteArgs> {
    return async (_parent, args, ctx, info) => this.written(await this.singleType.put(this.writeParams(args, info)), ctx);
  }

  /** A single type's `delete<Type>`: with no document, Strapi's `NotFoundError`. */
  singleTypeDelete(): Resolver<WriteArgs> {
    return async (_parent, args) => {
      const deleted = await this.singleType.delete({ locale: args.locale ?? undefined });
      if (deleted === null) throw new NotFoundError('Document not found');
      return { documentId: deleted.documentId };
    };
  }

  /** A list field's answer: at once when the list runs inline (the usual, cheap case), else once the worker's page arrives. */
  private read<T>(args: ListArgs, kind: 'list' | 'connection', ctx: GraphqlContext, populate: ParamObject | undefined, answer: (page: Page) => T): T | Promise<T> {
    const shown = (page: Page): T => {
      ctx.shown(page.results, args.status ?? 'published');
      return answer(page);
    };
    const page = this.reads.page(this.readOf(args, kind, ctx.listParams, populate));
    return page instanceof Promise ? page.then(shown) : shown(page);
  }

  /**
   * The read of a field's arguments and of what its selection populates; a connection counts its
   * matches (`pageInfo.total`), a plain list does not.
   */
  private readOf(args: ListArgs, kind: 'list' | 'connection' | 'one', settings: Partial<ListParamsSettings>, populate: ParamObject | undefined): CompiledRead {
    const known = this.compiled[kind];
    const kept = known.get(args);
    if (kept && kept.settings === settings && kept.populate === populate) return kept.read;
    const shown = populate === undefined ? {} : { populate };
    const read = kind === 'one'
      ? this.reads.compileArgs(this.ct.uid, { ...entryInput(args), ...shown }, settings, 'one')
      : this.reads.compileArgs(this.ct.uid, { ...listInput(this.source.registry, this.ct, args, kind === 'connection'), ...shown }, settings);
    known.set(args, { settings, populate, read });
    return read;
  }

  /** Components and dynamic zones the field's selection shows (selection-populate.ts). */
  private populateOf(info: SelectionInfo, under?: string): ParamObject | undefined {
    return selectionPopulate(this.source.registry, this.ct, info, under);
  }

  private get service() {
    return this.source.documents(this.ct.uid);
  }

  private get singleType() {
    return this.source.singleType(this.ct.uid);
  }

  /** Writes default to `published`, as REST's and Strapi's GraphQL do: the draft is written, then published. */
  private writeParams(args: WriteArgs, info: SelectionInfo): CreateParams {
    return {
      data: writtenData(this.source.registry, this.ct, args.data), status: args.status ?? 'published', locale: args.locale ?? undefined, populate: this.populateOf(info),
    };
  }

  /** One entry's answer, at once when it was read inline; related entries show the version asked for. */
  private one(args: ListArgs, ctx: GraphqlContext, entry: Entry | null | Promise<Entry | null>): Entry | null | Promise<Entry | null> {
    const shown = (found: Entry | null) => {
      if (found !== null) ctx.shown([found], args.status ?? 'published');
      return found;
    };
    return entry instanceof Promise ? entry.then(shown) : shown(entry);
  }

  private get reads() {
    return this.source.reads;
  }

  /** A written entry shows related entries of its own version, as REST's write answers do. */
  private written(entry: Entry, ctx: GraphqlContext): Entry {
    ctx.shown([entry], this.ct.draftAndPublish && entry.publishedAt === null ? 'draft' : 'published');
    return entry;
  }
}

/** Strapi's `pageInfo`, for either pagination mode (offset mode: page `floor(start / limit) + 1`). */
function pageInfoOf(meta: PageMeta): PageInfo {
  const total = meta.total ?? 0;
  if ('page' in meta) return { page: meta.page, pageSize: meta.pageSize, pageCount: meta.pageCount ?? 0, total };
  const pageSize = meta.limit;
  return { page: Math.floor(meta.start / Math.max(1, pageSize)) + 1, pageSize, pageCount: pageSize > 0 ? Math.ceil(total / pageSize) : 0, total };
}
