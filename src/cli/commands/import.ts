import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from '../command.js';
import { openQuarry } from '../open.js';
import { describeSettings, given, resolveSettings } from '../settings.js';
import { formatOf } from '../transfer/files.js';
import type { ExportHeader } from '../transfer/format.js';
import { exportHeaderOf, importFile, ImportStopped } from '../transfer/import-file.js';
import { UsageError } from '../usage.js';
import { mallocNote } from '../malloc-settings.js';
import { v8PoolNote } from '../v8-pool.js';
import { compactStore } from '../../store/compact.js';
import { clearImportMark, markImportStarted } from '../../store/folder-settings.js';

const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MiB`;

const IMPORT_SETTINGS = ['schemas', 'customFields', 'data', 'locales', 'defaultLocale', 'batch'] as const;

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

An export carries what its import needs: the locales and default locale it was made with
(taken unless --locales is given, which must then hold all of them) and what each exported
content-type's fields store (an export made under other schemas is refused, naming the fields
that differ). Both are checked before anything is written. The data folder keeps its locales,
so that commands opening it later (serve, export, check) need no --locales either.

From its first write the data folder is marked incomplete until the import has ended well: a
folder whose import was interrupted keeps the mark, and every command refuses to open it (remove
it and import again) rather than serve part of the file.

Progress goes to stderr: a bar on a terminal, plain lines otherwise.

Example:
  quarry import data/demo/dataset.json --schemas data/schemas --data .quarry/copy
`,
  async run(args, ctx) {
    const s = resolveSettings(IMPORT_SETTINGS, args.flags, ctx.env);
    const file = resolve(ctx.cwd, args.positionals[0]!);
    formatOf(file);
    if (!existsSync(file)) throw new UsageError(`${args.positionals[0]}: no such file`);
    ctx.stderr.write(describeSettings(this.name, s));
    ctx.stderr.write(mallocNote());
    ctx.stderr.write(v8PoolNote());
    const header = await exportHeaderOf(file).catch((e: Error) => {
      throw new Error(`${e.message}\nNothing was written to the data folder.`, { cause: e });
    });
    const i18n = localesFor(header, given(s.locales), s.defaultLocale.value);
    if (given(s.locales) === undefined && header.locales !== undefined) ctx.stderr.write(`locales: ${header.locales.join(', ')}: the export's\n`);
    const quarry = openQuarry({
      // Batches commit without an fsync each: the folder is marked incomplete until its compacted
      // copy is synced at the end (compactStore), so a crash leaves it marked, never partial.
      schemas: s.schemas.value, customFields: s.customFields.value, data: s.data.value, noSync: true, ...i18n,
    }, ctx);
    const data = resolve(ctx.cwd, s.data.value);
    let inOrder = false;
    try {
      // Marked incomplete from before its first write: a folder this import does not finish is never served as if whole.
      ({ inOrder } = await importFile(quarry, file, s.batch.value, ctx.stderr, () => markImportStarted(data, file)));
    } catch (e) {
      const wrote = e instanceof ImportStopped && e.wrote;
      if (!wrote) clearImportMark(data);
      const after = wrote
        ? 'The data folder holds what was imported before the error, and is marked incomplete: remove it before importing again.'
        : 'Nothing was written to the data folder.';
      throw new Error(`${(e as Error).message}\n${after}`, { cause: e });
    } finally {
      await quarry.close();
    }
    // The folder was new and is closed again: the import's free pages would slow later commits,
    // and pages written entry by entry are half empty (compactStore).
    const { bytesBefore, bytesAfter } = await compactStore(data, { repack: !inOrder });
    clearImportMark(data);
    ctx.stderr.write(`compacted: ${mib(bytesBefore)} -> ${mib(bytesAfter)}\n`);
    return 0;
  },
};

/**
 * The locales to import with: those given, else the export's (an export made before it carried
 * them takes the settings' defaults). Given ones must hold every locale the export was made with,
 * or the import is refused before anything is written.
 */
function localesFor(header: ExportHeader, locales: readonly string[] | undefined, defaultLocale: string): { locales: readonly string[] | undefined; defaultLocale: string } {
  if (locales === undefined) return { locales: header.locales, defaultLocale: defaultLocale !== '' ? defaultLocale : header.defaultLocale ?? '' };
  const missing = (header.locales ?? []).filter((locale) => !locales.includes(locale));
  if (missing.length > 0) {
    throw new UsageError(`the export was made with locales ${header.locales!.join(', ')}, and --locales ${locales.join(',')} leaves out ${missing.join(', ')}: `
      + 'give them too, or leave --locales out to take the export\'s. Nothing was written to the data folder.');
  }
  return { locales, defaultLocale };
}
