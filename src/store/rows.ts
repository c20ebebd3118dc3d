import type { Key } from 'lmdb';
import { indexValue, mayBeCut, scopeKey, type IndexValue } from './index-keys.js';
import { eachChangedEntry, eachRowEntry, indexedFieldsOf, keepsSets, type IndexedField } from './indexed-fields.js';
import { firstAtLeast, inclusiveness, rangeOf, type IndexBound } from './index-bounds.js';
import { documentGroups, documentSet, dropDocumentSet, positionsOf, ranksOf, storedGroups } from './field-groups.js';
import { MAX } from './keys.js';
import type { Row, RowScope, Status, TypeLayout } from './layout.js';
import { Postings } from './postings.js';
import { instantFields, readRow, storedRow } from './row-times.js';
import type { FieldGroups, IndexedValues, IndexGroup, ReadCache } from './read-cache.js';
import type { ReadGuard } from './read-guard.js';
import { seqKey, SHAPES_FIRST, type Dbs, type RowDb } from './dbs.js';
import { moveCount, storedCounts } from './row-counts.js';
import type { BuildTarget, HeldIndexes } from './index-build.js';

interface TypeState {
  readonly code: number;
  readonly fields: readonly IndexedField[];
  readonly byName: ReadonlyMap<string, IndexedField>;
  /** The code of its documentId field, whose sets are the documentId lookup's entries (IndexKind 'document'). */
  readonly documentCode: number | undefined;
  readonly db: RowDb;
  /** The fields its rows keep as milliseconds (row-times.ts). */
  readonly instants: readonly string[];
  /** While its indexes are not kept up (`suspendIndexes`; `fields` is empty then). */
  readonly suspended?: HeldIndexes;
}

/** A row's identity: the version (status, locale) of one document it holds. */
export interface RowVersion extends RowScope {
  readonly id: number;
}

/**
 * Rows (one version of one document each) with everything derived from them kept in the same
 * transaction: the documentId lookup, the per-scope row sets and counts, and every secondary index.
 */
export class RowStore {
  private readonly types = new Map<string, TypeState>();
  private readonly universe: Postings;
  /** The posting sets this store writes: their changes wait until the transaction commits (Postings.flush). */
  readonly postings: readonly Postings[];
  private readonly index: Postings;
  private readonly appendRows: { readonly append: boolean };

  constructor(
    private readonly dbs: Dbs,
    rowDbs: ReadonlyMap<string, RowDb>,
    layouts: readonly TypeLayout[],
    private readonly code: (name: string) => number,
    private readonly cache: ReadCache,
    private readonly guard: ReadGuard,
  ) {
    this.universe = new Postings(dbs.scope, 'scope', cache, guard, dbs.blockFormat);
    this.index = new Postings(dbs.idx, 'idx', cache, guard, dbs.blockFormat, 3);
    this.postings = [this.universe, this.index];
    this.appendRows = { append: dbs.rowShapesKey === SHAPES_FIRST };
    for (const layout of layouts) {
      const fields = indexedFieldsOf(layout, code);
      const documentCode = fields.find((f) => !keepsSets(f))?.code;
      this.types.set(layout.name, { code: code(layout.name), fields, byName: new Map(fields.map((f) => [f.name, f])), documentCode, db: rowDbs.get(layout.name)!, instants: instantFields(layout) });
    }
  }

  /** The stored row; shared and frozen when it comes from the cache, so never to be written to. */
  get(type: string, id: number): Row | undefined {
    this.guard.check();
    const cached = this.cache.row(type, id);
    if (cached) return cached;
    const state = this.state(type);
    const row = readRow(state.db.get(id) as Row | undefined, state.instants);
    return row && this.cache.keepRow(type, row);
  }

  exists(type: string, id: number): boolean {
    return this.state(type).db.doesExist(id);
  }

  /** The row id of one version of a document. */
  idOf(type: string, documentId: string, status: Status, locale: string | null): number | undefined {
    const { suspended, code } = this.state(type);
    const s = scopeKey(status, locale);
    if (suspended) return s === suspended.scope ? suspended.docs.get(documentId) : undefined;
    return this.dbs.docs.get([code, documentId, s]);
  }

