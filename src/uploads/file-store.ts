import { createHash } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ValidationError } from '../errors/index.js';
import { isStoredName, TEMPORARY_PREFIX, temporaryName } from './file-names.js';

/** Where a file's bytes are once its batch commits, and what was written. */
export interface StoredFile {
  /** `<hash><ext>`, as the record's `url` (`/uploads/<name>`) names it. */
  readonly name: string;
  /** Its path once committed. */
  readonly path: string;
  /** Its temporary path until then: where image formats and MIME detection read it. */
  readonly stagedPath: string;
  readonly size: number;
  /** Hex SHA-256 of the bytes. */
  readonly sha256: string;
}

/** One file being written: write the bytes to `stream` and end it, then `finish`. */
export interface PendingFile {
  readonly stream: Writable;
  /** Resolves once every byte is on disk (fsynced); rejects if writing failed. */
  finish(): Promise<StoredFile>;
  /** Stops writing and removes the temporary. */
  abort(): Promise<void>;
}

/** A file opened for serving, with what its headers are made from. */
export interface OpenedFile {
  readonly handle: FileHandle;
  readonly stats: Stats;
}

/**
 * The uploads folder: files named `<hash><ext>` (file-names.ts), written through batches so that
 * a record and its bytes commit together (docs/uploads.md, "Storage and serving").
 */
export class FileStore {
  private ready: Promise<void> | undefined;
  /** Settles when the startup sweep is done: batches write nothing before (see `sweepFirst`). */
  private swept: Promise<unknown> = Promise.resolve();

  constructor(readonly folder: string) {}

  /** Files written for one record change (a file and its formats), committed or discarded as one. */
  batch(): FileBatch {
    return new FileBatch(this);
  }

  /** The folder, made on first use once the startup sweep is done: a read-only open never creates it. */
  prepare(): Promise<void> {
    return (this.ready ??= this.swept.then(() => mkdir(this.folder, { recursive: true })).then(() => undefined));
  }

  /**
   * Runs `sweep` with what `unreferenced` finds among the stored names, and holds every batch's
   * writes until it is done, so that the sweep never takes a new upload's files for leftovers.
   * Call it before anything writes; a failed sweep removes nothing more and lets batches go on.
   */
  sweepFirst(unreferenced: (stored: readonly string[]) => Promise<ReadonlySet<string>>): Promise<string[]> {
    // One listing serves both steps: nothing else writes to the folder until the sweep is done.
    const sweeping = this.entries().then(async (entries) => this.removeLeftovers(entries, await unreferenced(entries.filter(isStoredName))));
    this.swept = sweeping.catch(() => undefined);
    return sweeping;
  }

  /** The stored files in the folder (temporaries left out); none when it does not exist. */
  async storedNames(): Promise<string[]> {
    return (await this.entries()).filter(isStoredName);
  }

  /** A stored file's size in bytes, or undefined when there is no such regular file. */
  async sizeOf(name: string): Promise<number | undefined> {
    try {
      const stats = await lstat(this.pathOf(name));
      return stats.isFile() ? stats.size : undefined;
    } catch (error) {
      ignoreMissing(error);
      return undefined;
    }
  }

  /** The path of a stored name; a name that could leave the folder is a ValidationError. */
  pathOf(name: string): string {
    if (!isStoredName(name)) throw ValidationError.at('name', `Invalid stored file name ${JSON.stringify(name)}`);
    return join(this.folder, name);
  }

