import { estimateList, type ListEstimate } from '../query/estimate.js';
import {
  DEFAULT_LIST_PARAMS_SETTINGS, parseListParams, parsePopulate, type ListParams, type ListParamsSettings,
} from '../query/params/index.js';
import { placeOf } from '../query/params/errors.js';
import { isSealed, type QueryObject } from '../query/querystring/index.js';
import { ValidationError } from '../errors/index.js';
import type { ContentType } from '../schema/types.js';
import { DOCUMENT_ID } from '../store/document-id.js';
import type { Row, Status } from '../store/layout.js';

/** Which version of a draft & publish document a call reads or writes. */
export type { Status } from '../store/layout.js';
import { readWriteData, withHashes, withHashesSync, type WriteData } from './data.js';
import type { DocumentEngine } from './engine.js';
import type { Entry } from './entry.js';
import { DocumentReader, type Page } from './read.js';
import { RequestCache, requestKey } from './request-cache.js';
import { requestFromFind, requestFromList, type FindParams, type ReadRequest } from './read-request.js';
import { Versions } from './versions.js';
import { DocumentWriter, type Timestamps } from './write.js';

interface Shape {
  readonly fields?: unknown;
  readonly populate?: unknown;
}
export interface CreateParams extends Shape {
  readonly data: unknown;
  readonly status?: Status;
  readonly locale?: string;
  /** Keeps a known documentId (restoring an export) instead of making a new one; it must be free. */
  readonly documentId?: string;
}
export interface UpdateParams extends CreateParams {
  readonly documentId: string;
}
export interface DocumentParams {
  readonly documentId: string;
  /** `*` for every locale. */
  readonly locale?: string;
}
export interface VersionResult {
  readonly documentId: string;
  readonly entries: Entry[];
}

/**
 * Somewhere else to run a REST list read (the worker pool, owned by the top level): the document
 * layer knows it only through this, so nothing here imports the pool.
 */
export interface ListOffload {
  /** Lists whose work a worker would take off the main thread (`ListEstimate.movable`, ≈ µs) reaches this go to `run`. */
  readonly costThreshold: number;
  /** What `findFromQuery(query, settings)` would answer, computed elsewhere. */
  run(uid: string, query: QueryObject, settings: Partial<ListParamsSettings> | undefined): Promise<Page>;
}

/**
 * A time limit for reads on the calling thread (set by the top level): `run` stops `fn` from
 * inside, between two store reads, once the limit has passed.
 */
export interface ReadLimit {
  run<T>(fn: () => T): T;
}

export interface AsyncListOptions {
  /** `auto` (default): by estimated cost; `inline` / `pool` force one side (benchmarks, tests). */
  readonly run?: 'auto' | 'inline' | 'pool';
}

/** How long an inline-or-offload decision is reused for the same request (costs move with the data, slowly). */
const DECISION_TTL_MS = 1_000;
const MAX_DECISIONS = 10_000;

/**
 * `documents(uid)`: the in-process API, and the one door REST and GraphQL go through.
 * Every write is one LMDB transaction; a call that fails has written nothing. Reads have
 * synchronous twins (`…Sync`) for callers on a hot path that gain nothing from a promise.
 */
export class DocumentService {
  private offload: ListOffload | undefined;
  private readLimit: ReadLimit | undefined;
  /** Recent inline-or-offload decisions by request text: a repeated cheap list skips its estimate. */
  private decisions = new Map<string, { readonly offload: boolean; readonly at: number }>();
  private readonly requests = new RequestCache<ReadRequest>();

  constructor(
    private readonly engine: DocumentEngine,
    readonly contentType: ContentType,
    private readonly reader: DocumentReader,
    private readonly writer: DocumentWriter,
    private readonly versions: Versions,
  ) {}

  async findOne(params: FindParams & { readonly documentId: string }): Promise<Entry | null> {
    return this.findOneSync(params);
  }

  findOneSync(params: FindParams & { readonly documentId: string }): Entry | null {
    return this.reader.findOne(this.contentType, params.documentId, this.request(params, false));
  }

  async findFirst(params: FindParams = {}): Promise<Entry | null> {
    return this.reader.list(this.contentType, this.request({ ...params, pagination: { start: 0, limit: 1 } }, false)).entries[0] ?? null;
  }

