import type { Entry, Quarry } from '../../index.js';
import { QuarryError } from '../../errors/index.js';
import type { ContentType } from '../../schema/types.js';
import { shownRelation, shownRelations } from '../../schema/shown-relations.js';
import { relationsWithin } from './component-fields.js';
import { bulkWritten } from './bulk-types.js';
import { ComponentLinker, type RowIds } from './component-links.js';
import { sectionOf, type ExportRecord, type LinksRecord, type Section, type VersionRecord } from './format.js';
import { describe } from './records.js';
import { named, setOf } from '../../documents/bulk-load.js';

interface Pending {
  /** A bulk write (synchronous), or a document service call. */
  readonly run: () => unknown;
  /** What the call is about, for its error: a record (described only then, with its number `n`), or words. */
  readonly about: ExportRecord | string;
  readonly n: number;
  /** The call answers null when the document it names does not exist, which is an error here. */
  readonly mustFind: boolean;
}

/**
 * Writes records through the document service, in batches that each commit as one LMDB
 * transaction. The sections of the format are the order that recreates every list exactly:
 *
 * 1. Rows, with draft & publish documents created as drafts that hold their published fields.
 * 2. Those drafts get their published relations; then every one of them is published, which
 *    copies fields and relations to a new published row. A published row starts with no links,
 *    so its lists come out in the draft's order, and publishing places it on the far side where
 *    its draft stands there. Publishing drops a link to a target that has no published row yet;
 *    the far side's own publish brings a two-way link back, and documents of types with one-way
 *    relations to draft & publish types are published a second time, when every target is.
 * 3. Drafts get their own fields.
 * 4. Every other list is set. `set` puts the list in its order and leaves the far side's order
 *    alone, so whichever side is set last, both sides end as exported.
 *
 * Relations inside components are set alike, on the instances the row's version write made
 * (component-links.ts): each section's writes are committed before the next section starts, so
 * a links record finds them. Publishing copies a draft's components with their links.
 *
 * Documents keep their documentIds; the data folder must start empty.
 */
export class Importer {
  private section: Section = 1;
  private published = false;
  private pending: Pending[] = [];
  /** The relation references the pending links records hold: a batch of large lists is flushed before it has `batch` records. */
  private pendingRefs = 0;
  /** documentIds created so far, per type: a new locale of a known document is an update. */
  private readonly created = new Map<string, Set<string>>();
  /** Draft & publish documents created in section 1, to publish at the end of section 2. */
  private readonly toPublish = new Map<string, string[]>();
  /** Every version's timestamps, set back once nothing else will write the rows again. */
  private readonly times: (Omit<VersionRecord, 'data' | 'kind' | 'files'>)[] = [];
  /** The component instances of rows whose components can hold links, by row, until their links record. */
  private readonly instances = new Map<string, RowIds>();
  private readonly linkers = new Map<string, ComponentLinker>();
  private readonly directTypes = new Map<string, boolean>();
  /** Records read and scheduled. */
  count = 0;
  /** A batch has been committed to the data folder (a failing one too: its other calls commit with it). */
  wrote = false;
  /**
   * Every record so far was of a type the bulk door takes, whose rows, indexes and lists a load
   * writes appended in key order; records through the document service write pages half full.
   */
  inOrder = true;

  constructor(private readonly quarry: Quarry, private readonly batch: number) {}

  /** Import restores documentIds, which cannot coexist with other documents under the same ids. */
  async checkEmpty(): Promise<void> {
    for (const ct of this.quarry.registry.types) {
      const svc = this.quarry.documents(ct.uid);
      const n = (await svc.count({ status: 'published', locale: '*' })) + (ct.draftAndPublish ? await svc.count({ status: 'draft', locale: '*' }) : 0);
      if (n > 0) throw new Error(`the data folder already holds ${n} ${ct.uid} entries: import into a new (empty) data folder`);
    }
  }

  /** Schedules a record's writes; answers a promise only when a batch is written (most records wait for nothing). */
  add(record: ExportRecord, n: number): Promise<void> | undefined {
    const ct = this.quarry.registry.require(record.type);
    const section = sectionOf(record, ct.draftAndPublish);
    if (section < this.section) {
      throw new Error(`${describe(record, n)} is out of order: section ${section} comes before section ${this.section} (see the export format)`);
    }
    if (section > this.section || (section >= 3 && !this.published)) return this.enter(section).then(() => this.schedule(ct, record, n));
    return this.schedule(ct, record, n);
  }

