import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { Quarry } from '../../index.js';
import { FILE_UID } from '../../schema/builtin-upload.js';
import type { FileBatch } from '../../uploads/file-store.js';
import { openRecordReader, valuesOf } from './files.js';
import type { CarriedFile, ExportRecord } from './format.js';
import { describe, readHeader, readRecord } from './records.js';
import { uploadsFolderOf } from './uploads-out.js';

/**
 * The files an export carries, staged in one batch of the new folder's uploads folder before
 * any record is written. An export lists file records first (format.ts), so reading its head
 * up to the first other record finds them all; each file is copied from the folder beside the
 * export and checked against the size and SHA-256 its record gives, which the batch computes as
 * it writes. A missing or changed file stops the import before anything is written, naming
 * the record. The caller commits the batch before the records go in and discards it if the
 * import fails after, so a failed import leaves no stray file.
 */
export class StagedUploads {
  /** Staged files by name: the import checks each file record's against it. */
  private readonly staged = new Map<string, CarriedFile>();
  bytes = 0;

  private constructor(readonly batch: FileBatch) {}

  get count(): number {
    return this.staged.size;
  }

  /** Reads the head of the export at `path` and stages the files its file records carry. */
  static async stage(quarry: Quarry, path: string): Promise<StagedUploads> {
    const uploads = new StagedUploads(quarry.files.batch());
    const reader = openRecordReader(path);
    try {
      let n = 0;
      for await (const value of valuesOf(reader)) {
        if (n++ === 0) {
          // Version 1 exports carry no files.
          if (readHeader(value, quarry.registry).version < 2) break;
          continue;
        }
        const record = readRecord(value, quarry.registry, n - 1);
        if (record.kind !== 'version' || record.type !== FILE_UID) break;
        for (const file of record.files ?? []) await uploads.add(record, n - 1, file, uploadsFolderOf(path));
      }
      return uploads;
    } catch (error) {
      await uploads.batch.discard();
      throw error;
    } finally {
      reader.close();
    }
  }

  /** Throws, naming the record, when a file record carries a file that was not staged (it came after other records). */
  expect(record: ExportRecord, n: number): void {
    if (record.kind !== 'version') return;
    for (const file of record.files ?? []) {
      if (!this.staged.has(file.name)) throw new Error(`${describe(record, n)}: its file ${file.name} is listed after records of other types, where an import does not look for files (an export lists file records first)`);
    }
  }

  private async add(record: ExportRecord, n: number, file: CarriedFile, folder: string): Promise<void> {
    const where = `${describe(record, n)}: its file ${file.name}`;
    const known = this.staged.get(file.name);
    if (known) {
      if (known.size !== file.size || known.sha256 !== file.sha256) throw new Error(`${where} is recorded with another size or SHA-256 than an earlier record gives it`);
      return;
    }
    let stored;
    try {
      stored = await this.batch.write(file.name, createReadStream(join(folder, file.name)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`${where} is not in ${folder}`, { cause: error });
      throw new Error(`${where} cannot be read from ${folder}: ${(error as Error).message}`, { cause: error });
    }
    if (stored.size !== file.size || stored.sha256 !== file.sha256) {
      throw new Error(`${where} in ${folder} has ${stored.size} bytes with SHA-256 ${stored.sha256}; the export recorded ${file.size} bytes with SHA-256 ${file.sha256}: it was changed or damaged`);
    }
    this.staged.set(file.name, file);
    this.bytes += stored.size;
  }
}
