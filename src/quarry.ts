import { join } from 'node:path';
import { DocumentEngine, type I18nSettings } from './documents/engine.js';
import { componentLayoutsOf } from './documents/component-layouts.js';
import { layoutOf, linkLayoutsOf, internedNamesOf } from './documents/layouts.js';
import type { Entry } from './documents/entry.js';
import { DocumentReader } from './documents/read.js';
import { Reads } from './documents/reads.js';
import { ReadScheduler } from './documents/scheduler.js';
import { DocumentService } from './documents/service.js';
import { SingleType } from './documents/single-type.js';
import { TimestampRestorer } from './documents/timestamps.js';
import { BulkLoad } from './documents/bulk-load.js';
import { writeTogether, type Written } from './documents/together.js';
import { Versions } from './documents/versions.js';
import { DocumentWriter } from './documents/write.js';
import { ReadCompiler } from './query/compile/compile.js';
import { DEFAULT_FILTER_LIMITS, type FilterLimits } from './query/filters/index.js';
import { InlineReadLimit } from './pool/read-limit.js';
import { QueryPool, resolvePoolSettings, type PoolSettings } from './pool/pool.js';
import type { ProjectSources, SchemaSource } from './schema/raw.js';
import { SchemaRegistry } from './schema/registry.js';
import type { CheckReport } from './store/check/check.js';
import { keepFolderSettings, readFolderSettings } from './store/folder-settings.js';
import { Store } from './store/store.js';
import type { TokenStore } from './store/tokens.js';
import { FileStore } from './uploads/file-store.js';
import { FILE_UID } from './schema/builtin-upload.js';
import { unreferencedAmong } from './uploads/startup-sweep.js';
import { checkFiles, type FilesReport } from './uploads/files-check.js';
import { DEFAULT_IMAGE_SETTINGS, type ImageSettings } from './uploads/images.js';
import { UploadService } from './uploads/upload-service.js';
import { answerForwarded } from './documents/forwarding.js';
import { MethodNotAllowedError } from './errors/index.js';
import { schemaFingerprint } from './schema/fingerprint.js';
import { answerBytes, NatsForwarder } from './replication/forwarder.js';
import { ReplicaView } from './replication/replica-view.js';
import { folderHealth, ReplicaFollower, type AppliedChange, type ReplicaHealth } from './replication/replica.js';
import { settingsOf, type ReplicationSettings } from './replication/settings.js';
import type { SnapshotTag } from './replication/snapshots.js';
import { ReplicationWriter } from './replication/writer.js';

/** See `Quarry.health`. */
export type QuarryHealth =
  | { readonly role: 'writer'; readonly sequence: number; readonly lag: 0; readonly published?: number }
  | ({ readonly role: 'replica' } & ReplicaHealth);

/** `publish`'s options beside where: how often a snapshot is made (ms, default SNAPSHOT_EVERY_MS; 0: only on request). */
export interface PublishOptions {
  readonly snapshotEveryMs?: number;
  /** Called with what goes wrong while publishing (each is retried): a NATS node down, a snapshot that failed. */
  readonly onError?: (error: unknown) => void;
}