  /** Every stored version of a document. */
  versions(type: string, documentId: string): RowVersion[] {
    const t = this.code(type);
    const version = (id: number, scope: string): RowVersion => ({ id, status: scope[0] === 'p' ? 'published' : 'draft', locale: scope.length > 1 ? scope.slice(1) : null });
    const suspended = this.state(type).suspended;
    const held = suspended?.docs.get(documentId);
    if (suspended) return held === undefined ? [] : [version(held, suspended.scope)];
    const out: RowVersion[] = [];
    for (const { key, value } of this.dbs.docs.getRange({ start: [t, documentId], end: [t, documentId, MAX] })) out.push(version(value, key[2] as string));
    return out;
  }

  /** Every row id of one scope, ascending. */
  ids(type: string, scope: RowScope): Uint32Array {
    return this.universe.get([this.code(type), scopeKey(scope.status, scope.locale)]);
  }

  count(type: string, scope: RowScope): number {
    return this.countsOf(type).get(scopeKey(scope.status, scope.locale)) ?? 0;
  }

  /** The scopes a type has rows in. */
  scopes(type: string): RowScope[] {
    return [...this.countsOf(type).keys()].map((k) => ({ status: k[0] === 'p' ? 'published' : 'draft', locale: k.length > 1 ? k.slice(1) : null }));
  }

  /** Rows per scope of a type: read once, then kept until a row of the type comes or goes. */
  private countsOf(type: string): ReadonlyMap<string, number> {
    const known = this.cache.counts(type);
    if (known) return known;
    const { suspended } = this.state(type);
    // A type is suspended while it has no rows but the load's, all in one scope.
    const counts = suspended ? new Map(suspended.docs.size > 0 ? [[suspended.scope, suspended.docs.size]] : []) : storedCounts(this.dbs.meta, this.code(type));
    this.cache.keepCounts(type, counts);
    return counts;
  }

  /**
   * Row ids whose `field` holds `value` in one scope, exact: text longer than the indexed prefix
   * is re-checked against the row.
   */
  idsEqual(type: string, field: string, scope: RowScope, value: unknown): number[] {
    const state = this.state(type);
    const f = this.field(state, field);
    const v = indexValue(f.index, value);
    const ids = this.setOf(f, [state.code, f.code, scopeKey(scope.status, scope.locale)], v);
    // A key that is not the value itself may stand for several (cut text): the rows decide. An instant's milliseconds stand for one.
    const whole = v === value || (f.index === 'instant' && typeof v === 'number');
    return whole ? [...ids] : [...ids].filter((id) => readRow(state.db.get(id) as Row | undefined, state.instants)?.[field] === value);
  }

  /**
   * The index sets of a value range of one field in one scope, in value order (nulls, when asked
   * for, first), or the reverse when `descending`. Each set is ascending. `inexact` marks text
   * values indexed by their prefix: their rows must be re-checked.
   */
  *indexGroups(type: string, field: string, scope: RowScope, bound: IndexBound, descending = false): IterableIterator<IndexGroup> {
    if (descending && (bound.kind !== 'range' || !this.indexVersion(type, field, scope, bound.folded === true))) {
      // Only a range over the in-memory copy is walked backwards in place; the rest are short or rare.
      yield* [...this.indexGroups(type, field, scope, bound)].reverse();
      return;
    }
    const state = this.state(type);
    const f = this.field(state, field);
    const code = bound.folded ? f.foldedCode ?? f.code : f.code;
    const base: Key[] = [state.code, code, scopeKey(scope.status, scope.locale)];
    const enc = (v: unknown) => indexValue(f.index, v, bound.folded);
    const group = (value: IndexValue, ids: Uint32Array): IndexGroup =>
      ({ value, ids, inexact: typeof value === 'string' && mayBeCut(value) && f.index === 'text' });
    if (bound.kind === 'eq' || bound.kind === 'null') {
      // One value is one set: a point read, not a range.
      const value = bound.kind === 'eq' ? enc(bound.value) : null;
      const ids = this.setOf(f, base, value);
      if (ids.length > 0) yield group(value, ids);
      return;
    }
    // The documentId's sets are read whole from the lookup, kept in memory or not.
    const fieldGroups = this.fieldGroups(base, f) ?? (keepsSets(f) ? undefined : documentGroups(this.dbs.docs, base));
    if (fieldGroups) {
      const { values, sets } = fieldGroups;
      const [from, to] = bound.kind === 'prefix' ? [firstAtLeast(values, enc(bound.prefix), false), values.length] : rangeOf(values, bound, enc);
      const prefix = bound.kind === 'prefix' ? (enc(bound.prefix) as string) : undefined;
      if (descending) {
        for (let i = to - 1; i >= from; i--) yield group(values[i]!, sets[i]!);
        return;
      }
      for (let i = from; i < to; i++) {
        const value = values[i]!;
        if (prefix !== undefined && !(typeof value === 'string' && value.startsWith(prefix))) return;
        yield group(value, sets[i]!);
      }
      return;
    }
    // Inside a write transaction the in-memory copy may not be taken: read the index itself.
    let start: Key[];
    let end: Key[];
    let prefix: string | undefined;
    if (bound.kind === 'prefix') {
      prefix = enc(bound.prefix) as string;
      start = [...base, prefix];
      end = [...base, MAX];
    } else {
      const { loInclusive, hiInclusive } = inclusiveness(bound, enc);
      // Nulls sort first in keys and never satisfy a comparison: open ranges start past them.
      start = bound.lo === undefined ? [...base, null as unknown as Key, MAX] : loInclusive ? [...base, enc(bound.lo) as Key] : [...base, enc(bound.lo) as Key, MAX];
      end = bound.hi === undefined ? [...base, MAX] : hiInclusive ? [...base, enc(bound.hi) as Key, MAX] : [...base, enc(bound.hi) as Key];
    }
    for (const g of this.index.groups(start, end, 4)) {
      const value = g.key[3] as IndexValue;
      if (prefix !== undefined && !(typeof value === 'string' && value.startsWith(prefix))) return;
      yield group(value, g.ids);
    }
  }

