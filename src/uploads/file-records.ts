import type { DocumentService } from '../documents/service.js';
import type { Entry } from '../documents/entry.js';
import type { Status } from '../store/layout.js';
import { storedFilesOf, type NamedFile } from './file-names.js';

/** The document service's largest page. */
const PAGE = 100;

/** What the folder checks and the sweep read of a file record. */
const FIELDS = ['name', 'hash', 'ext', 'size', 'formats', 'provider'];

/** A file record as the folder's readers see it: which one it is, and the files its bytes live in. */
export interface FileRecordFiles {
  /** For messages: `file <id> "<name>"`, with its locale and status when the type has them. */
  readonly label: string;
  /** Its own file first, then each format's; empty when another provider holds its bytes. */
  readonly files: readonly NamedFile[];
}

/**
 * Every `plugin::upload.file` record, in every locale and status the type has, a page at a time
 * in id order, through the document service. Records of a provider other than Strapi's `local`
 * keep their bytes elsewhere: they name no file of the folder.
 *
 * Pages are cut by offset, which is cheap (a filter `id > last` is tested row by row, so that
 * every page would cost the whole table: docs/uploads.md has the figures). A record created or
 * deleted between two pages shifts the offsets, so a reader that must see every record wraps
 * its read in `settled`.
 */
export async function* fileRecords(records: DocumentService): AsyncGenerator<FileRecordFiles> {
  const ct = records.contentType;
  for (const status of statusesOf(records)) {
    for (let start = 0; ; start += PAGE) {
      const page = await records.findMany({ status, locale: '*', fields: FIELDS, sort: 'id:asc', pagination: { start, limit: PAGE, withCount: false } });
      for (const entry of page) yield { label: labelOf(entry, ct.localized, ct.draftAndPublish ? status : undefined), files: filesOf(entry) };
      if (page.length < PAGE) break;
    }
  }
}

/** Reads of every record tried before `settled` gives up. */
const ATTEMPTS = 3;

/** No read of every file record saw them unchanged from its start to its end. */
export class RecordsKeptChanging extends Error {
  override readonly name = 'RecordsKeptChanging';
}

/**
 * Runs `read` (a walk of `fileRecords`) until no file record was created or deleted while it
 * ran, which is when it has seen every record exactly once; updates keep both the count and
 * the highest id, and cannot shift a page. Gives up with RecordsKeptChanging after a few tries.
 */
export async function settled<T>(records: DocumentService, read: () => Promise<T>): Promise<T> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const before = await markOf(records);
    const result = await read();
    if ((await markOf(records)) === before) return result;
  }
  throw new RecordsKeptChanging(`file records were created or deleted during each of ${ATTEMPTS} reads of them`);
}

/** What a creation or a deletion changes: per status, how many records there are and the highest id. */
async function markOf(records: DocumentService): Promise<string> {
  const parts: string[] = [];
  for (const status of statusesOf(records)) {
    const [last] = await records.findMany({ status, locale: '*', fields: ['id'], sort: 'id:desc', pagination: { start: 0, limit: 1, withCount: false } });
    parts.push(`${await records.count({ status, locale: '*' })}:${String(last?.id ?? 0)}`);
  }
  return parts.join(' ');
}

const statusesOf = (records: DocumentService): readonly Status[] => (records.contentType.draftAndPublish ? ['published', 'draft'] : ['published']);

/** The files of a record as the document service shows it; none unless its provider is the local one. */
export function filesOf(entry: Entry): NamedFile[] {
  if (entry.provider !== 'local' || typeof entry.hash !== 'string') return [];
  return storedFilesOf({ hash: entry.hash, ext: typeof entry.ext === 'string' ? entry.ext : null, size: entry.size, formats: entry.formats });
}

function labelOf(entry: Entry, localized: boolean, status: Status | undefined): string {
  const where = [localized ? String(entry.locale) : undefined, status].filter((part) => part !== undefined).join(' ');
  return `file ${String(entry.id)} ${JSON.stringify(entry.name)}${where === '' ? '' : ` (${where})`}`;
}
