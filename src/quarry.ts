import { DocumentEngine, type I18nSettings } from './documents/engine.js';
import { layoutOf, listNamesOf } from './documents/layouts.js';
import { DocumentReader } from './documents/read.js';
import { DocumentService } from './documents/service.js';
import { Versions } from './documents/versions.js';
import { DocumentWriter } from './documents/write.js';
import type { SchemaSource } from './schema/raw.js';
import { SchemaRegistry } from './schema/registry.js';
import { Store } from './store/store.js';

export interface QuarryOptions {
  /** A directory of Strapi schema files, the schemas themselves, or a loaded registry. */
  readonly schemas: string | readonly SchemaSource[] | SchemaRegistry;
  /** The LMDB folder. */
  readonly path: string;
  readonly i18n?: Partial<I18nSettings>;
  /** Skip fsync at commit (tests, bulk loads): a crash may lose the latest writes. */
  readonly noSync?: boolean;
  readonly readOnly?: boolean;
}

/** One Quarry instance: content-types, an LMDB environment, and the document service over them. */
export class Quarry {
  readonly registry: SchemaRegistry;
  readonly store: Store;
  private readonly engine: DocumentEngine;
  private readonly services = new Map<string, DocumentService>();

  constructor(options: QuarryOptions) {
    this.registry = options.schemas instanceof SchemaRegistry
      ? options.schemas
      : typeof options.schemas === 'string' ? SchemaRegistry.fromDir(options.schemas) : SchemaRegistry.fromSources(options.schemas);
    this.store = Store.open(
      { path: options.path, noSync: options.noSync ?? false, readOnly: options.readOnly ?? false },
      this.registry.types.map(layoutOf),
    );
    if (!options.readOnly) this.store.intern(listNamesOf(this.registry));
    const defaultLocale = options.i18n?.defaultLocale ?? 'en';
    this.engine = new DocumentEngine(this.registry, this.store, {
      defaultLocale,
      locales: options.i18n?.locales ?? [defaultLocale],
    });
    const reader = new DocumentReader(this.engine);
    const writer = new DocumentWriter(this.engine);
    const versions = new Versions(this.engine, writer);
    for (const ct of this.registry.types) this.services.set(ct.uid, new DocumentService(this.engine, ct, reader, writer, versions));
  }

  /** The document service of a content-type, by uid (`api::restaurant.restaurant`). */
  documents(uid: string): DocumentService {
    const s = this.services.get(uid);
    if (!s) throw new Error(`Unknown content-type ${uid}`);
    return s;
  }

  async close(): Promise<void> {
    await this.store.close();
  }
}

export function createQuarry(options: QuarryOptions): Quarry {
  return new Quarry(options);
}
