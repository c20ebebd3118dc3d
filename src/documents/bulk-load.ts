import { ValidationError } from '../errors/index.js';
import { applyRelationOp } from '../relations/apply.js';
import { notFoundMessage } from '../relations/resolve.js';
import { shownRelation, shownRelations } from '../schema/shown-relations.js';
import type { ContentType, RelationAttribute } from '../schema/types.js';
import type { Status } from '../store/layout.js';
import { readWriteData, withHashesSync } from './data.js';
import type { DocumentEngine } from './engine.js';
import { refuseSecondDocument } from './single-type.js';
import { checkUniqueBuilt } from './unique.js';
import { freeDocumentId, type DocumentWriter, type Timestamps } from './write.js';

/**
 * A relation target as an export names it: a published row in no locale by its documentId alone;
 * or, in a list `links` fills, by a number: its position among the rows `insert` wrote of its
 * type in this load, 0 the first.
 */
export type RowRef = number | string | {
  readonly documentId: string;
  readonly locale: string | null;
  readonly status: Status;
};

/** A target named by its documentId, as an update's relation payload names it: what a list `links` does not fill must hold (`named`). */
type NamedRef = Exclude<RowRef, number>;

const documentIdOf = (ref: NamedRef): string => (typeof ref === 'string' ? ref : ref.documentId);

/** One version of a document as an export holds it. */
export interface RowRecord extends Timestamps {
  readonly documentId: string;
  readonly data: unknown;
}

/**
 * One relation's lists of many rows (an export's lists record): `rows` by position among the
 * rows `insert` wrote of their type, `lengths[i]` the length of row i's list, `targets` the
 * positions of every list's targets, list after list.
 */
export interface ListColumns {
  readonly rows: readonly number[];
  readonly lengths: readonly number[];
  readonly targets: readonly number[];
}

/**
 * The door for bulk loads (`quarry import`). Rows of content-types without draft & publish or
 * locales (`takes`) are written once, with their own times, and their relation lists to other
 * such types (`fills`) are each written from the row's own record, once, in its order. The
 * document service would write a list with `set`, which writes both sides of every link, and the
 * far side's record would then set its side again; and it stamps every row it touches, so an
 * import had to write each row a second time to restore its times.
 *
 * Each side of such a relation comes from a different record, so the two could disagree in a
 * damaged file: `verify` checks at the end that every relation's two sides hold the same links.
 * Every call runs inside the caller's write transaction, which a failure rolls back whole.
 */
export class BulkLoad {
  /** Per bidirectional relation filled here: what each side's lists held, summed (see `finish`). */
  private readonly sides = new Map<string, { readonly name: string; readonly own: LinkSums; readonly far: LinkSums }>();
  /** Types whose index sets are built from their rows in `finish`. */
  private readonly built = new Set<ContentType>();
  /** `fills`, per attribute: asked for every relation of every record. */
  private readonly filled = new Map<RelationAttribute, boolean>();
  /** The rows `insert` wrote, per type in the order it wrote them: what a position names (RowRef). */
  private readonly written = new Map<string, number[]>();

  constructor(
    private readonly engine: DocumentEngine,
    private readonly writer: DocumentWriter,
  ) {}

  /** Whether a type's rows are written here: one version of each document, in no locale. */
  takes(ct: ContentType): boolean {
    return !ct.draftAndPublish && !ct.localized;
  }

  /** Whether a relation's lists are filled here: both its types are taken here, and it is not a media field (which checks each file). */
  fills(attr: RelationAttribute): boolean {
    let fills = this.filled.get(attr);
    if (fills === undefined) {
      const source = this.engine.registry.get(attr.source);
      const target = this.engine.registry.get(attr.target);
      fills = attr.media === undefined && source !== undefined && target !== undefined && this.takes(source) && this.takes(target);
      this.filled.set(attr, fills);
    }
    return fills;
  }

  /**
   * Writes one document's row, as a create would but with its own times; its relations come with
   * `links`. In a bulk load (Store.deferIndexes) the index sets of a type whose first row
   * this writes are built from its rows in `finish`.
   */
  insert(ct: ContentType, record: RowRecord): void {
    this.within(ct, () => {
      refuseSecondDocument(this.engine.store, ct);
      if (!this.built.has(ct) && this.engine.store.buildIndexesLater(ct.uid, PUBLISHED)) this.built.add(ct);
      const input = withHashesSync(readWriteData(this.engine.registry, ct, record.data));
      const [relation] = input.relations;
      if (relation) throw ValidationError.at(`data.${relation[0].name}`, 'a row is written with its fields only: its relations come with its links');
      const row = this.writer.create(ct, input, null, freeDocumentId(this.engine.store, ct, record.documentId), record);
      let written = this.written.get(ct.uid);
      if (!written) this.written.set(ct.uid, (written = []));
      written.push(row.id);
    });
  }

