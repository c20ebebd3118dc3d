import type { CheckReport, FilesReport, Quarry } from '../../index.js';
import type { ParsedArgs } from '../args.js';
import type { Command } from '../command.js';
import type { Context } from '../context.js';
import { FOLDER_SETTINGS, openFolderArgument } from '../folder-argument.js';
import { EXIT_OK, EXIT_PROBLEMS } from '../usage.js';
import { resolveSettings } from '../settings.js';

export const checkCommand: Command = {
  name: 'check',
  summary: 'Check a data folder: every index and relation list against the entries, uploaded files against their records',
  positionals: ['[DIR]'],
  settings: [...FOLDER_SETTINGS, 'compare'],
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

With --compare OTHER, then compares the folder's content with another's (a replica and its
writer): every database but each folder's own state (outbox, replication point, API tokens),
entry by entry as stored: rows, the documentId lookup, counters, every index and every relation
list with its order keys. Folders that are the same at the same write transaction are equal; one
that differs prints each database that does.

Prints a summary when all is consistent (exit 0), else every problem found (exit 3).

Example:
  quarry check --data .quarry/mine --schemas data/schemas
  quarry check .quarry/replica --compare .quarry/writer --schemas data/schemas
`,
  async run(args, ctx) {
    const quarry = openFolderArgument(this.name, args, ctx, ['compare']);
    try {
      const report = quarry.check();
      const files = await quarry.checkFiles();
      print(report, files, ctx);
      const other = resolveSettings(['compare'], args.flags, ctx.env).compare.value;
      const same = other === '' || (await compareWith(quarry, other, args, ctx));
      return report.consistent && files.consistent && same ? EXIT_OK : EXIT_PROBLEMS;
    } finally {
      await quarry.close();
    }
  },
};

/** Whether the folder `other` holds what `quarry`'s does, database by database; prints which differ. */
async function compareWith(quarry: Quarry, other: string, args: ParsedArgs, ctx: Context): Promise<boolean> {
  const second = openFolderArgument('check', { ...args, positionals: [], flags: { ...args.flags, data: other, compare: undefined } }, { ...ctx, stderr: { write: () => true } });
  try {
    const mine = quarry.store.digest();
    const theirs = second.store.digest();
    const names = [...new Set([...mine.keys(), ...theirs.keys()])].sort();
    const differing = names.filter((name) => mine.get(name)?.sha256 !== theirs.get(name)?.sha256);
    const entries = [...mine.values()].reduce((n, d) => n + d.entries, 0);
    if (differing.length === 0) {
      ctx.stdout.write(`same content as ${other}: ${names.length} databases, ${entries} entries\n`);
      return true;
    }
    for (const name of differing) ctx.stdout.write(`differs: ${name}: ${mine.get(name)?.entries ?? 'no'} entries here, ${theirs.get(name)?.entries ?? 'no'} in ${other}\n`);
    ctx.stdout.write(`${differing.length} of ${names.length} databases differ from ${other}\n`);
    return false;
  } finally {
    await second.close();
  }
}

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