  async finish(): Promise<void> {
    if (!this.published) await this.publishAll();
    await this.flush();
    await this.quarry.bulk.finish();
    for (const r of this.times) {
      this.call(() => this.quarry.restoreTimestamps(r.type, {
        documentId: r.documentId, locale: r.locale ?? undefined, status: r.status, createdAt: r.createdAt, updatedAt: r.updatedAt, publishedAt: r.publishedAt,
      }), `timestamps of ${r.type} ${r.documentId}`, 0, true);
      if (this.pending.length >= this.batch) await this.flush();
    }
    await this.flush();
  }

  private async enter(section: Section): Promise<void> {
    if (section > this.section) await this.flush();
    if (section >= 3 && !this.published) await this.publishAll();
    this.section = section;
  }

  private schedule(ct: ContentType, record: ExportRecord, n: number): Promise<void> | undefined {
    if (this.direct(ct)) this.pending.push({ run: this.writeDirect(ct, record, n), about: record, n, mustFind: false });
    else if (record.kind === 'lists') throw new Error(`${describe(record, n)}: ${ct.uid} is not written in bulk, so its rows' lists come in their links records`);
    else {
      this.inOrder = false;
      if (record.kind === 'version') this.call(this.writeVersion(ct, record), record, n, false);
      else {
        const components = this.componentData(ct, record, n);
        // Read when the call runs, so that what it refuses is reported with the record.
        this.call(() => this.svc(ct).update({ documentId: record.documentId, locale: record.locale ?? undefined, data: { ...relationData(ct, record), ...components } }), record, n, true);
      }
    }
    this.count++;
    if (record.kind === 'links') for (const refs of Object.values(record.relations)) this.pendingRefs += refs.length;
    else if (record.kind === 'lists') this.pendingRefs += record.targets.length;
    return this.pending.length >= this.batch || this.pendingRefs >= REFS_PER_BATCH ? this.flush() : undefined;
  }

  /** Whether a type's records take the bulk door (`Quarry.bulk`): it has no versions, no locales, and no relations inside components. */
  private direct(ct: ContentType): boolean {
    let direct = this.directTypes.get(ct.uid);
    if (direct === undefined) this.directTypes.set(ct.uid, (direct = bulkWritten(this.quarry, ct)));
    return direct;
  }

  /** A record of a `direct` type: its row with its own times, or its lists, each written once. */
  private writeDirect(ct: ContentType, record: ExportRecord, n: number): () => void {
    const bulk = this.quarry.bulk;
    if (record.kind === 'version') return () => bulk.insert(ct, record);
    if (record.kind === 'lists') return () => bulk.lists(ct, record.relation, record);
    if (record.components !== undefined) throw new Error(`${describe(record, n)}: ${ct.uid} holds no relations inside components`);
    return () => bulk.links(ct, record.documentId, record.relations, 'relations');
  }

  private writeVersion(ct: ContentType, record: VersionRecord): () => Promise<unknown> {
    const { data: _data, kind: _kind, files: _files, ...times } = record;
    this.times.push(times);
    const ids = this.created.get(ct.uid) ?? new Set<string>();
    this.created.set(ct.uid, ids);
    const known = ids.has(record.documentId);
    ids.add(record.documentId);
    if (ct.draftAndPublish && record.status === 'published' && !known) {
      const list = this.toPublish.get(ct.uid) ?? [];
      list.push(record.documentId);
      this.toPublish.set(ct.uid, list);
    }
    const linker = this.linker(ct);
    const params = { documentId: record.documentId, locale: record.locale ?? undefined, data: record.data, populate: linker.populate };
    // update() adds a locale to a document that exists in others, and rewrites an existing draft.
    const write = known ? () => this.svc(ct).update(params) : () => this.svc(ct).create(params);
    if (linker.populate === undefined) return write;
    const row = rowOf(record);
    return () => write().then((entry: Entry | null) => entry && this.instances.set(row, linker.idsOf(entry)));
  }

  /** Update data for the relations inside the row's components, on the instances its version write made. */
  private componentData(ct: ContentType, record: LinksRecord, n: number): Record<string, unknown> {
    if (record.components === undefined) return {};
    const where = describe(record, n);
    const row = rowOf(record);
    const ids = this.instances.get(row);
    if (ids === undefined) throw new Error(`${where}: links inside components of a row whose version record is not before it`);
    this.instances.delete(row);
    try {
      return this.linker(ct).linkData(ids, record.components);
    } catch (e) {
      throw new Error(`${where}: ${(e as Error).message}`, { cause: e });
    }
  }

