import { resolve } from 'node:path';
import type { Command } from '../command.js';
import { FOLDER_SETTINGS } from '../folder-argument.js';
import { openQuarry } from '../open.js';
import { describeSettings, given, resolveSettings } from '../settings.js';
import { exportFile } from '../transfer/export-file.js';
import { formatOf } from '../transfer/files.js';


export const exportCommand: Command = {
  name: 'export',
  summary: 'Write every document of a data folder to a JSON or msgpack file',
  positionals: ['FILE'],
  settings: FOLDER_SETTINGS,
  details: `
Writes FILE (.json or .msgpack/.mpk, by its extension) type by type, a page of rows at a time,
without holding the dataset in memory: each document version with its fields (components and
dynamic zones included, item by item), then each row's relations as ordered lists of
{ documentId, locale, status }, those inside its components laid out as its components are.
Uploaded files' bytes (each file record's own file and its formats') are copied to the folder
FILE.uploads beside it, under their stored names, and each file record lists its files with
their size and SHA-256; a file a record names that the uploads folder lacks is not exported,
with a warning (\`quarry check\` reports it). The file is written as FILE.partial and the folder
as FILE.uploads.partial; both are renamed once complete. The data folder is opened read-only.
Move or copy FILE and FILE.uploads together.

Example:
  quarry export backup.msgpack --schemas data/schemas --data .quarry/demo
`,
  async run(args, ctx) {
    const s = resolveSettings(FOLDER_SETTINGS, args.flags, ctx.env);
    const file = resolve(ctx.cwd, args.positionals[0]!);
    formatOf(file);
    ctx.stderr.write(describeSettings(this.name, s));
    const quarry = openQuarry({
      schemas: s.schemas.value, customFields: s.customFields.value, data: s.data.value, locales: given(s.locales), defaultLocale: s.defaultLocale.value,
    }, ctx, true);
    try {
      await exportFile(quarry, file, ctx.stderr);
    } finally {
      await quarry.close();
    }
    return 0;
  },
};
