import { isPlainObject, isRecord } from '../../objects.js';
import { shapeDifferences, shapesOf } from '../../schema/shapes.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import {
  FORMAT, READABLE_VERSIONS,
  type CarriedFile, type EndRecord, type ExportHeader, type ExportRecord, type ListsRecord, type RelationRef, type TargetRef,
} from './format.js';
import type { Status } from '../../store/layout.js';
import { FILE_UID } from '../../schema/builtin-upload.js';
import { isStoredName } from '../../uploads/file-names.js';

/** Checks what a file holds before anything is written from it; errors say which record is wrong. */

/** The header of an export checked against the schemas: its types, their options and, when it carries them, their fields. */
export function readHeader(value: unknown, registry: SchemaRegistry): ExportHeader {
  const h = parseHeader(value);
  for (const t of h.types) {
    const ct = registry.get(t.uid);
    if (!ct) throw new Error(`the export holds content-type ${t.uid}, which the schemas do not define`);
    if (ct.draftAndPublish !== t.draftAndPublish || ct.localized !== t.localized) {
      throw new Error(`${t.uid} differs from the schemas: exported with draftAndPublish=${t.draftAndPublish}, localized=${t.localized}; the schemas say ${ct.draftAndPublish}, ${ct.localized}`);
    }
  }
  if (h.shapes !== undefined) {
    const differences = shapeDifferences(h.shapes, shapesOf(registry, h.types.map((t) => t.uid)));
    if (differences.length > 0) {
      const shown = differences.slice(0, 8).join('; ');
      throw new Error(`the export was written under other schemas (fingerprint ${h.fingerprint ?? 'unknown'}): ${shown}${differences.length > 8 ? `; and ${differences.length - 8} more` : ''}`);
    }
  }
  return h;
}

/** The header of an export on its own: its format, version, types and what it says of its locales. */
export function parseHeader(value: unknown): ExportHeader {
  const h = value as Partial<ExportHeader> | null;
  if (typeof h !== 'object' || h === null || h.format !== FORMAT) throw new Error('not a Quarry export (its header has no "format": "quarry-export")');
  if (typeof h.version !== 'number' || !READABLE_VERSIONS.includes(h.version)) {
    throw new Error(`export format version ${String(h.version)} is not supported (this Quarry reads versions ${READABLE_VERSIONS.slice(0, -1).join(', ')} and ${READABLE_VERSIONS.at(-1)})`);
  }
  if (!Array.isArray(h.types)) throw new Error('the header has no list of "types"');
  if (h.locales !== undefined && (!Array.isArray(h.locales) || h.locales.length === 0 || !h.locales.every((l) => typeof l === 'string'))) {
    throw new Error('the header\'s "locales" must be a list of locale codes');
  }
  if (h.defaultLocale !== undefined && (typeof h.defaultLocale !== 'string' || !(h.locales ?? []).includes(h.defaultLocale))) {
    throw new Error('the header\'s "defaultLocale" must be one of its "locales"');
  }
  if (h.shapes !== undefined && (typeof h.shapes !== 'object' || h.shapes === null || typeof h.shapes.types !== 'object' || typeof h.shapes.components !== 'object')) {
    throw new Error('the header\'s "shapes" must hold "types" and "components"');
  }
  return h as ExportHeader;
}

/** What a value that is not a record is, for the error that refuses it. */
function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return `an object of class ${value.constructor?.name ?? 'none'}`;
  return `a ${typeof value}`;
}