  private linker(ct: ContentType): ComponentLinker {
    let linker = this.linkers.get(ct.uid);
    if (!linker) this.linkers.set(ct.uid, (linker = new ComponentLinker(this.quarry.registry, ct)));
    return linker;
  }

  private async publishAll(): Promise<void> {
    await this.flush();
    this.published = true;
    for (const [uid, ids] of this.toPublish) this.schedulePublish(uid, ids);
    await this.flush();
    for (const [uid, ids] of this.toPublish) {
      if (hasOneWayToVersioned(this.quarry, this.quarry.registry.require(uid))) this.schedulePublish(uid, ids);
    }
    await this.flush();
  }

  private schedulePublish(uid: string, ids: readonly string[]): void {
    for (const documentId of ids) this.call(() => this.quarry.documents(uid).publish({ documentId, locale: '*' }), `publishing ${uid} ${documentId}`, 0, false);
  }

  private call(run: () => Promise<unknown>, about: ExportRecord | string, n: number, mustFind: boolean): void {
    this.pending.push({ run, about, n, mustFind });
  }

  /**
   * Runs the pending calls in one transaction. Their work is synchronous, so it all lands in
   * it; a call that fails rolls the whole batch back (Store.transact), and the first failure is
   * reported with the record it came from.
   */
  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const ops = this.pending;
    this.pending = [];
    this.pendingRefs = 0;
    const values: unknown[] = new Array(ops.length);
    const errors = new Map<number, unknown>();
    const calls: Promise<void>[] = [];
    let rolledBack: unknown;
    try {
      this.quarry.store.transact(() => {
        ops.forEach((op, i) => {
          try {
            const value = op.run();
            if (value instanceof Promise) calls.push(value.then((v) => void (values[i] = v), (error: unknown) => void errors.set(i, error)));
            else values[i] = value;
          } catch (error) {
            errors.set(i, error);
          }
        });
      });
    } catch (error) {
      rolledBack = error;
    }
    await Promise.all(calls);
    if (rolledBack === undefined) this.wrote = true;
    else if (errors.size === 0) throw rolledBack;
    const where = (op: Pending) => (typeof op.about === 'string' ? op.about : describe(op.about, op.n));
    ops.forEach((op, i) => {
      if (errors.has(i)) {
        const error = errors.get(i) as Error;
        throw new Error(`${where(op)}: ${inputOf(error)}${error.message ?? String(error)}${hint(error)}`, { cause: error });
      }
      if (op.mustFind && values[i] === null) throw new Error(`${where(op)}: the document it links from is not in the export`);
    });
  }

  private svc(ct: ContentType) {
    return this.quarry.documents(ct.uid);
  }
}

/**
 * Every relation of the type is set, an absent one to empty: in section 4 a draft may still hold
 * the published relations section 2 gave it.
 */
function relationData(ct: ContentType, record: LinksRecord): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const name of Object.keys(record.relations)) {
    // A private relation is never exported: refused, as the bulk door refuses it.
    if (!shownRelation(ct, name)) throw new Error(`${ct.uid} has no relation ${name}`);
  }
  for (const attr of shownRelations(ct)) data[attr.name] = setOf(attr, named(record.relations[attr.name] ?? [], `relations.${attr.name}`));
  return data;
}

/** Relations inside components are one-way too. */
function hasOneWayToVersioned(quarry: Quarry, ct: ContentType): boolean {
  return [...shownRelations(ct), ...relationsWithin(quarry.registry, ct)].some((a) => a.inverse === undefined && quarry.registry.require(a.target).draftAndPublish);
}

/** About 5 MB of decoded references: a thousand records of a category listing its thousands of restaurants took hundreds. */
const REFS_PER_BATCH = 50_000;

/** Which row a record is about, as a key. */
const rowOf = (r: VersionRecord | LinksRecord): string => JSON.stringify([r.type, r.documentId, r.locale, r.status]);

/** Where in the record the input an error refuses is, when it says: `rows.12: `. */
function inputOf(error: unknown): string {
  const path = error instanceof QuarryError ? error.details.path : undefined;
  return typeof path === 'string' && path !== '' ? `${path}: ` : '';
}

function hint(error: unknown): string {
  return /configured locales/.test((error as Error).message ?? '') ? ' (set the locales with --locales or QUARRY_LOCALES)' : '';
}
