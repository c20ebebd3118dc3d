import type { Command } from './command.js';
import { SETTINGS } from './settings.js';

export function commandHelp(cmd: Command): string {
  const lines = [`Usage: quarry ${cmd.name}${cmd.positionals.map((p) => ` ${p}`).join('')}${cmd.settings.length > 0 ? ' [options]' : ''}`, '', cmd.summary, '', cmd.details.trimEnd(), ''];
  if (cmd.settings.length > 0) {
    lines.push('Options (flag, else environment variable, else default):');
    for (const name of cmd.settings) {
      const s = SETTINGS[name];
      const fallback = cmd.defaults?.[name] ?? s.fallback;
      const shown = fallback === undefined ? 'required' : fallback === '' ? 'unset' : `default ${fallback}`;
      lines.push(`  --${s.flag}${s.boolean ? '' : ' VALUE'}`, `      ${s.describe}`, `      env ${s.env}; ${shown}`);
    }
  }
  lines.push('  -h, --help', '      show this help', '');
  return lines.join('\n');
}

function commandList(commands: readonly Command[]): string[] {
  const width = Math.max(...commands.map((c) => c.name.length));
  return commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
}

/** The help of a group of two-word commands (`quarry token`): its commands, each with its summary. */
export function groupHelp(group: string, commands: readonly Command[]): string {
  const words = commands.map((c) => c.name.slice(group.length + 1));
  return [
    `Usage: quarry ${group} <${words.join('|')}> [options]`,
    '',
    'Commands:',
    ...commandList(commands),
    '',
    `Run \`quarry ${group} <command> --help\` for its options.`,
    '',
  ].join('\n');
}

export function mainHelp(commands: readonly Command[]): string {
  return [
    'Usage: quarry <command> [options]',
    '',
    'Quarry: a Strapi v5-compatible content API on LMDB.',
    '',
    'Commands:',
    ...commandList(commands),
    '',
    'Run `quarry <command> --help` for its options. Exit codes: 0 ok, 1 runtime error, 2 usage error, 3 problems found (check).',
    '',
  ].join('\n');
}