  /**
   * Writes one row's links as an export lists them (`lists`, by relation name, each in the row's
   * order): every relation of the type the content API shows, one the record leaves out empty.
   * A relation that `fills` gets its whole list, which must be empty before: a one-way relation's
   * hidden far side is appended to here, a two-way relation's far side is written from its own
   * rows' records. Others (media fields, relations to versioned or localized types) are set as an
   * update's `data` would set them, without stamping the row.
   */
  links(ct: ContentType, documentId: string, lists: Readonly<Record<string, readonly RowRef[]>>, path: string): void {
    this.linksBegin();
    this.within(ct, () => {
      for (const name of Object.keys(lists)) {
        if (!shownRelation(ct, name)) throw ValidationError.at(`${path}.${name}`, `${ct.uid} has no relation ${name}`);
      }
      const source = this.rowOf(ct, documentId, path);
      let others: Record<string, unknown> | undefined;
      for (const attr of shownRelations(ct)) {
        const refs = lists[attr.name] ?? [];
        if (this.fills(attr)) this.fill(attr, source, refs, `${path}.${attr.name}`);
        // Emptying an empty list changes nothing: a count is a point read, where a set reads the list in order.
        else if (refs.length > 0 || this.engine.store.links.count(attr.listName, source) > 0) (others ??= {})[attr.name] = setOf(attr, named(refs, `${path}.${attr.name}`));
      }
      if (others === undefined) return;
      const row = { type: ct, id: source, documentId, ...PUBLISHED };
      for (const [attr, op] of readWriteData(this.engine.registry, ct, others).relations) applyRelationOp(this.engine, this.engine.writer, row, attr, op);
    });
  }

  /**
   * Writes one relation's lists of many rows, as `links` writes each row's list of it: the
   * relation must be one that `fills`. Errors name the offending position in `columns`.
   */
  lists(ct: ContentType, relation: string, columns: ListColumns): void {
    this.linksBegin();
    this.within(ct, () => {
      const attr = shownRelation(ct, relation);
      if (attr === undefined) throw ValidationError.at('relation', `${ct.uid} has no relation ${relation}`);
      if (!this.fills(attr)) throw ValidationError.at('relation', `${ct.uid}.${relation} links types that are not both written in bulk: its lists come in links records`);
      const { rows, lengths, targets } = columns;
      const written = this.written.get(ct.uid);
      let at = 0;
      for (let i = 0; i < rows.length; i++) {
        const source = written?.[rows[i]!] ?? noRowAt(`rows.${i}`, ct.uid, rows[i]!, written?.length ?? 0);
        const length = lengths[i]!;
        const from = at;
        this.fill(attr, source, targets.slice(from, (at += length)), `rows.${i}`, 'targets', from);
      }
    });
  }

  /**
   * Call once every row and list is written: builds the index sets `insert` put off, then checks
   * what could not be checked as rows and lists came: unique fields, and that the two sides of
   * every relation filled here hold the same links.
   */
  async finish(): Promise<void> {
    await this.engine.store.buildIndexes();
    this.engine.store.transact(() => {
      for (const ct of this.built) checkUniqueBuilt(this.engine, ct, PUBLISHED);
    });
    this.built.clear();
    this.written.clear();
    for (const { name, own, far } of this.sides.values()) {
      if (own.links !== far.links || own.a !== far.a || own.b !== far.b) {
        throw new ValidationError(`the two sides of ${name} disagree: ${own.links} links one way, ${far.links} the other, or they link other entries`);
      }
    }
  }

  /** Rows come before links in a load (an export writes them so): their index sets can be gathered meanwhile, and are gathered again if rows come after all. */
  private linksBegin(): void {
    this.engine.store.gatherAhead();
  }

  private within(ct: ContentType, write: () => void): void {
    if (!this.takes(ct)) throw new Error(`${ct.uid} has draft & publish or locales: a bulk load does not write it`);
    this.engine.store.transact(write);
  }

  private rowOf(ct: ContentType, documentId: string, path: string): number {
    const id = this.engine.store.rows.idOf(ct.uid, documentId, 'published', null);
    if (id === undefined) throw ValidationError.at(path, `Document with id "${documentId}" not found`);
    return id;
  }

