import { BoundedCache, REQUESTS_KEPT } from '../cache/index.js';
import type { CompiledPopulate, CompiledRead } from '../query/compile/compiled.js';
import type { ReadCompiler, ReadInput, ReadKind } from '../query/compile/compile.js';
import type { ListEstimate } from '../query/estimate.js';
import { DEFAULT_LIST_PARAMS_SETTINGS, type ListParamsSettings, type ParamObject, type ParamValue } from '../query/params/index.js';
import { isSealed, type QueryObject } from '../query/querystring/index.js';
import type { Status } from '../store/layout.js';
import type { Entry } from './entry.js';
import type { DocumentReader, Page } from './read.js';
import type { ReadResult, ReadTask } from './read-tasks.js';
import { requestKey } from './request-key.js';
import type { RunMode, ReadScheduler } from './scheduler.js';

/**
 * Reads as REST, GraphQL and the document service make them: each request compiled once
 * (cached by its text), then run by the scheduler, inline or on a pool worker.
 */
export class Reads {
  /**
   * Requests compiled (parsed, validated, cast) by their text: parsing is most of a selective
   * read's work, and clients repeat the same few shapes. A compiled read depends only on its text
   * and the schema, never on stored data, so it stays true whatever is written; only successes
   * are kept (a bad request throws before it is stored).
   */
  private readonly compiled = new BoundedCache<string, CompiledRead>(REQUESTS_KEPT);
  private readonly populates = new BoundedCache<string, CompiledPopulate>(REQUESTS_KEPT);

  constructor(
    private readonly compiler: ReadCompiler,
    private readonly reader: DocumentReader,
    private readonly scheduler: ReadScheduler,
  ) {}

  /**
   * A REST read of `uid` (GraphQL's lists take the same path): the query string read into an
   * object, with the server's list settings (default and largest page size). `one` reads a single
   * entry's `status`, `locale`, `fields` and `populate`.
   */
  compileQuery(uid: string, query: QueryObject, settings?: Partial<ListParamsSettings>, kind: 'page' | 'one' = 'page'): CompiledRead {
    return this.compiled.remember(queryKey(uid, kind, query, settings), () =>
      this.compiler.compile(uid, query, { door: 'rest', kind, settings: applied(settings) }));
  }

  /**
   * A read stated in REST's shapes with typed values (GraphQL's arguments): compiled as REST's,
   * every time; the caller keeps what it compiled (GraphQL, by its arguments object).
   */
  compileArgs(uid: string, input: ReadInput, settings?: Partial<ListParamsSettings>, kind: 'page' | 'one' = 'page'): CompiledRead {
    return this.compiler.compile(uid, input, { door: 'rest', kind, settings: applied(settings) });
  }

  /** A read as the document service states it (Strapi's parameter shapes, typed values). */
  compileParams(uid: string, params: ReadInput, kind: ReadKind): CompiledRead {
    const key = requestKey(params);
    return this.compiled.remember(key === undefined ? undefined : `s|${uid}|${kind}|${key}`, () =>
      this.compiler.compile(uid, params, { door: 'service', kind, settings: DEFAULT_LIST_PARAMS_SETTINGS }));
  }

  /** One relation of `uid`, a content-type or a component, populated with REST's `populate[<attribute>]` options (GraphQL's relation fields). */
  compileRelated(uid: string, attribute: string, options: ParamObject | undefined, settings?: Partial<ListParamsSettings>): CompiledPopulate {
    const populate: Record<string, ParamValue> = { [attribute]: options ?? 'true' };
    const key = requestKey([uid, populate, settings ?? null]);
    return this.populates.remember(key, () => {
      const node = this.compiler.populateOf(uid, populate, applied(settings))[attribute];
      if (node?.kind !== 'relation') throw new Error(`${uid}.${attribute} is not a relation`);
      return node;
    });
  }

