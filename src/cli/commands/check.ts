import type { CheckReport, FilesReport } from '../../index.js';
import type { Command } from '../command.js';
import type { Context } from '../context.js';
import { FOLDER_SETTINGS, openFolderArgument } from '../folder-argument.js';
import { EXIT_OK, EXIT_PROBLEMS } from '../usage.js';

export const checkCommand: Command = {
  name: 'check',
  summary: 'Check a data folder: every index and relation list against the entries, uploaded files against their records',
  positionals: ['[DIR]'],
  settings: FOLDER_SETTINGS,
  details: `
Reads the LMDB data folder given by --data (or as DIR) read-only, so a server may keep running
on it, and checks that everything derived from the entries agrees with them exactly: the
documentId lookup, row counts, every secondary index (plain, case-folded, trigram and null
sets), the components each row holds (lists where lists belong, dynamic-zone items of allowed
components, each instance id held once per component), and every relation list: its order
against its position index and bounds, its target sets, both sides of every relation against
each other, and no link from or to an entry, or a component instance, that does not exist.
Then the uploads folder (<data folder>/uploads) against the plugin::upload.file records, in
every locale and status: a file or a format's file that is missing (file-missing), a size that
is not the recorded one (file-size), and a stored file no record names (file-orphan).

Prints a summary when all is consistent (exit 0), else every problem found (exit 3).

Example:
  quarry check --data .quarry/mine --schemas data/schemas
`,
  async run(args, ctx) {
    const quarry = openFolderArgument(this.name, args, ctx);
    try {
      const report = quarry.check();
      const files = await quarry.checkFiles();
      print(report, files, ctx);
      return report.consistent && files.consistent ? EXIT_OK : EXIT_PROBLEMS;
    } finally {
      await quarry.close();
    }
  },
};

function print(report: CheckReport, files: FilesReport, ctx: Context): void {
  const { types, rows, indexSets, lists, links, components } = report.counts;
  const checked = `${types} types, ${rows} rows, ${components} components, ${indexSets} index sets, ${lists} relation lists, ${links} links, `
    + `${files.counts.records} file records, ${files.counts.files} stored files`;
  if (report.consistent && files.consistent) {
    ctx.stdout.write(`consistent: ${checked}\n`);
    return;
  }
  for (const p of [...report.problems, ...files.problems]) ctx.stdout.write(`${p.kind}: ${p.message}\n`);
  const count = report.problemCount + files.problemCount;
  const unshown = count - report.problems.length - files.problems.length;
  ctx.stdout.write(`${count} problems${unshown > 0 ? ` (${unshown} not shown)` : ''} in ${checked}\n`);
}