export interface QuarryOptions {
  /**
   * A Strapi project (its root or `src/`) or a directory of schema files, the content-type
   * schemas themselves, a project's schemas with its components, or a loaded registry.
   */
  readonly schemas: string | readonly SchemaSource[] | ProjectSources | SchemaRegistry;
  /** Custom field uid → the type it stores as, beyond the widely used ones Quarry knows. */
  readonly customFields?: Readonly<Record<string, string>>;
  /** The LMDB folder. */
  readonly path: string;
  /** The folder of uploaded files; default `<path>/uploads` (docs/uploads.md). */
  readonly uploads?: string;
  /**
   * What an uploaded image becomes (docs/uploads.md, "Images and formats"); Strapi's upload
   * settings, and `formats: false` for no derived file at all. Defaults for what is not given.
   */
  readonly images?: Partial<ImageSettings>;
  readonly i18n?: Partial<I18nSettings>;
  /** Skip fsync at commit (tests, bulk loads): a crash may lose the latest writes. */
  readonly noSync?: boolean;
  /**
   * This Quarry will `publish`: with `noSync`, its commits then go without LMDB's writable map
   * (which fails an assertion on a publishing writer under load). `quarry serve --publish` sets it.
   */
  readonly publishing?: boolean;
  readonly readOnly?: boolean;
  /**
   * A replica's folder (src/replication/): written only by the writer's changes as they are
   * applied; its document service reads, and refuses writes (ReplicaWriteError).
   */
  readonly replica?: boolean;
  /**
   * Other processes write this folder too (`quarry serve --processes`): `seeLatest` then renews
   * this instance's snapshot and drops what it cached from before their latest commit.
   */
  readonly shared?: boolean;
  /**
   * Worker threads for expensive reads (any read the scheduler runs: REST and GraphQL lists and
   * entries, the document service's, related lists): `{ threads, costThreshold, timeoutMs }`,
   * each optional (`{}` takes the defaults). Off when absent: every read then runs inline.
   */
  readonly pool?: Partial<PoolSettings>;
  /**
   * Reads on the main thread (every one: lists, pages, counts, single entries, related lists,
   * each with what it populates, from REST, GraphQL or the document service) still running after
   * this many ms are given up with a 503 at their next store read. Off when absent. Pooled reads
   * have `pool.timeoutMs`.
   */
  readonly queryTimeoutMs?: number;
  /** Bounds on filter trees (conditions, `$in` values, depth); docs/limits-and-errors.md's defaults for what is not given. */
  readonly filterLimits?: Partial<FilterLimits>;
}

export interface ReplicaOptions extends QuarryOptions {
  /**
   * Makes this Quarry a live replica of a writer publishing to NATS JetStream (`quarry serve
   * --publish`): its folder starts from the newest snapshot (or where it stopped) and follows
   * the stream; writes go to the writer. `createQuarry` then answers a promise.
   */
  readonly replicaOf: string | ReplicationSettings;
  /**
   * Called if the replica stops applying (the stream lost entries it needs, or another writer
   * took the stream over): it then serves what it has, its health says it is not connected, and
   * opening it again starts it from the newest snapshot.
   */
  readonly onFailure?: (error: unknown) => void;
}

/** One Quarry instance: content-types, an LMDB environment, and the document service over them. */
export class Quarry {
  readonly registry: SchemaRegistry;
  readonly store: Store;
  private readonly engine: DocumentEngine;
  private readonly services = new Map<string, DocumentService>();
  private readonly singleTypes = new Map<string, SingleType>();
  /**
   * Reads as REST and GraphQL make them (and the library's pages): compiled once per request
   * shape, run inline or on the pool by one scheduler, under the read time limit.
   */
  readonly reads: Reads;
  private readonly timestamps: TimestampRestorer;
  /**
   * Bulk loads (`quarry import`): rows of types without draft & publish or locales with their own
   * times, and each relation list between such types written once from its row's own record.
   */
  readonly bulk: BulkLoad;
  /** The worker pool, when `pool` was given. */
  readonly pool: QueryPool | undefined;
  /** The uploaded files' bytes, served under `/uploads/`. */
  readonly files: FileStore;
  /** Whether other processes write this folder (the `shared` option). */
  readonly shared: boolean;
  /** The LMDB folder. */
  readonly path: string;
  /** The image settings every upload door (REST, GraphQL, the library) processes images with. */
  readonly images: ImageSettings;
  /**
   * The start-up sweep of the uploads folder, begun when a Quarry opens for writing: the
   * leftovers it removed (docs/uploads.md). Batches write nothing until it is done. Undefined on
   * a read-only open, which never touches the folder, and on a `shared` one.
   */
  readonly swept: Promise<string[]> | undefined;
  private closing = false;
  /** The writer's side of replication, once `publish` started it. */
  private publishing: ReplicationWriter | undefined;
  /** The replica's side, when opened with `replicaOf`. */
  private follower: ReplicaFollower | undefined;
  /** A serving process of a replica another process applies to (`openReplicaView`). */
  private view: ReplicaView | undefined;
  /**
   * Strapi's upload library: add files from paths, bytes or streams (`uploads.upload`), update
   * their info, replace their bytes, remove them (docs/uploads.md).
   */
  readonly uploads: UploadService;

