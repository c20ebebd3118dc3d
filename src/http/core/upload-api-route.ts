import { Readable } from 'node:stream';
import { MethodNotAllowedError, NotFoundError, QuarryError, ValidationError } from '../../errors/index.js';
import type { Entry } from '../../documents/entry.js';
import type { Quarry } from '../../quarry.js';
import { uploadTargetOf } from '../../uploads/upload-target.js';
import { FILE_ENTITY_NOT_FOUND, type UploadService } from '../../uploads/upload-service.js';
import type { HttpSettings } from '../settings.js';
import type { CoreResponse, Exchange, RequestHead } from '../types.js';
import type { AccessControl } from './auth.js';
import { readMultipart, type FormFields } from './multipart.js';
import { fileInfosOf } from './upload-file-info.js';
import type { QueryStrings } from './query-strings.js';
import { asAnswered, UploadFilesRoutes } from './upload-files-routes.js';
import { errorResponse, internalError, json, type BaseHeaders } from './responses.js';

export const UPLOAD_API_ALLOW = 'GET, HEAD, POST, DELETE, OPTIONS';

/** What a path under `<prefix>/upload` names, with the methods it serves. */
type Resource = { readonly kind: 'upload' } | { readonly kind: 'files' } | { readonly kind: 'file'; readonly id: string };
const METHODS: Readonly<Record<Resource['kind'], readonly string[]>> = { upload: ['POST'], files: ['GET', 'HEAD'], file: ['GET', 'HEAD', 'DELETE'] };

/**
 * Strapi's upload routes under `<prefix>/upload` (docs/uploads.md, "Routes"): `POST` a multipart
 * body of `files` (upload-api-route), and the files' list, one file and its deletion
 * (upload-files-routes). Writes need the write access of other writes, reads the read access.
 */
export class UploadApiRoute {
  private readonly path: string;
  private readonly service: UploadService;
  private readonly files: UploadFilesRoutes;

  constructor(private readonly quarry: Quarry, private readonly settings: HttpSettings, private readonly access: AccessControl, private readonly queries: QueryStrings) {
    this.path = `${settings.prefix}/upload`;
    this.service = quarry.uploads;
    this.files = new UploadFilesRoutes(quarry, settings, this.service);
  }

  matches(path: string): boolean {
    return path === this.path || path.startsWith(`${this.path}/`);
  }

  open(head: RequestHead, base: BaseHeaders): Exchange {
    const resource = this.resourceOf(head.path);
    if (resource === undefined) return answered(errorResponse(new NotFoundError(), base));
    const methods = METHODS[resource.kind];
    if (!methods.includes(head.method)) {
      return answered(errorResponse(new MethodNotAllowedError(), base, { allow: [...methods, 'OPTIONS'].join(', ') }));
    }
    const reading = head.method === 'GET' || head.method === 'HEAD';
    const denied = this.access.check(head.headers, reading ? 'read' : 'write');
    if (denied !== undefined) return answered(errorResponse(denied, base));
    if (resource.kind === 'upload') {
      // The body streams into busboy, which holds each file to its own limit.
      return { streamed: true, bodyLimit: this.settings.uploadMaxBodyBytes, respond: (body) => this.answer(head, resource, base, body) };
    }
    return { bodyLimit: undefined, respond: () => this.answer(head, resource, base) };
  }

  private async answer(head: RequestHead, resource: Resource, base: BaseHeaders, body?: Readable): Promise<CoreResponse> {
    try {
      if (resource.kind === 'upload') return await this.upload(head, body ?? Readable.from([]), base);
      if (resource.kind === 'files') return await this.files.list(this.queries.read(head.rawQuery), base);
      if (head.method === 'DELETE') return await this.files.delete(resource.id, base);
      return await this.files.get(resource.id, this.queries.read(head.rawQuery), base);
    } catch (error) {
      if (error instanceof QuarryError) return errorResponse(error, base);
      this.settings.onInternalError(error, { method: head.method, path: head.path });
      return internalError(base);
    }
  }

  /** The file `?id=` names: a 404 `Entity not found` when none, as Strapi's upload service answers. */
  private async replaced(id: string): Promise<Entry> {
    const file = await this.service.byRowId(id);
    if (file === null) throw new NotFoundError(FILE_ENTITY_NOT_FOUND);
    return file;
  }

  /** `/upload`, `/upload/files`, `/upload/files/<id>`, a trailing slash ignored; else undefined (404). */
  private resourceOf(path: string): Resource | undefined {
    const rest = path.slice(this.path.length).replace(/\/$/, '');
    if (rest === '') return { kind: 'upload' };
    if (rest === '/files') return { kind: 'files' };
    const id = /^\/files\/([^/]+)$/.exec(rest)?.[1];
    return id === undefined ? undefined : { kind: 'file', id: safeDecode(id) };
  }

  /**
   * `POST /upload`: new files; with `?id=`, that file's info (no file sent) or its bytes (one
   * file), answered as the file alone.
   */
  private async upload(head: RequestHead, body: Readable, base: BaseHeaders): Promise<CoreResponse> {
    const { id: sent } = this.queries.read(head.rawQuery);
    // Strapi reads an empty `id` as none: the request then uploads new files.
    const id = sent === '' ? undefined : sent;
    if (id !== undefined && typeof id !== 'string') throw ValidationError.at('id', 'File id is required and must be a single value');
    const replaced = id === undefined ? undefined : await this.replaced(id);
    const keep = replaced === undefined ? undefined : { hash: String(replaced.hash), ext: String(replaced.ext ?? '') };
    const { fields, files: parts, error } = await readMultipart(body, head.headers['content-type'], this.settings.uploadMaxFileBytes,
      (file) => this.service.stage(file, keep));
    // Strapi takes a lone empty file for no file at all.
    const files = parts.length === 1 && parts[0]!.sizeInBytes === 0 ? [] : parts;
    try {
      if (error !== undefined) throw error;
      if (replaced !== undefined) {
        if (files.length > 1) throw ValidationError.at('files', 'Cannot replace a file with multiple ones');
        const [info] = fileInfosOf(fields, { kind: files[0] === undefined ? 'update' : 'replace' });
        const file = files[0] === undefined ? await this.service.updateInfo(replaced, info) : await this.service.replace(replaced, files[0], info);
        return json(200, asAnswered(file), base);
      }
      if (files.length === 0) throw new ValidationError('Files are empty');
      const infos = fileInfosOf(fields, { kind: 'create', files: files.length });
      const target = await uploadTargetOf(this.quarry.registry, (uid) => this.quarry.documents(uid), only(fields, 'ref'), only(fields, 'refId'), only(fields, 'field'));
      return json(201, (await this.service.create(files, infos, target)).map(asAnswered), base);
    } finally {
      // What create or replace did not take over: every part when refused, a dropped empty one.
      await this.service.discard(parts);
    }
  }
}

/** A text field's value; the last one when it was sent more than once. */
function only(fields: FormFields, name: string): string | undefined {
  return fields.get(name)?.at(-1);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function answered(response: CoreResponse): Exchange {
  return { bodyLimit: undefined, respond: () => response };
}
