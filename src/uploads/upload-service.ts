/**
 * What Strapi's `POST /api/upload` does with the files of one request: each file's bytes into a
 * batch of the uploads folder (its type read from its head, an image re-encoded and given its
 * formats), then every batch committed and the `plugin::upload.file` records created in one
 * LMDB transaction (docs/uploads.md, "Routes"). Callers are the HTTP routes, GraphQL and, as
 * `quarry.uploads`, library users.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DocumentService } from '../documents/service.js';
import type { Entry } from '../documents/entry.js';
import { ROW_ID } from '../documents/row-id.js';
import type { Written } from '../documents/together.js';
import { uploadTargetOf, type UploadTarget } from './upload-target.js';
import type { FileBatch, FileStore } from './file-store.js';
import { NotFoundError, ValidationError, MethodNotAllowedError } from '../errors/index.js';
import type { SchemaRegistry } from '../schema/registry.js';
import { incomingFileOf, type FileSource } from './file-sources.js';
import { FILE_UID } from '../schema/builtin-upload.js';
import { newDocumentId } from '../store/document-id.js';
import { fileHash, storedNamesOf } from './file-names.js';
import { kilobytes, processImage, type ImageSettings, type ProcessedImage } from './images.js';
import { kindOf, type FileKind } from './mime.js';
import { fileInfoOrNone, type FileInfo, type FocalPoint } from './file-info.js';

/** One file as a multipart part gives it: its bytes as a stream, with what the client said of it. */
export interface IncomingFile {
  readonly filename: string;
  readonly mimeType: string;
  readonly stream: Readable;
}

/** A file whose bytes are written to its batch but not committed: `create` or `discard` it. */
export interface StagedFile {
  readonly batch: FileBatch;
  readonly filename: string;
  readonly hash: string;
  /** The stored extension: the kind's, or the replaced file's (its url does not change). */
  readonly ext: string;
  readonly kind: FileKind;
  readonly sizeInBytes: number;
  readonly image: ProcessedImage | null;
}

/**
 * What a library user uploads, in the shape of Strapi's upload service: the files, their info
 * in the same order, and optionally the entry and media field they are attached to.
 */
export interface UploadParams {
  readonly files: FileSource | readonly FileSource[];
  readonly fileInfo?: FileInfo | readonly (FileInfo | undefined)[];
  /** A content-type uid, the id of one of its entries, and a media field of it: all three or none. */
  readonly ref?: string;
  readonly refId?: string | number;
  readonly field?: string;
}

/** What the service works with: a Quarry. */
export interface UploadHost {
  readonly registry: SchemaRegistry;
  readonly files: FileStore;
  documents(uid: string): DocumentService;
  transaction<const T extends readonly Promise<unknown>[]>(start: () => T): Promise<Written<T>>;
  /** A replica keeps no uploaded files of its own: the writer does (src/replication/). */
  readonly isReplica: boolean;
}

/** What Strapi's upload service answers for a file id that names no file (checked on the peer). */
export const FILE_ENTITY_NOT_FOUND = 'Entity not found';

export class UploadService {
  private readonly records: DocumentService;
  /** Staged files `create` or `replace` took over: kept or discarded there, never by `discard`. */
  private readonly taken = new WeakSet<StagedFile>();

  constructor(private readonly host: UploadHost, private readonly images?: ImageSettings) {
    this.records = host.documents(FILE_UID);
  }

  private refuseOnReplica(): void {
    if (this.host.isReplica) throw new MethodNotAllowedError('This is a replica: uploads go to the writer, which keeps the files');
  }

  /**
   * The file a row id names (`POST /upload?id=`, GraphQL's file mutations), as the document
   * service shows it; null for an id that names none, a documentId or anything not a row id included.
   */
  byRowId(id: string): Promise<Entry | null> {
    return ROW_ID.test(id) ? this.records.findFirst({ filters: { id: { $eq: Number(id) } } }) : Promise.resolve(null);
  }