  /** A task as it is (a pool worker's, which only executes): inline, or where the scheduler sends it. */
  run<T extends ReadTask>(task: T, mode?: RunMode): ReadResult<T> | Promise<ReadResult<T>> {
    return this.scheduler.run(task, mode);
  }

  page(read: CompiledRead, mode?: RunMode): Page | Promise<Page> {
    return this.scheduler.run({ kind: 'page', read, plan: this.reader.plan(read) }, mode);
  }

  count(read: CompiledRead, mode?: RunMode): number | Promise<number> {
    return this.scheduler.run({ kind: 'count', read, plan: this.reader.plan(read) }, mode);
  }

  one(read: CompiledRead, documentId: string, mode?: RunMode): Entry | null | Promise<Entry | null> {
    return this.scheduler.run({ kind: 'one', read, documentId }, mode);
  }

  /** For each of `sources` (entry ids of `uid`), what populating `node` gives it. */
  related(uid: string, node: CompiledPopulate, sources: readonly number[], status: Status, mode?: RunMode): Entry[][] | Promise<Entry[][]> {
    return this.scheduler.run({ kind: 'related', type: uid, node, sources, status }, mode);
  }

  /** What a list would cost, planned but not run (`estimateList`): its plan, matches and cost. */
  estimate(read: CompiledRead): ListEstimate {
    return this.scheduler.estimate(read);
  }

  /** A page of a document-service read, with Strapi's pagination meta: 25 per page unless asked, at most 100. */
  async findPage(uid: string, params: ReadInput = {}, mode?: RunMode): Promise<Page> {
    return this.page(this.compileParams(uid, params, 'page'), mode);
  }

  /** `findPage` on this thread, for callers on a hot path that gain nothing from a promise. */
  findPageSync(uid: string, params: ReadInput = {}): Page {
    const read = this.compileParams(uid, params, 'page');
    return this.scheduler.inline({ kind: 'page', read, plan: this.reader.plan(read) });
  }

  /** What a REST list request would cost, planned but not run. */
  estimateQuery(uid: string, query: QueryObject, settings?: Partial<ListParamsSettings>): ListEstimate {
    return this.estimate(this.compileQuery(uid, query, settings));
  }

  /** A REST list request, run on this thread (under the time limit): its page. */
  query(uid: string, query: QueryObject, settings?: Partial<ListParamsSettings>): Page {
    const read = this.compileQuery(uid, query, settings);
    return this.scheduler.inline({ kind: 'page', read, plan: this.reader.plan(read) });
  }

  /** A REST list request, inline or on a worker as the scheduler decides (or `mode` forces). */
  async queryAsync(uid: string, query: QueryObject, settings?: Partial<ListParamsSettings>, mode?: RunMode): Promise<Page> {
    return this.page(this.compileQuery(uid, query, settings), mode);
  }

}

const applied = (settings: Partial<ListParamsSettings> | undefined): ListParamsSettings =>
  settings === undefined ? DEFAULT_LIST_PARAMS_SETTINGS : { ...DEFAULT_LIST_PARAMS_SETTINGS, ...settings };

/** Keys of sealed queries (see query/querystring/sealed.ts), with what else they were printed with. */
const sealedKeys = new WeakMap<QueryObject, { readonly head: string; readonly settings: Partial<ListParamsSettings> | undefined; readonly key: string }>();

/**
 * A query object holds only strings, arrays and objects: its JSON text is its identity. A sealed
 * query and frozen settings cannot change, so their key is printed once (settings: one object per server).
 */
function queryKey(uid: string, kind: string, query: QueryObject, settings: Partial<ListParamsSettings> | undefined): string {
  const head = `q|${uid}|${kind}|`;
  if (!isSealed(query) || (settings !== undefined && !Object.isFrozen(settings))) return head + JSON.stringify([query, settings ?? null]);
  const known = sealedKeys.get(query);
  if (known !== undefined && known.settings === settings && known.head === head) return known.key;
  const key = head + JSON.stringify([query, settings ?? null]);
  sealedKeys.set(query, { head, settings, key });
  return key;
}
