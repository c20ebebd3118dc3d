import type { Quarry } from '../../index.js';
import { FILE_UID } from '../../schema/builtin-upload.js';
import { Progress, type ProgressOutput } from '../progress.js';
import { Exporter } from './export.js';
import { RecordWriter } from './files.js';
import type { EndRecord, ExportRecord } from './format.js';
import { uploadsFolderOf, UploadsWriter } from './uploads-out.js';

/** Missing files named in the warning; the rest are counted. */
const MISSING_SHOWN = 10;

/**
 * Streams a Quarry to a JSON or msgpack file, with progress by rows read, and the uploaded
 * files its file records name to the folder beside it (uploads-out.ts).
 */
export async function exportFile(quarry: Quarry, path: string, progressOut: ProgressOutput): Promise<number> {
  const started = Date.now();
  const exporter = new Exporter(quarry);
  const hidden = await exporter.hidden();
  if (hidden.length > 0) progressOut.write(`export: warning: private attributes are not exported (the content API never shows them): ${hidden.join(', ')}\n`);
  const writer = RecordWriter.open(path);
  const uploads = new UploadsWriter(quarry.files, uploadsFolderOf(path));
  const progress = new Progress(progressOut, 'export');
  let records = 0;
  try {
    const total = await exporter.total();
    await writer.write(exporter.header());
    for await (const record of exporter.records()) {
      await writer.write(await withFiles(record, uploads));
      records++;
      progress.update(exporter.visited, total, `${record.type} (${records} records)`);
    }
    const end: EndRecord = { kind: 'end', records };
    await writer.write(end);
    // The folder goes first: an export file in place always has its files beside it.
    await uploads.close();
    await writer.close();
  } catch (e) {
    await writer.abort();
    await uploads.abort();
    throw e;
  }
  const files = uploads.files === 0 ? '' : `, ${uploads.files} files (${(uploads.bytes / 1024 ** 2).toFixed(1)} MiB) in ${uploadsFolderOf(path)}`;
  progress.finish(`${records} records${files} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (uploads.missing.length > 0) {
    const more = uploads.missing.length - MISSING_SHOWN;
    progressOut.write(`export: warning: ${uploads.missing.length} files named by file records are not in the uploads folder, so not exported `
      + `(\`quarry check\` reports them): ${uploads.missing.slice(0, MISSING_SHOWN).join(', ')}${more > 0 ? ` and ${more} more` : ''}\n`);
  }
  return records;
}

/** A file record with the files carried beside the export; none carried, no list (as a version 1 export has it). */
async function withFiles(record: ExportRecord, uploads: UploadsWriter): Promise<ExportRecord> {
  if (record.kind !== 'version' || record.type !== FILE_UID) return record;
  const files = await uploads.carry(record.documentId, record.data);
  return files.length === 0 ? record : { ...record, files };
}
