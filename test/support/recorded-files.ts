import type { Quarry } from '../../src/index.js';
import { FILE_UID } from '../../src/schema/builtin-upload.js';
import { filesOf } from '../../src/uploads/file-records.js';

/**
 * Puts bytes of each file record's recorded size (zeros) under the names it gives, through one
 * batch: for records made without an upload, so that the uploads folder matches them and an
 * export has files to carry. Up to 100 records.
 */
export async function writeRecordedFiles(quarry: Quarry): Promise<void> {
  const batch = quarry.files.batch();
  for (const record of await quarry.documents(FILE_UID).findMany({ pagination: { limit: 100 } })) {
    for (const file of filesOf(record)) await batch.write(file.name, Buffer.alloc(file.bytes ?? Math.round(file.kilobytes! * 1000)));
  }
  await batch.commit();
}
