import type { Quarry } from '../../index.js';
import { Progress, type ProgressOutput } from '../progress.js';
import { Exporter } from './export.js';
import { RecordWriter } from './files.js';
import type { EndRecord } from './format.js';

/** Streams a Quarry to a JSON or msgpack file, with progress by rows read. */
export async function exportFile(quarry: Quarry, path: string, progressOut: ProgressOutput): Promise<number> {
  const started = Date.now();
  const exporter = new Exporter(quarry);
  const hidden = await exporter.hidden();
  if (hidden.length > 0) progressOut.write(`export: warning: private attributes are not exported (the content API never shows them): ${hidden.join(', ')}\n`);
  const writer = RecordWriter.open(path);
  const progress = new Progress(progressOut, 'export');
  let records = 0;
  try {
    const total = await exporter.total();
    await writer.write(exporter.header());
    for await (const record of exporter.records()) {
      await writer.write(record);
      records++;
      progress.update(exporter.visited, total, `${record.type} (${records} records)`);
    }
    const end: EndRecord = { kind: 'end', records };
    await writer.write(end);
    await writer.close();
  } catch (e) {
    await writer.abort();
    throw e;
  }
  progress.finish(`${records} records in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return records;
}
