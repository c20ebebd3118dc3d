import { parseArgs } from 'node:util';
import { SETTINGS, type SettingName } from './settings.js';
import { UsageError } from './usage.js';

export interface ParsedArgs {
  /** Flag values by flag name (`default-locale`), as typed. */
  readonly flags: Readonly<Record<string, string | boolean | undefined>>;
  readonly positionals: readonly string[];
  readonly help: boolean;
}

/**
 * Reads `--flag value`, `--flag=value`, boolean flags and positionals; a positional written in
 * brackets (`[DIR]`) may be left out. Unknown flags, missing values and a wrong number of
 * positionals are usage errors.
 */
export function parseCommandArgs(argv: readonly string[], settings: readonly SettingName[], positionals: readonly string[]): ParsedArgs {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = { help: { type: 'boolean', short: 'h' } };
  for (const name of settings) options[SETTINGS[name].flag] = { type: SETTINGS[name].boolean ? 'boolean' : 'string' };
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const { help, ...flags } = parsed.values as Record<string, string | boolean | undefined>;
  const required = positionals.filter((p) => !p.startsWith('[')).length;
  const given = parsed.positionals.length;
  if (!help && (given < required || given > positionals.length)) {
    const wanted = positionals.length === 0 ? 'no arguments' : positionals.join(' ');
    throw new UsageError(`expected ${wanted}, got ${parsed.positionals.length === 0 ? 'none' : parsed.positionals.map((p) => JSON.stringify(p)).join(' ')}`);
  }
  return { flags, positionals: parsed.positionals, help: help === true };
}
