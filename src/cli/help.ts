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

export function mainHelp(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'Usage: quarry <command> [options]',
    '',
    'Quarry: a Strapi v5-compatible content API on LMDB.',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run `quarry <command> --help` for its options. Exit codes: 0 ok, 1 runtime error, 2 usage error, 3 problems found (check).',
    '',
  ].join('\n');
}