  constructor(options: QuarryOptions) {
    // Checked before anything is opened, so bad settings leave nothing to close.
    const poolSettings = options.pool ? resolvePoolSettings(options.pool) : undefined;
    this.registry = registryOf(options);
    this.files = new FileStore(options.uploads ?? join(options.path, 'uploads'));
    this.shared = options.shared ?? false;
    this.path = options.path;
    this.images = Object.freeze({ ...DEFAULT_IMAGE_SETTINGS, ...definedOnly(options.images) });
    this.store = Store.open(
      { path: options.path, noSync: options.noSync ?? false, readOnly: options.readOnly ?? false, replica: options.replica ?? false, writeMap: !options.publishing },
      this.registry.types.map((ct) => layoutOf(this.registry, ct)),
    );
    // A replica's folder is the writer's, whose schemas are these: every name is interned there.
    const writes = !options.readOnly && !options.replica;
    if (writes) this.store.intern(internedNamesOf(this.registry));
    const defaultLocale = options.i18n?.defaultLocale ?? 'en';
    const filterLimits: FilterLimits = Object.freeze({ ...DEFAULT_FILTER_LIMITS, ...definedOnly(options.filterLimits) });
    this.engine = new DocumentEngine(this.registry, this.store, {
      defaultLocale,
      locales: options.i18n?.locales ?? [defaultLocale],
    }, filterLimits);
    // Commands that open the folder later without flags take its locales from here.
    if (writes) keepFolderSettings(options.path, this.engine.i18n);
    const reader = new DocumentReader(this.engine);
    const scheduler = new ReadScheduler(this.engine, reader);
    this.reads = new Reads(new ReadCompiler(this.registry, this.engine.i18n, filterLimits), reader, scheduler);
    const writer = new DocumentWriter(this.engine);
    const versions = new Versions(this.engine, writer);
    for (const ct of this.registry.types) {
      const service = new DocumentService(this.engine, ct, this.reads, reader, writer, versions);
      this.services.set(ct.uid, service);
      if (ct.kind === 'singleType') this.singleTypes.set(ct.uid, new SingleType(service, this.engine, this.reads));
    }
    this.timestamps = new TimestampRestorer(this.engine, writer, this.reads, reader);
    this.bulk = new BulkLoad(this.engine, writer);
    this.uploads = new UploadService(this, this.images);
    if (options.queryTimeoutMs !== undefined) {
      if (!(options.queryTimeoutMs > 0)) throw new RangeError(`queryTimeoutMs must be positive, got ${options.queryTimeoutMs}`);
      scheduler.setLimit(new InlineReadLimit(this.store, options.queryTimeoutMs));
    }
    // Another process's upload in progress would look like a leftover here: with `shared` the
    // process that opened the folder alone first sweeps it (`quarry serve --processes`).
    if (writes && !this.shared) {
      const records = this.documents(FILE_UID);
      this.swept = this.files.sweepFirst((stored) => unreferencedAmong(stored, records, () => this.closing));
    }
    if (poolSettings) {
      const pool = new QueryPool({ path: options.path, types: this.registry.types, components: this.registry.components, i18n: this.engine.i18n, filterLimits }, poolSettings);
      scheduler.setOffload(pool);
      this.pool = pool;
    }
  }

  /** Sets one version's createdAt, updatedAt and publishedAt as an export has them (`quarry import`); null when it does not exist. */
  restoreTimestamps(uid: string, params: Parameters<TimestampRestorer['restore']>[1]): Promise<Entry | null> {
    return this.timestamps.restore(uid, params);
  }

  /**
   * Makes the next reads see every commit made so far, other processes' included, when the
   * folder is `shared` (the HTTP servers call it as each request begins); a no-op otherwise,
   * where this process's own commits are all there is and its reads see them at once.
   */
  seeLatest(): void {
    if (this.shared) this.store.resetReadTxn();
  }

