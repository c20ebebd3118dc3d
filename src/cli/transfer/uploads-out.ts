import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { filesOf } from '../../uploads/file-records.js';
import type { FileStore } from '../../uploads/file-store.js';
import type { CarriedFile } from './format.js';

/** The folder beside an export that holds its uploaded files: `<file>.uploads`. */
export const uploadsFolderOf = (file: string): string => `${file}.uploads`;

/**
 * Copies file records' bytes from the uploads folder to the folder beside an export, each under
 * its stored name, hashing them on the way: what it answers for a record is what that folder
 * holds, even if a server replaced a file meanwhile. Files are written to `<folder>.partial` and
 * the folder is renamed into place by `close`, as the export file is; a file a record names but
 * the uploads folder lacks is not carried and is named in `missing`.
 */
export class UploadsWriter {
  /** `file <documentId>: <name>` for each file a record named that was not there. */
  readonly missing: string[] = [];
  files = 0;
  bytes = 0;
  private readonly partial: string;
  private made = false;
  /** Files already copied, by name: two records may name one file. */
  private readonly copied = new Map<string, CarriedFile>();

  constructor(private readonly store: FileStore, private readonly folder: string) {
    this.partial = `${folder}.partial`;
  }

  /** Copies the files of one file record's fields (a version record's `data`); answers what was carried. */
  async carry(documentId: string, data: Readonly<Record<string, unknown>>): Promise<CarriedFile[]> {
    const carried: CarriedFile[] = [];
    for (const { name } of filesOf(data)) {
      const known = this.copied.get(name);
      if (known) {
        carried.push(known);
        continue;
      }
      const opened = await this.store.openForRead(name);
      if (!opened) {
        this.missing.push(`file ${documentId}: ${name}`);
        continue;
      }
      if (!this.made) {
        await rm(this.partial, { recursive: true, force: true });
        await mkdir(this.partial);
        this.made = true;
      }
      const hash = createHash('sha256');
      let size = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      // The stream closes the handle when it ends or fails.
      await pipeline(opened.handle.createReadStream(), tap, createWriteStream(join(this.partial, name), { flags: 'wx' }));
      const file = { name, size, sha256: hash.digest('hex') };
      this.copied.set(name, file);
      carried.push(file);
      this.files++;
      this.bytes += size;
    }
    return carried;
  }

  /** Puts the folder in place, replacing one an earlier export left under that name; with nothing carried, there is none. */
  async close(): Promise<void> {
    await rm(this.folder, { recursive: true, force: true });
    if (this.made) await rename(this.partial, this.folder);
  }

  async abort(): Promise<void> {
    await rm(this.partial, { recursive: true, force: true });
  }
}