export function readRecord(value: unknown, registry: SchemaRegistry, n: number): ExportRecord | EndRecord {
  const fail = (what: string): never => {
    throw new Error(`record ${n}: ${what}`);
  };
  // A msgpack extension value (a timestamp, an ExtData) is an object of a class, not a record.
  if (!isPlainObject(value)) return fail(`not an object but ${describeValue(value)}`);
  const r = value as Record<string, unknown>;
  if (r.kind === 'end') {
    if (typeof r.records !== 'number') fail('the end record has no "records" count');
    return r as unknown as EndRecord;
  }
  if (r.kind !== 'version' && r.kind !== 'links' && r.kind !== 'lists') return fail(`unknown kind ${JSON.stringify(r.kind)}`);
  if (typeof r.type !== 'string' || !registry.get(r.type)) fail(`unknown content-type ${JSON.stringify(r.type)}`);
  if (r.kind === 'lists') return readLists(r, fail);
  if (typeof r.documentId !== 'string') fail('no documentId');
  if (r.locale !== null && typeof r.locale !== 'string') fail('locale must be a string or null');
  if (!isStatus(r.status)) fail('status must be "draft" or "published"');
  if (r.kind === 'version' && !isRecord(r.data)) fail('a version record needs a "data" object');
  if (r.files !== undefined) {
    if (r.kind !== 'version' || r.type !== FILE_UID) fail(`only version records of ${FILE_UID} carry "files"`);
    if (!Array.isArray(r.files) || !r.files.every(isCarriedFile)) fail('"files" must be a list of { name, size, sha256 }, each name a stored file name');
  }
  if (r.kind === 'links') {
    if (!isRecord(r.relations)) fail('a links record needs a "relations" object');
    for (const [name, refs] of Object.entries(r.relations as object)) {
      if (!Array.isArray(refs) || !refs.every(isRelationRef)) fail(`relation ${name} must be a list of documentIds, positions or { documentId, locale, status }`);
    }
    // Its layout is checked against the row's components when they are linked (component-links.ts).
    if (r.components !== undefined && !isRecord(r.components)) fail('"components" must be an object of component fields');
  }
  return r as unknown as ExportRecord;
}

/** A lists record's columns checked: positions all, one length per row, as many targets as the lengths add up to. */
function readLists(r: Record<string, unknown>, fail: (what: string) => never): ListsRecord {
  if (typeof r.relation !== 'string') fail('a lists record needs the name of its "relation"');
  for (const column of ['rows', 'lengths', 'targets'] as const) {
    const values = r[column];
    if (!Array.isArray(values)) return fail(`a lists record needs "${column}", a list of positions`);
    for (let i = 0; i < values.length; i++) {
      if (!isPosition(values[i])) fail(`${column}.${i} must be a whole number, 0 or more`);
    }
  }
  const { rows, lengths, targets } = r as unknown as ListsRecord;
  if (lengths.length !== rows.length) fail(`"lengths" holds ${lengths.length} numbers for ${rows.length} rows`);
  let sum = 0;
  for (const n of lengths) sum += n;
  if (sum !== targets.length) fail(`"lengths" add up to ${sum}, "targets" holds ${targets.length}`);
  return r as unknown as ListsRecord;
}

/** Where a record is about, for messages. */
export function describe(r: ExportRecord, n: number): string {
  if (r.kind === 'lists') return `record ${n} (lists of ${r.type}.${r.relation}, ${r.rows.length} rows)`;
  return `record ${n} (${r.kind} of ${r.type} ${r.documentId}${r.locale === null ? '' : ` ${r.locale}`} ${r.status})`;
}

const isCarriedFile = (v: unknown): v is CarriedFile =>
  isRecord(v) && typeof v.name === 'string' && isStoredName(v.name) && Number.isSafeInteger(v.size) && (v.size as number) >= 0
  && typeof v.sha256 === 'string' && /^[0-9a-f]{64}$/.test(v.sha256);

const isStatus = (v: unknown): v is Status => v === 'draft' || v === 'published';
export const isTargetRef = (v: unknown): v is TargetRef =>
  typeof v === 'string' || (isRecord(v) && typeof v.documentId === 'string' && (v.locale === null || typeof v.locale === 'string') && isStatus(v.status));
const isPosition = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isRelationRef = (v: unknown): v is RelationRef => isPosition(v) || isTargetRef(v);

/** What a relation's list in a record must be, for the error that refuses it. */
export const TARGETS_ARE = 'must be a list of documentIds or { documentId, locale, status }';