  /**
   * An identity for the in-memory copy of one field's index in one scope (the folded twin's when
   * `folded`): the same object until a write changes that index, undefined when none is kept
   * (inside a write transaction). Readers key what they derive from `indexGroups` on it, so that
   * it lives exactly as long as the sets it came from.
   */
  indexVersion(type: string, field: string, scope: RowScope, folded: boolean): object | undefined {
    const state = this.state(type);
    const f = this.field(state, field);
    return this.fieldGroups([state.code, folded ? f.foldedCode ?? f.code : f.code, scopeKey(scope.status, scope.locale)], f);
  }

  /** How many ids the sets of `indexGroups` hold together: a subtraction when the field's index is in memory. */
  indexCount(type: string, field: string, scope: RowScope, bound: IndexBound): number {
    if (bound.kind === 'range') {
      const state = this.state(type);
      const f = this.field(state, field);
      const groups = this.fieldGroups([state.code, bound.folded ? f.foldedCode ?? f.code : f.code, scopeKey(scope.status, scope.locale)], f);
      if (groups) {
        const [from, to] = rangeOf(groups.values, bound, (v) => indexValue(f.index, v, bound.folded));
        return groups.offsets[to]! - groups.offsets[from]!;
      }
    }
    let n = 0;
    for (const g of this.indexGroups(type, field, scope, bound)) n += g.ids.length;
    return n;
  }

  /**
   * One field's whole index in one scope, its values ascending (NULL first) beside their id sets:
   * undefined when the in-memory copy may not be taken (inside a write transaction). Shared and
   * kept until a write changes that index, so never to be written to.
   */
  indexSets(type: string, field: string, scope: RowScope): Pick<FieldGroups, 'values' | 'sets'> | undefined {
    const state = this.state(type);
    const f = this.field(state, field);
    return this.fieldGroups([state.code, f.code, scopeKey(scope.status, scope.locale)], f);
  }

  /** A field's whole index in one scope (`base`: type, code of `f` or its twin, scope), kept in memory until a write changes it. */
  private fieldGroups(base: Key[], f: IndexedField): FieldGroups | undefined {
    const key = this.index.fieldKey(base);
    const known = this.cache.field(key);
    if (known || !this.cache.open) return known;
    const groups = keepsSets(f) ? storedGroups(this.index, base) : documentGroups(this.dbs.docs, base);
    this.cache.keepField(key, groups);
    return groups;
  }

  /** The ids of one value's set of a field (`base` as `fieldGroups` takes it): for the documentId, its row in that scope. */
  private setOf(f: IndexedField, base: Key[], value: IndexValue): Uint32Array {
    return keepsSets(f) ? this.index.get([...base, value as Key]) : documentSet(this.cache, this.dbs.docs, base, value);
  }

