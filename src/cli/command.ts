import type { ParsedArgs } from './args.js';
import type { Context } from './context.js';
import type { SettingName } from './settings.js';

export interface Command {
  readonly name: string;
  /** One line, for the command list. */
  readonly summary: string;
  /** Positional arguments, in order, as help shows them (`FILE`). */
  readonly positionals: readonly string[];
  readonly settings: readonly SettingName[];
  /** Defaults that differ from the settings' own for this command. */
  readonly defaults?: Partial<Record<SettingName, string>>;
  /** More help: what the command does, examples. */
  readonly details: string;
  /** Arguments go to another program untouched (only a leading --help is read). */
  readonly passThrough?: boolean;
  run(args: ParsedArgs, ctx: Context): Promise<number>;
}