  /**
   * What a load balancer asks of this Quarry (`GET /_quarry/health`): its role and the sequence of
   * the folder's last committed write (every write transaction, by any process, is one; a
   * replica's: the writer's last it applied). A publishing writer adds its last write JetStream
   * acknowledged; a replica its lag, the messages it has yet to apply and whether it reaches NATS
   * (its applying process's, from the folder, in its other serving processes; unknown, null, in
   * a folder opened by `quarry status`).
   */
  health(): QuarryHealth {
    if (this.follower) return { role: 'replica', ...this.follower.health() };
    this.seeLatest();
    const applied = this.store.applied;
    if (applied && this.view) return { role: 'replica', ...folderHealth(applied, this.store.replication?.following) };
    if (applied) return { role: 'replica', sequence: applied.generation, lag: null, pending: null, connected: false };
    const published = this.publishing?.published.generation;
    return { role: 'writer', sequence: this.store.writeGeneration, lag: 0, ...(published !== undefined ? { published } : {}) };
  }

  /**
   * Publishes this folder's changes to the NATS JetStream stream `settings` names (made when
   * missing), with snapshots in its object store, and runs the writes replicas forward: every
   * write transaction from now on, by any process, goes to the stream (docs in README, "Replicas").
   */
  async publish(settings: string | ReplicationSettings, options: PublishOptions = {}): Promise<void> {
    if (this.publishing || this.follower || !this.store.replication) throw new Error('this Quarry cannot publish: it publishes already, is a replica, or is read-only');
    if (this.store.writeMap) throw new Error('this Quarry was opened with noSync and without publishing: true, so it commits through a writable map, which LMDB cannot publish from safely: open it with { publishing: true }');
    this.publishing = await ReplicationWriter.start({
      settings: settingsOf(settings),
      path: this.path,
      replication: this.store.replication,
      source: this.store,
      schemas: schemaFingerprint(this.registry),
      folderSettings: this.engine.i18n,
      snapshotEveryMs: options.snapshotEveryMs,
      onError: options.onError,
      forwarded: (bytes) => answerBytes(bytes, (write) => answerForwarded(write, (uid) => this.documents(uid), () => this.store.writeGeneration)),
    });
  }

  /** On a publishing writer: makes a snapshot now (replicas starting after it begin there). */
  snapshot(): Promise<SnapshotTag> {
    if (!this.publishing) throw new Error('this Quarry does not publish');
    return this.publishing.snapshot();
  }

  /**
   * On a replica: calls `listener` after each change of the writer it applied (its write
   * generation, stream sequence, commit time and the content-types it touched), for an
   * application to drop its own caches. Answers the call that stops it.
   */
  onChange(listener: (change: AppliedChange) => void): () => void {
    if (!this.follower) throw new Error('this Quarry is not a replica (createQuarry({ replicaOf }))');
    return this.follower.onChange(listener);
  }

  /** Called by openReplica once the folder is ready and this Quarry opened it. */
  private async follow(follower: ReplicaFollower): Promise<void> {
    this.follower = follower;
    this.engine.forwarder = new NatsForwarder(follower.connection, follower.streamNames, (generation) => follower.appliedUpTo(generation));
    await follower.follow(this.store.replication!);
  }

  /**
   * One of several serving processes of a replica (`quarry serve --replica-of --processes N`):
   * reads the folder the replica's applying process (`openReplica`) writes, which must have
   * opened it first, and sends writes to the writer, answering once that process applied them.
   */
  static async openReplicaView(options: ReplicaOptions): Promise<Quarry> {
    const settings = settingsOf(options.replicaOf);
    const quarry = new Quarry({ ...options, replica: true, shared: true, i18n: writerLocales(options) });
    try {
      quarry.view = await ReplicaView.open(settings, () => {
        quarry.store.resetReadTxn();
        return quarry.store.applied?.generation ?? 0;
      });
      quarry.engine.forwarder = quarry.view.forwarder;
      return quarry;
    } catch (e) {
      await quarry.close();
      throw e;
    }
  }

  static async openReplica(options: ReplicaOptions): Promise<Quarry> {
    const registry = registryOf(options);
    const follower = await ReplicaFollower.prepare(settingsOf(options.replicaOf), options.path, schemaFingerprint(registry), options.onFailure);
    let quarry: Quarry | undefined;
    try {
      quarry = new Quarry({ ...options, schemas: registry, replica: true, i18n: writerLocales(options) });
      await quarry.follow(follower);
      return quarry;
    } catch (e) {
      await (quarry ? quarry.close() : follower.stop());
      throw e;
    }
  }

