/**
 * The export format: a header, then records in four sections, then an end record.
 * README's "The export format" shows it with an example.
 *
 * Sections follow the order an import must write in (see import.ts for why):
 *   1. `version` records of rows that are not drafts: every row of a type without draft &
 *      publish, and the published rows of draft & publish types;
 *   2. `links` records of those published rows;
 *   3. `version` records of drafts;
 *   4. `links` records of every other row (drafts, and rows of types without versions).
 * A `links` record lists, per relation of one row, its targets in the row's own order, so both
 * sides of a bidirectional relation are written down, each in its order; a `lists` record (in
 * section 4) lists one relation of many rows at once, where rows and targets are named by position. Rows that link nothing
 * have no `links` record, except drafts of draft & publish types: an import sets every relation
 * a links record has, and a draft must lose the published links section 2 gave it.
 *
 * Uploaded files' bytes are in a folder beside the export (`uploadsFolderOf`), each named as in
 * the uploads folder; a file record's version record lists its files with their size and
 * SHA-256 (`files`). File records come first in section 1, so an import can check and stage
 * every file before it writes a record (upload-files.ts).
 */
import type { Shapes } from '../../schema/shapes.js';
import type { Status } from '../../store/layout.js';

export const FORMAT = 'quarry-export';
/**
 * Version 2 added the files of file records; version 3 names a target that is a published row in
 * no locale by its documentId alone; version 4 names a target by its position where the bulk door
 * writes both sides (`RelationRef`); version 5 lists such relations of many rows in one record
 * (`ListsRecord`). Exports of versions 1 to 4 still import.
 */
export const FORMAT_VERSION = 5;
export const READABLE_VERSIONS: readonly number[] = [1, 2, 3, 4, FORMAT_VERSION];


export interface ExportHeader {
  readonly format: typeof FORMAT;
  readonly version: number;
  readonly exportedAt: string;
  /** The content-types the records belong to, with the two options that decide their sections. */
  readonly types: readonly { readonly uid: string; readonly draftAndPublish: boolean; readonly localized: boolean }[];
  /**
   * What an import needs to take the export as it is, without flags; absent in exports made
   * before they were carried (an import then takes them from its settings). The locales the
   * exporting folder was configured with, and its default.
   */
  readonly locales?: readonly string[];
  readonly defaultLocale?: string;
  /** What each exported content-type's fields (and the components they hold) store, and their hash. */
  readonly shapes?: Shapes;
  readonly fingerprint?: string;
}

/** Which row a record is about: one version of one document in one locale. */
interface RowKey {
  readonly type: string;
  readonly documentId: string;
  /** null for types that are not localized. */
  readonly locale: string | null;
  readonly status: Status;
}

/**
 * One row's fields and timestamps (an import sets them back once every row is written). Its
 * component and dynamic-zone fields are in `data` as a write takes them: each item's fields and
 * nested components, in order, a dynamic-zone item with its `__component`, and no ids (an import
 * makes new instances). Relations inside components are in the row's links record.
 */
export interface VersionRecord extends RowKey {
  readonly kind: 'version';
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly publishedAt: string | null;
  readonly data: Readonly<Record<string, unknown>>;
  /** Of a `plugin::upload.file` record: the files carried beside the export, its own then its formats'; absent when none. */
  readonly files?: readonly CarriedFile[];
}

/** One uploaded file carried beside the export, as written there. */
export interface CarriedFile {
  /** Its stored name, `<hash><ext>`: its name in the uploads folder and beside the export. */
  readonly name: string;
  readonly size: number;
  /** Hex SHA-256 of its bytes. */
  readonly sha256: string;
}

/**
 * A relation target as a relation payload names it: a published row in no locale (most targets)
 * by its documentId alone, which a 100k export's lists took 40% less room and its import a third
 * less time to read (the three keys and the status of each of a million targets).
 */
export type TargetRef = string | {
  readonly documentId: string;
  readonly locale: string | null;
  readonly status: Status;
};

/**
 * A target in a links record's own relations: as `TargetRef`, or, in a relation between two
 * types whose records the bulk door writes (`positional`), its position among the version records
 * of its type, 0 the first. An import then finds the row it wrote for that record by the number
 * instead of looking up its documentId: a third of the time a 100k import spent on its links.
 */
export type RelationRef = TargetRef | number;

/** One row's relations, each list in its order; empty lists are left out. */
export interface LinksRecord extends RowKey {
  readonly kind: 'links';
  readonly relations: Readonly<Record<string, readonly RelationRef[]>>;
  /** The relations inside the row's components, when some item links something. */
  readonly components?: ComponentLinks;
}

/**
 * One relation's lists of many rows, in a relation whose targets are named by position
 * (`RelationRef`): the rows, by their positions among their type's version records; how many
 * targets each one's list holds; and those targets, list after list, each list in its row's
 * order. A row that links nothing there is left out. An export writes these in place of the
 * links records' positional relations, a few thousand rows to a record: a 100k import decoded a
 * links record, and looked up its documentId, per restaurant.
 */
export interface ListsRecord {
  readonly kind: 'lists';
  readonly type: string;
  readonly relation: string;
  readonly rows: readonly number[];
  readonly lengths: readonly number[];
  readonly targets: readonly number[];
}

/**
 * The relations inside one row's components, laid out as its components are: per component
 * field that links something, its item (one component) or its items in the row's order
 * (repeatable, dynamic zone), every item there so that positions match the row's. An item holds
 * its relation lists (targets as in `relations`, empty ones left out), its nested component
 * fields that link something (laid out the same way), and in a dynamic zone its `__component`.
 */
export interface ComponentLinks {
  readonly [field: string]: ItemLinks | readonly ItemLinks[] | null;
}

export interface ItemLinks {
  readonly [name: string]: readonly TargetRef[] | ItemLinks | readonly ItemLinks[] | string | null;
}

/** Closes the stream: a file without it was cut short. */
export interface EndRecord {
  readonly kind: 'end';
  /** Version, links and lists records written. */
  readonly records: number;
}

export type ExportRecord = VersionRecord | LinksRecord | ListsRecord;

export type Section = 1 | 2 | 3 | 4;

/** The section a record belongs in, given whether its type has draft & publish. */
export function sectionOf(record: ExportRecord, draftAndPublish: boolean): Section {
  // Of a type without versions: they are the links of its (published) rows.
  if (record.kind === 'lists') return 4;
  const draft = draftAndPublish && record.status === 'draft';
  if (record.kind === 'version') return draft ? 3 : 1;
  return draftAndPublish && !draft ? 2 : 4;
}
