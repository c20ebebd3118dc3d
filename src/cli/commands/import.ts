import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from '../command.js';
import { openQuarry } from '../open.js';
import { describeSettings, resolveSettings } from '../settings.js';
import { formatOf } from '../transfer/files.js';
import { importFile, ImportStopped } from '../transfer/import-file.js';
import { UsageError } from '../usage.js';
import { compactStore } from '../../store/compact.js';

const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MiB`;

const IMPORT_SETTINGS = ['schemas', 'customFields', 'data', 'locales', 'defaultLocale', 'batch', 'noSync'] as const;

export const importCommand: Command = {
  name: 'import',
  summary: 'Load an export (JSON or msgpack) into a new data folder',
  positionals: ['FILE'],
  settings: IMPORT_SETTINGS,
  details: `
Reads FILE as a stream (.json or .msgpack/.mpk, by its extension) and writes it through the
document service in batches, one LMDB transaction per batch. Documents keep their documentIds,
draft and published versions and locales; components and dynamic zones keep their items in
order; both sides of every relation, and the relations inside components, keep their order.
The data folder must be new or empty. Rows and component instances get new ids; rows keep
their timestamps. At the end the folder
is compacted (LMDB's free pages dropped), which keeps later commits fast.

Uploaded files are read from the folder FILE.uploads beside FILE and restored into the data
folder's uploads folder. Each is checked against the size and SHA-256 its file record gives
before any record is written: a missing or changed file stops the import, naming the record,
with nothing written. Exports made before files were carried (format version 1) import as
before, their file records without bytes.

Progress goes to stderr: a bar on a terminal, plain lines otherwise.

Example:
  quarry import data/demo/dataset.json --schemas data/schemas --data .quarry/copy --locales en,fr
`,
  async run(args, ctx) {
    const s = resolveSettings(IMPORT_SETTINGS, args.flags, ctx.env);
    const file = resolve(ctx.cwd, args.positionals[0]!);
    formatOf(file);
    if (!existsSync(file)) throw new UsageError(`${args.positionals[0]}: no such file`);
    ctx.stderr.write(describeSettings(this.name, s));
    const quarry = openQuarry({
      schemas: s.schemas.value, customFields: s.customFields.value, data: s.data.value, locales: s.locales.value, defaultLocale: s.defaultLocale.value,
      noSync: s.noSync.value,
    }, ctx);
    try {
      await importFile(quarry, file, s.batch.value, ctx.stderr);
    } catch (e) {
      const after = e instanceof ImportStopped && e.wrote
        ? 'The data folder holds what was imported before the error: remove it before importing again.'
        : 'Nothing was written to the data folder.';
      throw new Error(`${(e as Error).message}\n${after}`, { cause: e });
    } finally {
      await quarry.close();
    }
    // The folder was new and is closed again: the import's free pages would slow later commits.
    const { bytesBefore, bytesAfter } = await compactStore(resolve(ctx.cwd, s.data.value));
    ctx.stderr.write(`compacted: ${mib(bytesBefore)} -> ${mib(bytesAfter)}\n`);
    return 0;
  },
};