  async findMany(params: FindParams = {}): Promise<Entry[]> {
    return this.reader.list(this.contentType, this.request(params, false)).entries;
  }

  /** A page of entries with Strapi's pagination meta: 25 per page unless asked, at most 100. */
  async findPage(params: FindParams = {}): Promise<Page> {
    return this.findPageSync(params);
  }

  findPageSync(params: FindParams = {}): Page {
    return this.reader.page(this.contentType, this.request(params, true));
  }

  /**
   * A list request as a REST client sends it: the query string read into an object. Its params
   * are checked here with REST's defaults (status published, 25 per page, at most 100).
   */
  findFromQuery(query: QueryObject, settings?: Partial<ListParamsSettings>): Page {
    return this.listRequest(this.queryRequest(query, settings));
  }

  /**
   * `findFromQuery` for callers that can wait: a list whose estimated work (the part a worker
   * takes off the main thread, `ListEstimate.movable`) reaches the offload's threshold runs
   * elsewhere (a worker thread) and the main thread stays free meanwhile; cheaper ones run
   * inline and settle in the same turn. Without an offload this is `findFromQuery`.
   * Bad params are rejected with the same ValidationError either way.
   */
  async findFromQueryAsync(query: QueryObject, settings?: Partial<ListParamsSettings>, options: AsyncListOptions = {}): Promise<Page> {
    return this.findFromQueryMaybeAsync(query, settings, options);
  }

  /**
   * `findFromQueryAsync` without a promise for a list that runs inline: its page at once (bad
   * params throw), and a promise only from the offload. For callers that can finish in the same
   * call (GraphQL's fast path), where each promise hop was a measurable part of a cheap list.
   */
  findFromQueryMaybeAsync(query: QueryObject, settings?: Partial<ListParamsSettings>, options: AsyncListOptions = {}): Page | Promise<Page> {
    const offload = this.offload;
    const mode = options.run ?? 'auto';
    // Inside a write transaction only this thread sees the uncommitted writes.
    if (!offload || mode === 'inline' || this.engine.store.inTransaction) return this.findFromQuery(query, settings);
    if (mode === 'pool') return offload.run(this.contentType.uid, query, settings);
    // One key for the decision and the parsed request: a repeated request is printed once.
    const key = queryKey(query, settings);
    const now = Date.now();
    const known = this.decisions.get(key);
    if (known && now - known.at < DECISION_TTL_MS) {
      return known.offload ? offload.run(this.contentType.uid, query, settings) : this.listRequest(this.queryRequest(query, settings, key));
    }
    const req = this.queryRequest(query, settings, key);
    const elsewhere = this.estimateRequest(req).movable >= offload.costThreshold;
    if (this.decisions.size >= MAX_DECISIONS) this.decisions = new Map();
    this.decisions.set(key, { offload: elsewhere, at: now });
    return elsewhere ? offload.run(this.contentType.uid, query, settings) : this.listRequest(req);
  }

  /** What a REST list would cost, planned but not run (`estimateList`): its plan, matches and cost. */
  estimateFromQuery(query: QueryObject, settings?: Partial<ListParamsSettings>): ListEstimate {
    return this.estimateRequest(this.queryRequest(query, settings));
  }

  /** Where `findFromQueryAsync` may send lists; set by the top level (`createQuarry({ pool })`). */
  setOffload(offload: ListOffload | undefined): void {
    this.offload = offload;
  }

  /** Where REST and GraphQL reads on this thread get their time limit; set by the top level (`createQuarry({ queryTimeoutMs })`). */
  setReadLimit(limit: ReadLimit | undefined): void {
    this.readLimit = limit;
  }

  /** One entry for a REST request: its fields, populate, status and locale. */
  findOneFromQuery(documentId: string, query: QueryObject): Entry | null {
    const req = this.queryRequest(query, undefined);
    return this.limited(() => this.reader.findOne(this.contentType, documentId, req));
  }

  /** A list request already read from a query string or GraphQL arguments. */
  listSync(params: ListParams): Page {
    return this.listRequest(requestFromList(params));
  }

  private listRequest(req: ReadRequest): Page {
    return this.limited(() => this.reader.page(this.contentType, req));
  }

