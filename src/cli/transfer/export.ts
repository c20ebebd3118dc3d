import type { Entry, Quarry } from '../../index.js';
import type { ContentType, RelationAttribute } from '../../schema/types.js';
import type { Status } from '../../store/layout.js';
import {
  FORMAT, FORMAT_VERSION,
  type ExportHeader, type ExportRecord, type LinksRecord, type TargetRef, type VersionRecord,
} from './format.js';

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

  constructor(private readonly quarry: Quarry) {}

  header(): ExportHeader {
    return {
      format: FORMAT,
      version: FORMAT_VERSION,
      exportedAt: new Date().toISOString(),
      types: this.types().map((ct) => ({ uid: ct.uid, draftAndPublish: ct.draftAndPublish, localized: ct.localized })),
    };
  }

  /** Rows the four sections read. */
  async total(): Promise<number> {
    let n = 0;
    for (const ct of this.types()) {
      const published = await this.count(ct, 'published');
      const drafts = ct.draftAndPublish ? await this.count(ct, 'draft') : 0;
      const linked = relationsOf(ct).length > 0;
      n += published + drafts + (linked ? published + drafts : 0);
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

  private async *versions(ct: ContentType, status: Status): AsyncGenerator<VersionRecord> {
    const scalars = [...ct.attributes.values()].filter((a) => a.kind === 'scalar').map((a) => a.name);
    for await (const page of this.pages(ct, status, undefined)) {
      for (const entry of page) {
        this.visited++;
        const data: Record<string, unknown> = {};
        for (const name of scalars) if (name in entry) data[name] = entry[name];
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
   * A row of a type without versions may link both versions of a draft & publish target, and
   * the service shows one version per read: such relations are read in both views and kept as
   * one list, drafts first (the order within each view is what the API shows).
   */
  private async *links(ct: ContentType, status: Status): AsyncGenerator<LinksRecord> {
    const relations = relationsOf(ct);
    if (relations.length === 0) return;
    const bothViews = ct.draftAndPublish ? [] : relations.filter((a) => this.quarry.registry.require(a.target).draftAndPublish);
    for await (const page of this.pages(ct, status, this.populateOf(relations))) {
      const drafts = bothViews.length === 0 ? [] : await this.service(ct).findMany({
        status: 'draft', locale: '*', filters: { id: { $in: page.map((e) => e.id) } }, sort: 'id:asc', populate: this.populateOf(bothViews),
      });
      for (const [i, entry] of page.entries()) {
        this.visited++;
        const out: Record<string, TargetRef[]> = {};
        for (const attr of relations) {
          const targets = [...(bothViews.includes(attr) ? this.targetsOf(attr, drafts[i]![attr.name]) : []), ...this.targetsOf(attr, entry[attr.name])];
          if (targets.length > 0) out[attr.name] = targets;
        }
        // A draft may hold links from section 2 (see import.ts): its record is written even when empty.
        if (Object.keys(out).length > 0 || (ct.draftAndPublish && status === 'draft')) yield { kind: 'links', ...this.keyOf(ct, entry, status), relations: out };
      }
    }
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

  /** Just what names each target: its documentId, locale and version. */
  private populateOf(relations: readonly RelationAttribute[]): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const attr of relations) {
      out[attr.name] = { fields: this.quarry.registry.require(attr.target).localized ? ['publishedAt', 'locale'] : ['publishedAt'] };
    }
    return out;
  }

  private targetsOf(attr: RelationAttribute, value: unknown): TargetRef[] {
    const target = this.quarry.registry.require(attr.target);
    const entries = (Array.isArray(value) ? value : value ? [value] : []) as Entry[];
    return entries.map((e) => ({
      documentId: e.documentId as string,
      locale: target.localized ? (e.locale as string) : null,
      status: target.draftAndPublish && e.publishedAt === null ? 'draft' : 'published',
    }));
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

  private types(): readonly ContentType[] {
    return this.quarry.registry.types;
  }
}

/** Relations the content API shows. */
export function relationsOf(ct: ContentType): RelationAttribute[] {
  return [...ct.attributes.values()].filter((a): a is RelationAttribute => a.kind === 'relation' && !a.private);
}
