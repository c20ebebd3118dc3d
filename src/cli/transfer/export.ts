import type { Entry, Quarry } from '../../index.js';
import type { ContentType } from '../../schema/types.js';
import type { Status } from '../../store/layout.js';
import { FILE_UID } from '../../schema/builtin-upload.js';
import { fingerprintOf, shapesOf } from '../../schema/shapes.js';
import { componentFieldsOf, componentPopulate, payloadOf } from './component-fields.js';
import {
  FORMAT, FORMAT_VERSION,
  type ExportHeader, type ExportRecord, type LinksRecord, type ListsRecord, type VersionRecord,
} from './format.js';
import { ListsBuilder } from './lists-records.js';
import { shownRelations } from '../../schema/shown-relations.js';
import { LinkReader } from './row-links.js';
import { bulkWritten, positional } from './bulk-types.js';
import { lowerBound } from '../../store/sorted-ids.js';

/** Rows per read: the document service's largest page. */
const PAGE = 100;

/**
 * Reads a Quarry through its document service, section by section and type by type, one page
 * at a time: memory holds a page, never the dataset. What the service does not show (private
 * fields and relations) is not exported: `hidden()` names it.
 */
export class Exporter {
  /** Rows read so far, of `total()`. */
  visited = 0;
  private readonly linkReaders = new Map<string, LinkReader>();
  /**
   * Per type whose targets may be named by position, the row ids of its version records as
   * written, in id order (packed once its links begin): a target's position is its index here.
   */
  private readonly written = new Map<string, number[] | Uint32Array>();

  constructor(private readonly quarry: Quarry) {}

  header(): ExportHeader {
    const types = this.types();
    const shapes = shapesOf(this.quarry.registry, types.map((ct) => ct.uid));
    const { locales, defaultLocale } = this.quarry.i18n;
    return {
      format: FORMAT,
      version: FORMAT_VERSION,
      exportedAt: new Date().toISOString(),
      types: types.map((ct) => ({ uid: ct.uid, draftAndPublish: ct.draftAndPublish, localized: ct.localized })),
      locales, defaultLocale, fingerprint: fingerprintOf(shapes), shapes,
    };
  }

  /** Rows the four sections read. */
  async total(): Promise<number> {
    let n = 0;
    for (const ct of this.types()) {
      const published = await this.count(ct, 'published');
      const drafts = ct.draftAndPublish ? await this.count(ct, 'draft') : 0;
      n += published + drafts + (this.linkReader(ct).linked ? published + drafts : 0);
    }
    return n;
  }

  /** Attributes the content API never shows, and so an export cannot carry, of types that have rows. */
  async hidden(): Promise<string[]> {
    const out: string[] = [];
    for (const ct of this.types()) {
      if ((await this.count(ct, 'published')) + (ct.draftAndPublish ? await this.count(ct, 'draft') : 0) === 0) continue;
      for (const attr of ct.attributes.values()) {
        if (attr.private || (attr.kind === 'scalar' && attr.type === 'password')) out.push(`${ct.uid}.${attr.name}`);
      }
    }
    return out;
  }

  async *records(): AsyncGenerator<ExportRecord> {
    const types = this.types();
    const versioned = types.filter((ct) => ct.draftAndPublish);
    for (const ct of types) yield* this.versions(ct, 'published');
    for (const ct of versioned) yield* this.links(ct, 'published');
    for (const ct of versioned) yield* this.versions(ct, 'draft');
    for (const ct of types) yield* this.links(ct, ct.draftAndPublish ? 'draft' : 'published');
  }

  /** Each row's fields: scalars as read, component fields as a write takes them (format.ts). */
  private async *versions(ct: ContentType, status: Status): AsyncGenerator<VersionRecord> {
    const registry = this.quarry.registry;
    const scalars = [...ct.attributes.values()].filter((a) => a.kind === 'scalar').map((a) => a.name);
    const components = componentFieldsOf(ct).filter((a) => !a.private);
    const populate = componentPopulate(registry, ct, false);
    const written: number[] | undefined = status === 'published' && bulkWritten(this.quarry, ct) ? [] : undefined;
    if (written) this.written.set(ct.uid, written);
    for await (const page of this.pages(ct, status, components.length > 0 ? populate : undefined)) {
      for (const entry of page) {
        this.visited++;
        written?.push(entry.id as number);
        const data: Record<string, unknown> = {};
        for (const name of scalars) if (name in entry) data[name] = entry[name];
        for (const attr of components) data[attr.name] = payloadOf(registry, attr, entry[attr.name]);
        yield {
          kind: 'version', ...this.keyOf(ct, entry, status),
          createdAt: entry.createdAt as string,
          updatedAt: entry.updatedAt as string,
          publishedAt: entry.publishedAt as string | null,
          data,
        };
      }
    }
  }