  private limited<T>(fn: () => T): T {
    return this.readLimit === undefined ? fn() : this.readLimit.run(fn);
  }

  /**
   * The entries related to many entries of this type through one relation, in one read: for
   * each of `sources` (entry ids of this type), what `populate[<attribute>]` gives that entry,
   * in stored order unless `options.sort` says otherwise. `options` takes populate's forms
   * (`filters`, `sort`, `fields`, `page` / `pageSize` or `start` / `limit`); `status` picks the
   * versions of draft & publish targets. GraphQL resolves a whole level of a selection with one
   * call, never one per parent entry.
   */
  findRelatedSync(
    attribute: string, sources: readonly number[], status: Status, options?: QueryObject, settings?: Partial<ListParamsSettings>,
  ): Entry[][] {
    const applied = settings === undefined ? DEFAULT_LIST_PARAMS_SETTINGS : { ...DEFAULT_LIST_PARAMS_SETTINGS, ...settings };
    const populate: QueryObject = Object.create(null);
    populate[attribute] = options ?? 'true';
    const node = parsePopulate(this.engine.registry, this.contentType, populate, applied, placeOf('populate'))[attribute]!;
    return this.reader.related(this.contentType, node, sources, status);
  }

  async count(params: FindParams = {}): Promise<number> {
    return this.reader.count(this.contentType, params);
  }

  async create(params: CreateParams): Promise<Entry> {
    const ct = this.contentType;
    const locale = this.engine.localeOf(ct, params.locale);
    const ready = this.prepare(params.data);
    const input = ready instanceof Promise ? await ready : ready;
    return this.engine.store.transact(() => {
      let row = this.writer.create(ct, input, locale, params.documentId === undefined ? undefined : this.freeDocumentId(params.documentId));
      if (params.status === 'published' && ct.draftAndPublish) row = this.versions.publish(ct, row.documentId, [locale])[0]!;
      return this.present(row, params);
    });
  }

  /** Null when the document does not exist. With `status: 'published'` the draft is published after the update. */
  async update(params: UpdateParams): Promise<Entry | null> {
    const ct = this.contentType;
    const locale = this.engine.localeOf(ct, params.locale);
    const ready = this.prepare(params.data);
    const input = ready instanceof Promise ? await ready : ready;
    return this.engine.store.transact(() => {
      let row = this.writer.update(ct, params.documentId, input, locale);
      if (!row) return null;
      if (params.status === 'published' && ct.draftAndPublish) row = this.versions.publish(ct, row.documentId, [locale])[0]!;
      return this.present(row, params);
    });
  }

  /**
   * Sets one version's createdAt, updatedAt and publishedAt as they were, for restoring an
   * export (`quarry import`): every other write stamps the current time. Null when that version
   * does not exist.
   */
  async restoreTimestamps(params: DocumentParams & { readonly status?: Status } & Timestamps): Promise<Entry | null> {
    const ct = this.contentType;
    return this.engine.store.transact(() => {
      const status = this.engine.statusOf(ct, params.status);
      const row = this.writer.restoreTimestamps(ct, params.documentId, { status, locale: this.engine.localeOf(ct, params.locale) }, params);
      return row ? this.present(row, {}) : null;
    });
  }

  async delete(params: DocumentParams): Promise<VersionResult> {
    return this.engine.store.transact(() => {
      const entries = this.rowsOf(params).map((r) => this.present(r, {}));
      this.writer.delete(this.contentType, params.documentId, this.locales(params.locale));
      return { documentId: params.documentId, entries };
    });
  }

  async publish(params: DocumentParams): Promise<VersionResult> {
    return this.versionOp(params, (locales) => this.versions.publish(this.contentType, params.documentId, locales));
  }

  async unpublish(params: DocumentParams): Promise<VersionResult> {
    return this.versionOp(params, (locales) => this.versions.unpublish(this.contentType, params.documentId, locales));
  }

  async discardDraft(params: DocumentParams): Promise<VersionResult> {
    return this.versionOp(params, (locales) => this.versions.discardDraft(this.contentType, params.documentId, locales));
  }