  /** Writes a row's whole list of a relation that `fills`, in order; `path` names the list, `refsPath` and `first + i` its reference i. */
  private fill(attr: RelationAttribute, source: number, refs: readonly RowRef[], path: string, refsPath = path, first = 0): void {
    if (refs.length === 0) return;
    if (!attr.toMany && refs.length > 1) throw ValidationError.at(path, `${attr.name} links at most one entry, the record lists ${refs.length}`);
    // A filled relation's target type keeps one version of each document, in no locale, and it
    // is no media field (`fills`): a reference names the one row resolveRef would find for it.
    const written = this.written.get(attr.target);
    const targets = refs.map((ref, i) => typeof ref === 'number'
      ? written?.[ref] ?? noRowAt(`${refsPath}.${first + i}`, attr.target, ref, written?.length ?? 0)
      : this.engine.store.rows.idOf(attr.target, documentIdOf(ref), 'published', null) ?? notFound(`${refsPath}.${first + i}`, documentIdOf(ref)));
    if (hasRepeat(targets)) throw ValidationError.at(path, `${attr.name} lists an entry twice`);
    const twoWay = attr.inverse !== undefined;
    this.engine.writer.fillList(attr, source, targets, !twoWay);
    if (twoWay) this.count(attr, source, targets);
    else if (!attr.targetHasMany) {
      for (const target of targets) {
        if (this.engine.store.links.count(attr.partnerListName, target) > 1) throw ValidationError.at(path, `${attr.name}: another entry links ${target} already`);
      }
    }
  }

  /** Adds a filled list's links to its relation's sums, each as (owning side's row, far side's row). */
  private count(attr: RelationAttribute, source: number, targets: readonly number[]): void {
    const owning = attr.listName < attr.partnerListName;
    const key = owning ? attr.listName : attr.partnerListName;
    let sides = this.sides.get(key);
    if (!sides) this.sides.set(key, (sides = { name: `${attr.source}.${attr.name}`, own: new LinkSums(), far: new LinkSums() }));
    const sums = owning ? sides.own : sides.far;
    for (const target of targets) {
      if (owning) sums.add(source, target);
      else sums.add(target, source);
    }
  }
}

/**
 * A relation's exported list as a `set` an update takes. A to-one relation keeps only the last
 * item of a list; a row without versions that links both versions of one document names it
 * once, without a status, which links both.
 */
export function setOf(attr: RelationAttribute, refs: readonly NamedRef[]): { set: unknown[] } {
  const items = refs.map((r) => (typeof r === 'string' ? { documentId: r, locale: null, status: 'published' } : { documentId: r.documentId, locale: r.locale, status: r.status }));
  const [a, b] = items;
  if (!attr.toMany && items.length === 2 && a!.documentId === b!.documentId) return { set: [{ documentId: a!.documentId, locale: a!.locale }] };
  return { set: items };
}

/** Whether a list holds an id twice: short lists (most of a load's) compared pairwise, without a set each. */
function hasRepeat(ids: readonly number[]): boolean {
  if (ids.length > 16) return new Set(ids).size !== ids.length;
  for (let i = 1; i < ids.length; i++) for (let j = 0; j < i; j++) if (ids[i] === ids[j]) return true;
  return false;
}

/** A list named by documentIds: a position names a target only in a list `links` fills. */
export function named(refs: readonly RowRef[], path: string): NamedRef[] {
  const at = refs.findIndex((ref) => typeof ref === 'number');
  if (at >= 0) throw ValidationError.at(`${path}.${at}`, 'a position names a target only in a relation between two types a bulk load writes');
  return refs as NamedRef[];
}

function noRowAt(path: string, type: string, position: number, rows: number): never {
  throw ValidationError.at(path, `${type} has no row at position ${position}: this load wrote ${rows}`);
}

function notFound(path: string, documentId: string): never {
  throw ValidationError.at(path, notFoundMessage(documentId, null));
}

/** The one scope of the rows written here. */
const PUBLISHED = { status: 'published', locale: null } as const;

/**
 * A multiset hash of links: the count and two sums of a 32-bit mix of each pair. Two sides that
 * hold the same links sum the same whatever their order; a link missing on one side, or another
 * entry in its place, changes the sums but with a chance of about 2^-64.
 */
class LinkSums {
  links = 0;
  a = 0;
  b = 0;

  add(x: number, y: number): void {
    this.links++;
    this.a = (this.a + mix(x, y, 0x9e3779b9)) >>> 0;
    this.b = (this.b + mix(y, x, 0x7f4a7c15)) >>> 0;
  }
}

function mix(x: number, y: number, seed: number): number {
  let h = Math.imul(x ^ seed, 0x85ebca6b) ^ Math.imul(y + seed, 0xc2b2ae35);
  h ^= h >>> 15;
  h = Math.imul(h, 0x27d4eb2f);
  h ^= h >>> 13;
  return h >>> 0;
}