  /**
   * Each row's indexed value of one field in one scope (the case-folded twin's when `folded`),
   * found without decoding the row: undefined when the field's index is not in memory (inside
   * a write transaction), and for a row without a value in that scope. Text that `mayBeCut` is
   * perhaps only a prefix and says nothing certain.
   */
  indexedValues(type: string, field: string, scope: RowScope, folded: boolean): IndexedValues | undefined {
    const state = this.state(type);
    const f = this.field(state, field);
    const groups = this.fieldGroups([state.code, folded ? f.foldedCode ?? f.code : f.code, scopeKey(scope.status, scope.locale)], f);
    if (!groups) return undefined;
    return { positions: positionsOf(groups), values: groups.values };
  }

  /**
   * The positions in `indexedValues` (ranks: values ascending, NULL first) whose values a bound
   * selects, as `[from, to)`; undefined when the field's index is not in memory, and for a
   * prefix. Edge values that are text cut to the indexed prefix are inside, as in `indexGroups`.
   */
  rankRange(type: string, field: string, scope: RowScope, bound: IndexBound): readonly [number, number] | undefined {
    const state = this.state(type);
    const f = this.field(state, field);
    const groups = this.fieldGroups([state.code, bound.folded ? f.foldedCode ?? f.code : f.code, scopeKey(scope.status, scope.locale)], f);
    return groups && ranksOf(groups, bound, (v) => indexValue(f.index, v, bound.folded));
  }

  /** Ids of rows whose folded text contains a trigram. */
  gramIds(type: string, field: string, scope: RowScope, gram: string): Uint32Array {
    const state = this.state(type);
    const f = this.field(state, field);
    if (f.gramCode === undefined) throw new Error(`${type}.${field} has no trigram index`);
    return this.index.get([state.code, f.gramCode, scopeKey(scope.status, scope.locale), gram]);
  }

  hasGrams(type: string, field: string): boolean {
    return this.state(type).byName.get(field)?.gramCode !== undefined;
  }

  /** Whether a field has an index that holds each row at one value, so that it orders rows and ranks them. */
  isIndexed(type: string, field: string): boolean {
    const f = this.state(type).byName.get(field);
    return f !== undefined && !f.multi;
  }

  /** Whether a field under a repeatable component is indexed by its items' values (`FieldLayout.multi`). */
  isItemIndexed(type: string, field: string): boolean {
    return this.state(type).byName.get(field)?.multi === true;
  }

  /** Stores a new row; `id` is allocated here. Must run inside `Store.transact`. */
  insert(type: string, scope: RowScope, fields: Omit<Row, 'id'>): Row {
    const state = this.state(type);
    const t = state.code;
    const { suspended } = state;
    // A bulk load keeps the last id and the count in memory (HeldIndexes): two reads and writes a row less.
    const id = suspended ? suspended.lastId + 1 : ((this.dbs.meta.get(seqKey(t)) as number | undefined) ?? 0) + 1;
    if (!suspended) this.dbs.meta.putSync(seqKey(t), id);
    const row = { id, ...fields } as Row;
    const s = scopeKey(scope.status, scope.locale);
    const docKey = [t, row.documentId, s];
    if (suspended && s !== suspended.scope) throw new Error(`${type} rows are bulk loaded in one scope: this one is ${s}`);
    if (suspended ? suspended.docs.has(row.documentId) : this.dbs.docs.get(docKey) !== undefined) throw new Error(`Document ${row.documentId} already has a ${s} row`);
    this.cache.dropRow(type, id);
    // A new id is the type's largest: appended, each page is filled before the next is begun (dbs.ts, SHAPES_FIRST).
    const written = state.db.putSync(id, storedRow(row, state.instants), this.appendRows) as unknown as boolean;
    if (!written) throw new Error(`${type} row ${id} is not after the rows stored`);
    if (suspended) {
      suspended.docs.set(ownCopy(row.documentId), id);
      suspended.lastId = id;
      suspended.writes++;
    } else {
      this.dbs.docs.putSync(docKey, id);
      this.dropDocuments(state, s, row.documentId);
    }
    this.universe.add([t, s], id);
    this.bumpCount(type, state, s, 1);
    for (const f of state.fields) eachRowEntry(f, row, this.indexer(t, s, id, true));
    return row;
  }

  /**
   * Replaces a row's fields (same id, document and scope), moving only the index entries that
   * changed. `stored` is the row as it is now, when the caller has just read it (`get`).
   */
  update(type: string, scope: RowScope, row: Row, stored?: Row): void {
    const state = this.state(type);
    const old = stored ?? readRow(state.db.get(row.id) as Row | undefined, state.instants);
    if (!old) throw new Error(`${type} row ${row.id} does not exist`);
    const s = scopeKey(scope.status, scope.locale);
    const remove = this.indexer(state.code, s, row.id, false);
    const add = this.indexer(state.code, s, row.id, true);
    if (state.suspended) state.suspended.writes++;
    for (const f of state.fields) eachChangedEntry(f, old, row, remove, add);
    this.cache.dropRow(type, row.id);
    state.db.putSync(row.id, storedRow(row, state.instants));
  }

