import type { Quarry } from '../../index.js';
import { grouped, Progress, type ProgressOutput } from '../progress.js';
import { openRecordReader, valuesOf } from './files.js';
import { Importer } from './import.js';
import type { ExportHeader } from './format.js';
import { parseHeader, readHeader, readRecord } from './records.js';
import { StagedUploads } from './uploads-in.js';

export interface ImportSummary {
  readonly records: number;
  readonly ms: number;
  /** Every record went through the bulk door, which writes in key order (Importer.inOrder). */
  readonly inOrder: boolean;
}

/**
 * An import that stopped on an error. `wrote` says whether any of it reached the data folder
 * by then: only then is there something to remove before importing again.
 */
export class ImportStopped extends Error {
  override readonly name = 'ImportStopped';
  constructor(cause: unknown, readonly wrote: boolean) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/** The header of the export at `path`, read before a Quarry is opened for it: its locales decide how to open it. */
export async function exportHeaderOf(path: string): Promise<ExportHeader> {
  const reader = openRecordReader(path);
  try {
    for await (const value of valuesOf(reader)) return parseHeader(value);
    throw new Error(`${path}: the file is empty`);
  } finally {
    reader.close();
  }
}

/**
 * Streams a JSON or msgpack export into an empty Quarry, with progress by bytes read, and its
 * uploaded files into the Quarry's uploads folder, every one checked and staged before the first
 * record is written (uploads-in.ts); throws ImportStopped, having removed the files it put there.
 * `begins` is called once the Quarry is known to be empty, before anything is written to it.
 */
export async function importFile(quarry: Quarry, path: string, batch: number, progressOut: ProgressOutput, begins: () => void = () => undefined): Promise<ImportSummary> {
  const importer = new Importer(quarry, batch);
  let uploads: StagedUploads | undefined;
  try {
    const started = Date.now();
    await importer.checkEmpty();
    begins();
    uploads = await StagedUploads.stage(quarry, path);
    if (uploads.count > 0) progressOut.write(`import: ${uploads.count} files (${(uploads.bytes / 1024 ** 2).toFixed(1)} MiB) checked against their SHA-256\n`);
    await uploads.batch.commit();
    return await load(importer, uploads, quarry, path, progressOut, started);
  } catch (e) {
    await uploads?.batch.discard();
    throw new ImportStopped(e, importer.wrote);
  }
}

async function load(importer: Importer, uploads: StagedUploads, quarry: Quarry, path: string, progressOut: ProgressOutput, started: number): Promise<ImportSummary> {
  const reader = openRecordReader(path);
  const progress = new Progress(progressOut, 'import');
  let n = 0;
  let ended = false;
  // A stopped import leaves its folder marked incomplete (importFile's `begins`), so index
  // changes the deferral drops with it cannot be mistaken for a whole folder.
  await quarry.store.deferIndexes(async () => {
    for await (const batch of reader.batches) {
      for (const value of batch) {
        if (ended) throw new Error(`${path}: values after the end record`);
        if (n++ === 0) {
          readHeader(value, quarry.registry);
          continue;
        }
        const record = readRecord(value, quarry.registry, n - 1);
        if (record.kind === 'end') {
          if (record.records !== importer.count) throw new Error(`${path}: the end record counts ${record.records} records, the file holds ${importer.count}`);
          ended = true;
          continue;
        }
        uploads.expect(record, n - 1);
        const written = importer.add(record, n - 1);
        if (written) await written;
      }
      progress.update(reader.bytesRead(), reader.size, () => `${importer.count} records, ${perSecond(importer.count, started)}/s`);
    }
    if (n === 0) throw new Error(`${path}: the file is empty`);
    if (!ended) throw new Error(`${path}: the file ends before its end record: it was cut short`);
    // What waits for the last record takes a while at scale (a third of a million-row import): said, so it is not taken for a hang.
    progress.say(`${importer.count} records read in ${((Date.now() - started) / 1000).toFixed(1)} s; building indexes and writing lists`);
    await importer.finish();
  });
  const ms = Date.now() - started;
  progress.finish(`${importer.count} records in ${(ms / 1000).toFixed(1)} s, ${perSecond(importer.count, started)}/s`);
  return { records: importer.count, ms, inOrder: importer.inOrder };
}

const perSecond = (records: number, since: number): string =>
  grouped((records * 1000) / Math.max(1, Date.now() - since));