  /**
   * Adds files from paths, bytes or streams, as `POST /api/upload` adds the parts of its body:
   * stored with their formats, their records created (and attached, given `ref`, `refId` and
   * `field`) in one transaction, answered in the order given. A failure keeps none of them.
   */
  async upload(params: UploadParams): Promise<Entry[]> {
    this.refuseOnReplica();
    const sources = Array.isArray(params.files) ? params.files as readonly FileSource[] : [params.files as FileSource];
    if (sources.length === 0) throw ValidationError.at('files', 'Files are empty');
    const infos = Array.isArray(params.fileInfo)
      ? (params.fileInfo as readonly unknown[]).map((info, i) => fileInfoOrNone(info, ['fileInfo', i]))
      : sources.map(() => fileInfoOrNone(params.fileInfo, ['fileInfo']));
    const staged: StagedFile[] = [];
    try {
      const { ref, refId, field } = params;
      const target = await uploadTargetOf(this.host.registry, (uid) => this.host.documents(uid), ref, refId === undefined ? undefined : String(refId), field);
      for (const [i, source] of sources.entries()) staged.push(await this.stage(await incomingFileOf(source, ['files', i])));
      return await this.create(staged, infos, target);
    } finally {
      await this.discard(staged);
    }
  }

  /**
   * Writes one file's bytes into a new batch. A file Strapi processes as an image is written to
   * a work folder first: its stored bytes are its re-encoding, and its formats are made from it.
   * If `stream` fails (too large, truncated), nothing is left behind and the error is thrown.
   * A replacement keeps the replaced file's `hash` and `ext`, as Strapi keeps them.
   */
  async stage(file: IncomingFile, keep?: { readonly hash: string; readonly ext: string }): Promise<StagedFile> {
    this.refuseOnReplica();
    const { kind, stream } = await kindOf(file.stream, { mime: file.mimeType, filename: file.filename });
    const hash = keep?.hash ?? fileHash(baseName(file.filename));
    const ext = keep?.ext ?? kind.ext;
    const name = `${hash}${ext}`;
    const batch = this.host.files.batch();
    try {
      if (!kind.mime.startsWith('image/')) {
        const stored = await batch.write(name, stream);
        return { batch, filename: file.filename, hash, ext, kind, sizeInBytes: stored.size, image: null };
      }
      return await this.stageImage(batch, file.filename, hash, ext, kind, stream);
    } catch (error) {
      stream.destroy();
      await batch.discard();
      throw error;
    }
  }

  /**
   * Commits the staged files' bytes and creates their records in one transaction, attached to
   * `target`'s media field when given (at the end of a multiple one); on failure nothing stays.
   */
  async create(staged: readonly StagedFile[], infos: readonly (FileInfo | undefined)[], target?: UploadTarget): Promise<Entry[]> {
    this.refuseOnReplica();
    for (const file of staged) this.taken.add(file);
    try {
      for (const file of staged) await file.batch.commit();
      // The documentIds are made first so that the target can name the files in the same transaction.
      const documentIds = staged.map(() => newDocumentId());
      const written = await this.host.transaction(() => [
        ...staged.map((file, i) => this.records.create({ documentId: documentIds[i], data: recordOf(file, infos[i]) })),
        ...(target === undefined ? [] : [this.attach(target, documentIds)]),
      ]);
      return written.slice(0, staged.length) as Entry[];
    } catch (error) {
      await Promise.all(staged.map((file) => file.batch.discard()));
      throw error;
    }
  }

  /** Links the new files to the target's field: appended to a multiple one, the last of them in a single one. */
  private attach(target: UploadTarget, documentIds: readonly string[]): Promise<unknown> {
    const value = target.multiple ? { connect: documentIds } : documentIds.at(-1);
    const params = { documentId: target.documentId, data: { [target.field]: value } };
    return this.host.documents(target.uid).update(target.locale === undefined ? params : { ...params, locale: target.locale });
  }

  /**
   * Deletes a file's record (and with it its links from every entry), then its bytes and its
   * formats' once that transaction has committed. Answers the record as it was, null when none.
   */
  async remove(file: Entry): Promise<Entry | null> {
    this.refuseOnReplica();
    const { entries } = await this.records.delete({ documentId: String(file.documentId) });
    if (entries.length === 0) return null;
    await this.host.files.remove(storedNamesOf(file as StoredNames));
    return file;
  }

