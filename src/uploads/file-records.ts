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
 * Pages are cut by keyset (`id > last`), a slice of the rows in id order: a record created or
 * deleted meanwhile cannot make the read skip or repeat another, as an offset would.
 */
export async function* fileRecords(records: DocumentService): AsyncGenerator<FileRecordFiles> {
  const ct = records.contentType;
  for (const status of statusesOf(records)) {
    for (let last = 0; ;) {
      const page = await records.findMany({ status, locale: '*', filters: { id: { $gt: last } }, fields: FIELDS, sort: 'id:asc', pagination: { start: 0, limit: PAGE, withCount: false } });
      for (const entry of page) yield { label: labelOf(entry, ct.localized, ct.draftAndPublish ? status : undefined), files: filesOf(entry) };
      if (page.length < PAGE) break;
      last = Number(page.at(-1)!.id);
    }
  }
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
