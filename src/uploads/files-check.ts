import type { DocumentService } from '../documents/service.js';
import { Problems, type Problem } from '../store/check/problems.js';
import type { NamedFile } from './file-names.js';
import { fileRecords } from './file-records.js';
import type { FileStore } from './file-store.js';
import { kilobytes } from './images.js';

/** What `quarry check` finds wrong between the file records and the uploads folder; tests and scripts match on these. */
export type FileProblemKind =
  /** A record's file, or one of its formats' files, is not in the folder. */
  | 'file-missing'
  /** A file's size is not the one its record gives. */
  | 'file-size'
  /** A stored file no record names. */
  | 'file-orphan';

export interface FilesReport {
  readonly consistent: boolean;
  /** The first problems found (as many as the store's check shows). */
  readonly problems: readonly Problem<FileProblemKind>[];
  readonly problemCount: number;
  readonly counts: { readonly records: number; readonly files: number };
}

/**
 * Checks the file records, in every locale and status, against the uploads folder: each file a
 * record names (its own and its formats', `storedFilesOf`) is there with the size the record
 * gives, and each stored file is named by some record. Temporaries are left out: beside a
 * running server they belong to uploads in progress. It only reads the folder.
 */
export async function checkFiles(files: FileStore, records: DocumentService): Promise<FilesReport> {
  const present = new Set(await files.storedNames());
  const problems = new Problems<FileProblemKind>();
  const named = new Set<string>();
  let recordCount = 0;
  let fileCount = 0;
  for await (const record of fileRecords(records)) {
    recordCount++;
    const sizes = await Promise.all(record.files.map((file) => (present.has(file.name) ? files.sizeOf(file.name) : undefined)));
    record.files.forEach((file, i) => {
      fileCount++;
      named.add(file.name);
      const size = sizes[i];
      if (size === undefined) problems.add('file-missing', `${record.label}: ${file.name} is not in the uploads folder`);
      else if (!sizeMatches(file, size)) problems.add('file-size', `${record.label}: ${file.name} holds ${size} bytes, the record says ${recorded(file)}`);
    });
  }
  for (const name of present) if (!named.has(name)) problems.add('file-orphan', `${name}: no file record names it`);
  return { consistent: problems.count === 0, problems: problems.list, problemCount: problems.count, counts: { records: recordCount, files: fileCount } };
}

/** A format records its exact bytes; a file's own size is in kilobytes to two decimals, compared as Strapi rounds. */
function sizeMatches(file: NamedFile, bytes: number): boolean {
  if (file.bytes !== undefined) return file.bytes === bytes;
  return file.kilobytes === undefined || kilobytes(bytes) === file.kilobytes;
}

const recorded = (file: NamedFile): string => (file.bytes !== undefined ? `${file.bytes} bytes` : `${file.kilobytes} KB`);