  private versionOp(params: DocumentParams, op: (locales: readonly (string | null)[] | '*') => Row[]): Promise<VersionResult> {
    return Promise.resolve(this.engine.store.transact(() => {
      // The locale is checked first: a type without versions refuses an unconfigured one as every call does.
      const locales = this.locales(params.locale);
      if (!this.contentType.draftAndPublish) return { documentId: params.documentId, entries: [] };
      const entries = op(locales).map((r) => this.present(r, {}));
      return { documentId: params.documentId, entries };
    }));
  }

  /**
   * A write's data checked and ready to store. Passwords are hashed first, on the thread pool:
   * the write's transaction opens once they are, so neither the write lock nor this thread waits
   * on a hash. Inside a transaction the caller holds open, the write must land in it before the
   * call returns (batched writes rely on that), so the hash is worked out on this thread there.
   * Data without a password is ready at once, and the write happens before the call returns.
   */
  private prepare(data: unknown): WriteData | Promise<WriteData> {
    const checked = readWriteData(this.contentType, data);
    return checked.passwords.length === 0 || this.engine.store.inTransaction ? withHashesSync(checked) : withHashes(checked);
  }

  /** The estimate plans the same filter tree the list would run (the reader keeps one per request). */
  private estimateRequest(req: ReadRequest): ListEstimate {
    const ct = this.contentType;
    const status = this.engine.statusOf(ct, req.status);
    return estimateList(this.engine.registry, this.engine.store, {
      type: ct.uid,
      scopes: this.engine.readScopes(ct, status, req.locale),
      filter: this.reader.filterFor(ct, req),
      sort: req.sort,
      start: req.window.start,
      limit: req.window.limit,
      populate: req.populate,
    });
  }

  private freeDocumentId(documentId: string): string {
    if (typeof documentId !== 'string' || !DOCUMENT_ID.test(documentId)) {
      throw ValidationError.at('documentId', 'documentId must be 24 lowercase letters and digits, starting with a letter');
    }
    if (this.engine.store.rows.versions(this.contentType.uid, documentId).length > 0) {
      throw ValidationError.at('documentId', `Document "${documentId}" already exists`);
    }
    return documentId;
  }

  private request(params: FindParams, paged: boolean): ReadRequest {
    return this.requests.get(requestKey([params, paged]), () => requestFromFind(this.engine.registry, this.contentType, params, paged));
  }

  private queryRequest(query: QueryObject, settings: Partial<ListParamsSettings> | undefined, key = queryKey(query, settings)): ReadRequest {
    return this.requests.get(key, () =>
      requestFromList(parseListParams(this.engine.registry, this.contentType, query, settings)));
  }

  private locales(locale: string | undefined): readonly (string | null)[] | '*' {
    if (locale === '*') return '*';
    return [this.engine.localeOf(this.contentType, locale)];
  }

  private rowsOf(params: DocumentParams): Row[] {
    const locales = this.locales(params.locale);
    return this.engine.store.rows.versions(this.contentType.uid, params.documentId)
      .filter((v) => locales === '*' || locales.includes(v.locale))
      .map((v) => this.engine.store.rows.get(this.contentType.uid, v.id)!);
  }

  /** A written row as an entry: the version it is decides which versions of related entries show. */
  private present(row: Row, shape: Shape): Entry {
    const status: Status = this.contentType.draftAndPublish && row.publishedAt === null ? 'draft' : 'published';
    // Only the shape: a write's params also carry its data, which would key a cached request per payload.
    return this.reader.present(this.contentType, row, status, this.request({ fields: shape.fields, populate: shape.populate }, false));
  }
}

/** Keys of sealed queries (see query/querystring/sealed.ts), with the settings they were printed with. */
const sealedKeys = new WeakMap<QueryObject, { readonly settings: Partial<ListParamsSettings> | undefined; readonly key: string }>();

/**
 * A query object holds only strings, arrays and objects: its JSON text is its identity. A sealed
 * query and frozen settings cannot change, so their key is printed once (settings: one object per server).
 */
function queryKey(query: QueryObject, settings: Partial<ListParamsSettings> | undefined): string {
  if (!isSealed(query) || (settings !== undefined && !Object.isFrozen(settings))) return JSON.stringify(['q', query, settings ?? null]);
  const known = sealedKeys.get(query);
  if (known !== undefined && known.settings === settings) return known.key;
  const key = JSON.stringify(['q', query, settings ?? null]);
  sealedKeys.set(query, { settings, key });
  return key;
}