  /**
   * Each row's links (row-links.ts), its own relations and those inside its components; the
   * relations whose targets are named by position in lists records, many rows to a record.
   */
  private async *links(ct: ContentType, status: Status): AsyncGenerator<LinksRecord | ListsRecord> {
    const reader = this.linkReader(ct);
    if (!reader.linked) return;
    const lists = new Map(shownRelations(ct).filter((attr) => positional(this.quarry, attr)).map((attr) => [attr.name, new ListsBuilder(ct.uid, attr.name)]));
    for await (const page of this.pages(ct, status, reader.populate)) {
      const drafts = !reader.bothViews ? [] : await this.service(ct).findMany({
        status: 'draft', locale: '*', filters: { id: { $in: page.map((e) => e.id) } }, sort: 'id:asc', populate: reader.populate,
      });
      for (const [i, entry] of page.entries()) {
        this.visited++;
        const { relations, components } = reader.read(entry, drafts[i]);
        for (const [name, builder] of lists) {
          const targets = relations[name];
          if (targets === undefined) continue;
          delete relations[name];
          const full = builder.add(this.position(ct.uid, entry.id as number), targets as number[]);
          if (full) yield full;
        }
        // A draft may hold links from section 2 (see import.ts): its record is written even when empty.
        if (Object.keys(relations).length === 0 && components === undefined && !(ct.draftAndPublish && status === 'draft')) continue;
        yield { kind: 'links', ...this.keyOf(ct, entry, status), relations, ...(components === undefined ? {} : { components }) };
      }
    }
    for (const builder of lists.values()) {
      const rest = builder.take();
      if (rest) yield rest;
    }
  }

  /** The position of a row among the version records of its type written above (`written`). */
  private position(type: string, id: number): number {
    let ids = this.written.get(type) ?? new Uint32Array(0);
    if (Array.isArray(ids)) this.written.set(type, (ids = Uint32Array.from(ids)));
    const at = lowerBound(ids, id);
    if (ids[at] !== id) throw new Error(`${type} row ${id} is linked but has no version record`);
    return at;
  }

  private linkReader(ct: ContentType): LinkReader {
    let reader = this.linkReaders.get(ct.uid);
    if (!reader) this.linkReaders.set(ct.uid, (reader = new LinkReader(this.quarry.registry, ct, (attr) => (positional(this.quarry, attr) ? (id) => this.position(attr.target, id) : undefined))));
    return reader;
  }

  /** Pages of one version of a type's rows, every locale, in id order (each page starts past the last id). */
  private async *pages(ct: ContentType, status: Status, populate: Record<string, unknown> | undefined): AsyncGenerator<Entry[]> {
    let last = 0;
    for (;;) {
      const page = await this.service(ct).findMany({
        status, locale: '*', filters: { id: { $gt: last } }, sort: 'id:asc', populate,
        pagination: { start: 0, limit: PAGE, withCount: false },
      });
      if (page.length > 0) yield page;
      if (page.length < PAGE) return;
      last = page[page.length - 1]!.id as number;
    }
  }

  private keyOf(ct: ContentType, entry: Entry, status: Status) {
    return { type: ct.uid, documentId: entry.documentId as string, locale: ct.localized ? (entry.locale as string) : null, status };
  }

  private count(ct: ContentType, status: Status): Promise<number> {
    return this.service(ct).count({ status, locale: '*' });
  }

  private service(ct: ContentType) {
    return this.quarry.documents(ct.uid);
  }

  /** File records first: an import checks and stages their files before it writes anything (format.ts). */
  private types(): readonly ContentType[] {
    const types = this.quarry.registry.types;
    return [...types.filter((ct) => ct.uid === FILE_UID), ...types.filter((ct) => ct.uid !== FILE_UID)];
  }
}
