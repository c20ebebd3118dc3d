import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What a data folder remembers of how it was last opened for writing, so that the commands
 * opening it later without flags (`quarry serve --data DIR`) configure it the same way: its
 * locales and their default. Kept in a small JSON file beside the LMDB files, readable before
 * the environment is opened (its settings are needed to open it).
 */
export interface FolderSettings {
  readonly locales: readonly string[];
  readonly defaultLocale: string;
}

const FILE = 'quarry-settings.json';
const IMPORTING = 'quarry-import-incomplete.json';

/** The folder's settings, or undefined when it has none (new, or made before they were kept). */
export function readFolderSettings(folder: string): FolderSettings | undefined {
  let text: string;
  try {
    text = readFileSync(join(folder, FILE), 'utf8');
  } catch {
    return undefined;
  }
  const value = JSON.parse(text) as Partial<FolderSettings> | null;
  const { locales, defaultLocale } = value ?? {};
  if (!Array.isArray(locales) || !locales.every((l) => typeof l === 'string') || typeof defaultLocale !== 'string') {
    throw new Error(`${join(folder, FILE)}: expected { "locales": [...], "defaultLocale": "..." }`);
  }
  return { locales, defaultLocale };
}

/** Keeps the settings a folder was opened with, when they differ from what it kept; written whole or not at all. */
export function keepFolderSettings(folder: string, settings: FolderSettings): void {
  const kept = readFolderSettings(folder);
  if (kept !== undefined && kept.defaultLocale === settings.defaultLocale && kept.locales.join(',') === settings.locales.join(',')) return;
  const path = join(folder, FILE);
  // A temporary of this process's own: serving processes opening the folder together never share one.
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ locales: settings.locales, defaultLocale: settings.defaultLocale }, null, 2)}\n`);
  renameSync(temporary, path);
}

/** What an import in progress left in its folder: it is marked incomplete until the import ends well. */
export interface ImportMark {
  readonly file: string;
  readonly startedAt: string;
}

/**
 * Marks the folder as holding an import in progress, from its first write: a folder whose
 * import was interrupted (killed, or stopped by a bad record after writing) keeps the mark, and
 * the commands refuse to open it rather than serve part of the data (`importMarkOf`).
 */
export function markImportStarted(folder: string, file: string): void {
  writeFileSync(join(folder, IMPORTING), `${JSON.stringify({ file, startedAt: new Date().toISOString() } satisfies ImportMark)}\n`);
  // On disk before the import's first write, which is not synced (see syncToDisk).
  syncToDisk(join(folder, IMPORTING));
  syncToDisk(folder);
}

/** The import ended well (or wrote nothing): the folder is whole. */
export function clearImportMark(folder: string): void {
  rmSync(join(folder, IMPORTING), { force: true });
  syncToDisk(folder);
}

/**
 * Flushes a file's or folder's writes to the disk. An import commits without syncing and syncs
 * once at the end (its compacted copy, then the removal of its mark): until then the mark says
 * the folder is incomplete, so a crash never leaves what looks like a whole folder.
 */
export function syncToDisk(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The mark of an import that did not end, or undefined. */
export function importMarkOf(folder: string): ImportMark | undefined {
  try {
    return JSON.parse(readFileSync(join(folder, IMPORTING), 'utf8')) as ImportMark;
  } catch {
    return undefined;
  }
}
