import type { Quarry } from '../quarry.js';
import type { ParsedArgs } from './args.js';
import type { Context } from './context.js';
import { openQuarry } from './open.js';
import { describeSettings, given, resolveSettings, type SettingName } from './settings.js';
import { UsageError } from './usage.js';

/** The settings of a command that reads one data folder (`check`, `status`, `export`). */
export const FOLDER_SETTINGS = ['schemas', 'customFields', 'data', 'locales', 'defaultLocale'] as const;

/**
 * The data folder a command names by --data or as its DIR argument, opened read-only (servers may
 * keep running on it), its settings printed to stderr first.
 */
export function openFolderArgument(command: string, args: ParsedArgs, ctx: Pick<Context, 'cwd' | 'stderr' | 'env'>, more: readonly SettingName[] = []): Quarry {
  const [dir] = args.positionals;
  if (dir !== undefined && args.flags.data !== undefined) throw new UsageError('name the data folder once: as DIR or as --data');
  const s = resolveSettings(FOLDER_SETTINGS, args.flags, ctx.env, {}, dir === undefined ? {} : { data: dir });
  ctx.stderr.write(describeSettings(command, { ...s, ...resolveSettings(more, args.flags, ctx.env) }));
  return openQuarry({
    schemas: s.schemas.value, customFields: s.customFields.value, data: s.data.value, locales: given(s.locales), defaultLocale: s.defaultLocale.value,
  }, ctx, true);
}