  /** Updates a file's `name`, `alternativeText` and `caption`; what `info` leaves out is kept, as Strapi keeps it. */
  async updateInfo(file: Entry, info: FileInfo | undefined): Promise<Entry> {
    this.refuseOnReplica();
    const updated = await this.records.update({ documentId: String(file.documentId), data: infoData(fileInfoOrNone(info, ['fileInfo'])) });
    if (updated === null) throw new NotFoundError('File not found');
    return updated;
  }

  /**
   * Replaces a file's bytes with a staged file (staged with its hash and ext: the url stays),
   * its info as a new upload's. Formats the new bytes no longer have are removed once the record
   * is written. If the bytes cannot be committed they are discarded; once committed they have
   * taken the old bytes' name, so if the record then cannot be written they are kept: the record
   * still names bytes, not a missing file (the startup sweep removes formats no record names).
   */
  async replace(file: Entry, staged: StagedFile, given: FileInfo | undefined): Promise<Entry> {
    this.refuseOnReplica();
    // Checked before the bytes are taken over: a refused info leaves the staged file the caller's to discard.
    const info = fileInfoOrNone(given, ['fileInfo']);
    this.taken.add(staged);
    try {
      await staged.batch.commit();
    } catch (error) {
      await staged.batch.discard();
      throw error;
    }
    const { name, alternativeText: _alternativeText, caption: _caption, focalPoint: _focalPoint, ...bytes } = recordOf(staged, info);
    const updated = await this.records.update({ documentId: String(file.documentId), data: { name, ...infoData(info), ...bytes } });
    if (updated === null) throw new NotFoundError('File not found');
    const kept = new Set(storedNamesOf(updated as StoredNames));
    await this.host.files.remove(storedNamesOf(file as StoredNames).filter((name) => !kept.has(name)));
    return updated;
  }

  /** Discards staged files that `create` or `replace` did not take over. */
  async discard(staged: readonly StagedFile[]): Promise<void> {
    await Promise.all(staged.filter((file) => !this.taken.has(file)).map((file) => file.batch.discard()));
  }

  private async stageImage(batch: FileBatch, filename: string, hash: string, ext: string, kind: FileKind, stream: Readable): Promise<StagedFile> {
    const work = await mkdtemp(join(tmpdir(), 'quarry-upload-'));
    try {
      const original = join(work, 'original');
      await pipeline(stream, createWriteStream(original));
      const input = { file: original, name: filename, hash, ext, mime: kind.mime };
      const image = await processImage(input, { settings: this.images, outDir: work, url: (name) => `/uploads/${name}` });
      const stored = await batch.write(`${hash}${ext}`, createReadStream(image?.file ?? original));
      for (const format of Object.values(image?.formats ?? {})) {
        await batch.write(`${format.hash}${format.ext}`, createReadStream(join(work, `${format.hash}${format.ext}`)));
      }
      return { batch, filename, hash, ext, kind, sizeInBytes: stored.size, image };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
}

/** A record's fields as Strapi's upload plugin fills them for the local provider. */
function recordOf(file: StagedFile, info: FileInfo | undefined): Record<string, unknown> {
  return {
    name: info?.name || file.filename,
    alternativeText: info?.alternativeText ?? null,
    caption: info?.caption ?? null,
    focalPoint: info?.focalPoint ?? null,
    width: file.image?.width ?? null,
    height: file.image?.height ?? null,
    formats: file.image?.formats ?? null,
    hash: file.hash,
    ext: file.ext,
    mime: file.kind.mime,
    size: kilobytes(file.sizeInBytes),
    url: `/uploads/${file.hash}${file.ext}`,
    previewUrl: null,
    provider: 'local',
    provider_metadata: null,
    folderPath: '/',
  };
}

type StoredNames = Parameters<typeof storedNamesOf>[0];

/** The info fields `info` gives; null and absent ones are left as they are. */
function infoData(info: FileInfo | undefined): Record<string, string | FocalPoint> {
  const data: Record<string, string | FocalPoint> = {};
  for (const key of ['name', 'alternativeText', 'caption'] as const) {
    const value = info?.[key];
    if (typeof value === 'string') data[key] = value;
  }
  if (info?.focalPoint) data.focalPoint = info.focalPoint;
  return data;
}

function baseName(filename: string): string {
  return filename.slice(0, filename.length - extname(filename).length);
}