  /** The locales entries may have, and the one a request that names none gets. */
  get i18n(): I18nSettings {
    return this.engine.i18n;
  }

  /** API tokens, which the HTTP interfaces check; undefined on a read-only open. */
  get tokens(): TokenStore | undefined {
    return this.store.tokens;
  }

  /**
   * Document-service writes that commit together, as Strapi's `db.transaction` makes them: call
   * them inside `start` without awaiting and answer their promises, e.g.
   * `quarry.transaction(() => [documents(A).create(...), documents(B).update(...)])`. If any fails
   * none is kept, and the first failure is thrown.
   */
  transaction<const T extends readonly Promise<unknown>[]>(start: () => T): Promise<Written<T>> {
    // Forwarded one by one, several writes would not commit together.
    if (this.isReplica) return Promise.reject(new MethodNotAllowedError('This is a replica: writes that commit together go to the writer'));
    return writeTogether(this.store, start);
  }

  /**
   * On a replica: settles with why it stopped applying the writer's changes (it then serves what
   * it has); never while it applies, and never on a writer. `quarry serve` exits on it (code 1),
   * so that a supervisor starts it again, from a snapshot.
   */
  get replicaFailed(): Promise<unknown> {
    return this.follower?.failed ?? new Promise(() => {});
  }

  /** Whether this Quarry is a replica (`createQuarry({ replicaOf })`): writes go to the writer. */
  get isReplica(): boolean {
    return this.engine.forwarder !== undefined;
  }

  /** The document service of a content-type, by uid (`api::restaurant.restaurant`). */
  documents(uid: string): DocumentService {
    const s = this.services.get(uid);
    if (!s) throw new Error(`Unknown content-type ${uid}`);
    return s;
  }

  /** A single type's one document, found rather than named (what its REST and GraphQL routes serve), by uid. */
  singleType(uid: string): SingleType {
    const s = this.singleTypes.get(uid);
    if (!s) throw new Error(`${uid} is not a single type`);
    return s;
  }

  /**
   * Checks the data folder's consistency: every index, count and link list against the rows and
   * lists it is derived from, both sides of every relation against each other, the components
   * rows hold and the links from them (`quarry check`).
   */
  check(): CheckReport {
    return this.store.check(linkLayoutsOf(this.registry), componentLayoutsOf(this.registry));
  }

  /**
   * Checks the file records against the uploads folder: missing files, sizes that differ, and
   * stored files no record names (`quarry check`; docs/uploads.md). It only reads the folder.
   */
  checkFiles(): Promise<FilesReport> {
    return checkFiles(this.files, this.documents(FILE_UID));
  }

  async close(): Promise<void> {
    await this.follower?.stop();
    await this.view?.close();
    await this.publishing?.stop();
    // The sweep reads the store: it is told to stop, and its end awaited, before the store closes.
    this.closing = true;
    await this.swept?.catch(() => undefined);
    // Workers hold read transactions on the environment: they go first.
    await this.pool?.close();
    await this.store.close();
  }
}

/** A replica's locales: the writer's, which its snapshot carried into the folder (`options.i18n` before there is one). */
function writerLocales(options: QuarryOptions): QuarryOptions['i18n'] {
  const kept = readFolderSettings(options.path);
  return kept ? { locales: kept.locales, defaultLocale: kept.defaultLocale } : options.i18n;
}

function definedOnly<T extends object>(input: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(input ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function createQuarry(options: ReplicaOptions): Promise<Quarry>;
export function createQuarry(options: QuarryOptions): Quarry;
export function createQuarry(options: QuarryOptions | ReplicaOptions): Quarry | Promise<Quarry> {
  return 'replicaOf' in options && options.replicaOf !== undefined ? Quarry.openReplica(options) : new Quarry(options);
}

function registryOf({ schemas, customFields }: QuarryOptions): SchemaRegistry {
  if (schemas instanceof SchemaRegistry) return schemas;
  const options = { customFields };
  if (typeof schemas === 'string') return SchemaRegistry.fromDir(schemas, options);
  return 'types' in schemas ? SchemaRegistry.fromProject(schemas, options) : SchemaRegistry.fromSources(schemas, options);
}
