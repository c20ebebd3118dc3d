import { benchCommand } from './commands/bench.js';
import { checkCommand } from './commands/check.js';
import { demoCommand } from './commands/demo.js';
import { exportCommand } from './commands/export.js';
import { importCommand } from './commands/import.js';
import { serveCommand } from './commands/serve.js';
import { statusCommand } from './commands/status.js';
import { snapshotCommand } from './commands/snapshot.js';
import { tokenCreateCommand, tokenListCommand, tokenRevokeCommand } from './commands/token.js';
import { parseCommandArgs, type ParsedArgs } from './args.js';
import type { Command } from './command.js';
import { processContext, type Context } from './context.js';
import { commandHelp, groupHelp, mainHelp } from './help.js';
import { EXIT_OK, EXIT_RUNTIME, EXIT_USAGE, UsageError } from './usage.js';

export const COMMANDS: readonly Command[] = [
  serveCommand, importCommand, exportCommand, checkCommand, statusCommand, snapshotCommand, tokenCreateCommand, tokenListCommand, tokenRevokeCommand, benchCommand, demoCommand,
];

const HELP = new Set(['--help', '-h', 'help']);

/** Runs `quarry <argv...>` and answers its exit code; bin/quarry.js sets it on the process. */
export async function main(argv: readonly string[], ctx: Context = processContext()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || HELP.has(name)) {
    const topic = rest.join(' ');
    const asked = name === 'help' ? COMMANDS.find((c) => c.name === topic) : undefined;
    const group = name === 'help' ? groupOf(topic) : [];
    const help = asked ? commandHelp(asked) : group.length > 0 ? groupHelp(topic, group) : mainHelp(COMMANDS);
    (name === undefined ? ctx.stderr : ctx.stdout).write(help);
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  // Commands of a group are two words (`token create`).
  const grouped = COMMANDS.find((c) => c.name === `${name} ${rest[0]}`);
  const cmd = grouped ?? COMMANDS.find((c) => c.name === name);
  if (!cmd) {
    const group = groupOf(name);
    if (group.length === 0) {
      ctx.stderr.write(`quarry: unknown command ${JSON.stringify(name)}. Run \`quarry --help\` for the commands.\n`);
      return EXIT_USAGE;
    }
    // `quarry token --help` asks for the group's help, as `quarry token create --help` does for one command.
    if (rest[0] !== undefined && HELP.has(rest[0]) && rest[0] !== 'help') {
      ctx.stdout.write(groupHelp(name, group));
      return EXIT_OK;
    }
    ctx.stderr.write(`quarry ${name}: expected one of ${group.map((c) => c.name.slice(name.length + 1)).join(', ')}.\n${groupHelp(name, group)}`);
    return EXIT_USAGE;
  }
  try {
    const args = readArgs(cmd, grouped ? rest.slice(1) : rest);
    if (args.help) {
      ctx.stdout.write(commandHelp(cmd));
      return EXIT_OK;
    }
    return await cmd.run(args, ctx);
  } catch (e) {
    if (e instanceof UsageError) {
      ctx.stderr.write(`quarry ${cmd.name}: ${e.message}\nRun \`quarry ${cmd.name} --help\` for its usage.\n`);
      return EXIT_USAGE;
    }
    ctx.stderr.write(`quarry ${cmd.name}: error: ${e instanceof Error ? e.message : String(e)}\n`);
    return EXIT_RUNTIME;
  }
}

/** The commands of a group (`token`: `token create`, ...); none when `name` is not a group. */
function groupOf(name: string): Command[] {
  return name === '' ? [] : COMMANDS.filter((c) => c.name.startsWith(`${name} `));
}

function readArgs(cmd: Command, argv: readonly string[]): ParsedArgs {
  if (!cmd.passThrough) return parseCommandArgs(argv, cmd.settings, cmd.positionals);
  const help = argv[0] !== undefined && HELP.has(argv[0]) && argv[0] !== 'help';
  return { flags: {}, positionals: argv[0] === '--' ? argv.slice(1) : argv, help };
}