  /** Removes a row and everything derived from it. Links are the relation layer's to remove first. */
  remove(type: string, scope: RowScope, id: number): void {
    const state = this.state(type);
    const old = readRow(state.db.get(id) as Row | undefined, state.instants);
    if (!old) return;
    const t = state.code;
    const s = scopeKey(scope.status, scope.locale);
    for (const f of state.fields) eachRowEntry(f, old, this.indexer(t, s, id, false));
    if (state.suspended) {
      state.suspended.docs.delete(old.documentId);
      state.suspended.writes++;
    } else {
      this.dbs.docs.removeSync([t, old.documentId, s]);
      this.dropDocuments(state, s, old.documentId);
    }
    this.universe.remove([t, s], id);
    this.bumpCount(type, state, s, -1);
    this.cache.dropRow(type, id);
    state.db.removeSync(id);
  }

  /**
   * Stops keeping a type's indexes as its rows are written, for a bulk load that writes them all in
   * `scope` and builds them at its end (Store.buildIndexesLater): field indexes are not written
   * (reading them throws), and the documentId lookup is kept in memory.
   */
  suspendIndexes(type: string, scope: RowScope): void {
    const state = this.state(type);
    if (state.suspended) return;
    const lastId = (this.dbs.meta.get(seqKey(state.code)) as number | undefined) ?? 0;
    this.types.set(type, { ...state, fields: [], suspended: { fields: state.fields, scope: scopeKey(scope.status, scope.locale), docs: new Map(), lastId, writes: 0 } });
  }

  /** What a suspended type's indexes hold back (suspendIndexes), undefined for another. */
  held(type: string): HeldIndexes | undefined {
    return this.state(type).suspended;
  }

  /** Keeps a suspended type's indexes again, and answers what building them from its rows takes. */
  resumeIndexes(type: string): BuildTarget {
    const { suspended, ...state } = this.state(type);
    if (!suspended) throw new Error(`${type}'s indexes are not suspended`);
    this.types.set(type, { ...state, fields: suspended.fields });
    return { type, t: state.code, db: state.db, ...suspended };
  }

  /** Adds a row's id to (or removes it from) the index sets it visits. */
  private indexer(t: number, s: string, id: number, add: boolean): (code: number, v: IndexValue) => void {
    return add ? (code, v) => this.index.add([t, code, s, v as Key], id) : (code, v) => this.index.remove([t, code, s, v as Key], id);
  }

  /** What is kept in memory of the documentId index of scope `s` goes with a change to the lookup, as a field's with a change to its sets. */
  private dropDocuments(state: TypeState, s: string, documentId: string): void {
    if (state.documentCode === undefined) return;
    this.cache.dropField(this.index.fieldKey([state.code, state.documentCode, s]));
    dropDocumentSet(this.cache, state.code, s, documentId);
  }

  /** A suspended type's count is its held documentIds (countsOf), written by the build. */
  private bumpCount(type: string, state: TypeState, s: string, by: number): void {
    this.cache.dropCounts(type);
    if (!state.suspended) moveCount(this.dbs.meta, state.code, s, by);
  }

  private field(state: TypeState, name: string): IndexedField {
    if (state.suspended) throw new Error(`the index of ${name} is read before the bulk load writing its rows has built it`);
    const f = state.byName.get(name);
    if (!f) throw new Error(`Field ${name} is not indexed`);
    return f;
  }

  private state(type: string): TypeState {
    const s = this.types.get(type);
    if (!s) throw new Error(`Store has no layout for ${type}`);
    return s;
  }
}

/**
 * A copy of `text` that shares nothing: a string read from a file may be a slice of a larger one
 * (msgpackr's native decoder cuts a record's strings from one), and a key kept for a whole load
 * kept that alive with it: a million documentIds held 390 MB of heap, 71 MB copied.
 */
function ownCopy(text: string): string {
  const copy = Buffer.from(text).toString();
  // A lone surrogate does not survive UTF-8: such a text is copied joined to another (the slice of that keeps only it).
  return copy === text ? copy : ` ${text}`.slice(1);
}

