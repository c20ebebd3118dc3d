import type { DocumentService } from '../documents/service.js';
import { fileRecords } from './file-records.js';

/** The sweep was given up because its Quarry is closing: it removed nothing. */
export class SweepStopped extends Error {
  override readonly name = 'SweepStopped';
}

/**
 * Which of `stored` (the folder's stored names) no file record names, in any locale or status.
 * The records are read only when the folder holds something, and only until every stored name is
 * accounted for; memory holds the folder's names, never the records (docs/uploads.md, "The
 * start-up sweep"). `stopped` is asked between records: a closing Quarry ends the read.
 */
export async function unreferencedAmong(stored: readonly string[], records: DocumentService, stopped: () => boolean): Promise<ReadonlySet<string>> {
  const unnamed = new Set(stored);
  if (unnamed.size === 0) return unnamed;
  for await (const record of fileRecords(records)) {
    if (stopped()) throw new SweepStopped('the Quarry closed before the start-up sweep had read every file record');
    for (const file of record.files) unnamed.delete(file.name);
    // Nothing is left to remove: a record not read yet cannot matter.
    if (unnamed.size === 0) break;
  }
  return unnamed;
}