  /**
   * A stored file opened for reading, or undefined when the name is not one the folder can hold,
   * does not exist, or is not a regular file (symbolic links are not followed).
   */
  async openForRead(name: string): Promise<OpenedFile | undefined> {
    if (!isStoredName(name)) return undefined;
    let handle: FileHandle;
    try {
      handle = await open(join(this.folder, name), constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch {
      return undefined;
    }
    const stats = await handle.stat();
    if (stats.isFile()) return { handle, stats };
    await handle.close();
    return undefined;
  }

  /** Removes stored files (a record's own and its formats', file-names.ts `storedNamesOf`); missing ones are no error. */
  async remove(names: readonly string[]): Promise<void> {
    const paths = names.map((name) => this.pathOf(name));
    await Promise.all(paths.map((path) => unlink(path).catch(ignoreMissing)));
  }

  /**
   * Removes temporaries and the `orphans` (stored files no record names): what an interrupted
   * upload, or a crash between a batch's commit and its record's, leaves. Answers the names removed.
   */
  private async removeLeftovers(entries: readonly string[], orphans: ReadonlySet<string>): Promise<string[]> {
    const doomed = entries.filter((name) => name.startsWith(TEMPORARY_PREFIX) || orphans.has(name));
    await Promise.all(doomed.map((name) => unlink(join(this.folder, name)).catch(ignoreMissing)));
    return doomed;
  }

  private async entries(): Promise<string[]> {
    try {
      return await readdir(this.folder);
    } catch (error) {
      ignoreMissing(error);
      return [];
    }
  }
}

/**
 * Stored files written together. Each goes to a temporary in the folder (same file system, so
 * the rename is atomic), fsynced; `commit` renames them into place and fsyncs the folder. The
 * caller commits just before its LMDB transaction and discards if that fails: a crash between
 * the two leaves only files no record names, which the startup sweep removes.
 */
export class FileBatch {
  private readonly files: { stored: Promise<StoredFile>; abort: () => Promise<void> }[] = [];
  private committed: StoredFile[] | undefined;

  constructor(private readonly store: FileStore) {}

  begin(name: string): PendingFile {
    const path = this.store.pathOf(name);
    const stagedPath = join(this.store.folder, temporaryName());
    const hash = createHash('sha256');
    let size = 0;
    let handle: FileHandle | undefined;
    const stream = new Writable({
      construct: (done) => {
        this.store.prepare().then(() => open(stagedPath, 'wx')).then((h) => {
          handle = h;
          done();
        }, done);
      },
      write: (chunk: Buffer, _encoding, done) => {
        hash.update(chunk);
        size += chunk.length;
        handle!.write(chunk).then(() => done(), done);
      },
      final: (done) => {
        handle!.sync().then(() => done(), done);
      },
      destroy: (error, done) => {
        const closing = handle?.close() ?? Promise.resolve();
        closing.then(() => done(error), () => done(error));
      },
    });
    const stored = new Promise<StoredFile>((resolve, reject) => {
      stream.once('error', reject);
      // 'close' follows 'finish' once the handle is closed (autoDestroy), so the file is whole.
      stream.once('close', () => {
        if (stream.writableFinished) resolve({ name, path, stagedPath, size, sha256: hash.digest('hex') });
        else reject(new Error(`Writing ${name} stopped before its end`));
      });
    });
    stored.catch(() => undefined);
    const abort = async (): Promise<void> => {
      stream.destroy();
      await stored.catch(() => undefined);
      await unlink(stagedPath).catch(ignoreMissing);
    };
    this.files.push({ stored, abort });
    return { stream, finish: () => stored, abort };
  }

  /** `begin`, with the bytes taken from `source`; removes the temporary if reading or writing fails. */
  async write(name: string, source: Readable | AsyncIterable<Uint8Array> | Uint8Array): Promise<StoredFile> {
    const pending = this.begin(name);
    try {
      await pipeline(source instanceof Uint8Array ? [source] : source, pending.stream);
      return await pending.finish();
    } catch (error) {
      await pending.abort();
      throw error;
    }
  }

  /** Renames every file into place (replacing a file of the same name) once all are written. */
  async commit(): Promise<StoredFile[]> {
    if (this.committed) return this.committed;
    const stored = await Promise.all(this.files.map((file) => file.stored));
    for (const file of stored) await rename(file.stagedPath, file.path);
    // An empty batch has nothing to make durable, and its folder may not exist.
    if (stored.length > 0) await syncFolder(this.store.folder);
    return (this.committed = stored);
  }

  /** Removes every file of the batch: temporaries, and the renamed files when the record's write failed after `commit`. */
  async discard(): Promise<void> {
    await Promise.all(this.files.map((file) => file.abort()));
    if (this.committed) await this.store.remove(this.committed.map((file) => file.name));
  }
}

/** A rename is durable only once its folder is synced. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function ignoreMissing(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}
