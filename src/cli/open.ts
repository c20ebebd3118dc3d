import { existsSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { createQuarry, Quarry, type QuarryOptions } from '../quarry.js';
import { SweepStopped } from '../uploads/startup-sweep.js';
import type { Context } from './context.js';
import { importMarkOf, readFolderSettings } from '../store/folder-settings.js';
import { UsageError } from './usage.js';
import type { ReplicationSettings } from '../replication/settings.js';

export interface OpenSettings {
  readonly schemas: string;
  readonly data: string;
  /** Undefined when not given: the locales the folder kept (folder-settings.ts), else `en`. */
  readonly locales: readonly string[] | undefined;
  /** Empty: the folder's kept default when the locales are its too, else the first locale. */
  readonly defaultLocale: string;
  /** Custom field uid → the type it stores as. */
  readonly customFields?: QuarryOptions['customFields'];
  readonly noSync?: boolean;
  /** The folder will publish (`--publish`): see QuarryOptions.publishing. */
  readonly publishing?: boolean;
  /** Other processes serve the same folder (`--processes`). */
  readonly shared?: boolean;
  readonly pool?: QuarryOptions['pool'];
  readonly filterLimits?: QuarryOptions['filterLimits'];
  readonly queryTimeoutMs?: QuarryOptions['queryTimeoutMs'];
  readonly images?: QuarryOptions['images'];
}

/**
 * A Quarry from command settings; paths are relative to the command's folder. Read-only opens
 * need an existing folder. What the schemas loaded with a caveat (`registry.warnings`) is
 * printed to stderr, one line each, so a project that loads is never silently served partly.
 */
export function openQuarry(s: OpenSettings, ctx: Pick<Context, 'cwd' | 'stderr'>, readOnly = false): Quarry {
  const quarry = createQuarry(optionsOf(s, ctx, readOnly));
  reportOpened(quarry, ctx);
  return quarry;
}

/**
 * A live replica of the writer publishing to `replicaOf` (README, "Replicas"), its folder made
 * ready first (a snapshot, or where it stopped); the locales are the writer's.
 */
export async function openReplica(s: OpenSettings, replicaOf: ReplicationSettings, ctx: Pick<Context, 'cwd' | 'stderr'>): Promise<Quarry> {
  const quarry = await createQuarry({
    ...optionsOf(s, ctx, false),
    replicaOf,
    onFailure: (e) => ctx.stderr.write(`quarry: the replica stopped applying the writer's changes: ${e instanceof Error ? e.message : String(e)}; started again, it begins from a snapshot\n`),
  });
  reportOpened(quarry, ctx);
  return quarry;
}

/** One of the serving processes of a replica whose primary applies the stream (`Quarry.openReplicaView`). */
export async function openReplicaView(s: OpenSettings, replicaOf: ReplicationSettings, ctx: Pick<Context, 'cwd' | 'stderr'>): Promise<Quarry> {
  return Quarry.openReplicaView({ ...optionsOf(s, ctx, false), replicaOf });
}

function optionsOf(s: OpenSettings, ctx: Pick<Context, 'cwd' | 'stderr'>, readOnly: boolean): QuarryOptions {
  const { cwd } = ctx;
  const schemas = resolve(cwd, s.schemas);
  if (!existsSync(schemas)) throw new UsageError(`--schemas ${s.schemas}: no such folder`);
  const data = dataFolder(s.data, cwd, readOnly);
  const importing = importMarkOf(data);
  if (importing !== undefined) {
    throw new UsageError(`--data ${s.data}: an import into this folder (of ${importing.file}, begun ${importing.startedAt}) did not finish, so it holds part of that file: remove the folder and import again`);
  }
  const kept = s.locales === undefined ? readFolderSettings(data) : undefined;
  const locales = s.locales ?? kept?.locales ?? ['en'];
  const defaultLocale = s.defaultLocale !== '' ? s.defaultLocale : kept?.defaultLocale ?? locales[0]!;
  if (!locales.includes(defaultLocale)) throw new UsageError(`--default-locale ${defaultLocale} is not one of --locales (${locales.join(', ')})`);
  if (kept !== undefined) ctx.stderr.write(`locales: ${locales.join(', ')}, default ${defaultLocale}: kept by the data folder (--locales changes them)\n`);
  return {
    schemas, customFields: s.customFields, path: data, i18n: { defaultLocale, locales }, noSync: s.noSync ?? false, publishing: s.publishing ?? false, readOnly, shared: s.shared ?? false,
    pool: s.pool, filterLimits: s.filterLimits, queryTimeoutMs: s.queryTimeoutMs, images: s.images,
  };
}

/** What the schemas loaded with a caveat, and what the uploads folder's sweep removed, printed. */
function reportOpened(quarry: Quarry, ctx: Pick<Context, 'stderr'>): void {
  for (const warning of quarry.registry.warnings) ctx.stderr.write(`quarry: warning: ${warning}\n`);
  quarry.swept?.then((removed) => {
    if (removed.length > 0) ctx.stderr.write(`quarry: removed ${removed.length} leftovers from the uploads folder (temporaries, files no record names)\n`);
  }, (error: unknown) => {
    if (!(error instanceof SweepStopped)) ctx.stderr.write(`quarry: warning: the uploads folder's start-up sweep failed, leftovers stay: ${(error as Error).message}\n`);
  });
}

/** The absolute path of `--data`, checked: `mustExist` for commands that only read or change what is there. */
export function dataFolder(data: string, cwd: string, mustExist: boolean): string {
  const path = resolve(cwd, data);
  if (mustExist && !existsSync(path)) throw new UsageError(`--data ${data}: no such folder`);
  // lmdb-js opens a path with an extension as a single file rather than a folder.
  if (extname(path) !== '') throw new UsageError(`--data ${data}: a data folder's name must not have an extension (${extname(path)})`);
  return path;
}
