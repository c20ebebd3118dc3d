import { Readable } from 'node:stream';
import { MethodNotAllowedError, NotFoundError, QuarryError, ValidationError } from '../../errors/index.js';
import { isRecord } from '../../objects.js';
import type { Quarry } from '../../quarry.js';
import { uploadTargetOf } from '../../uploads/upload-target.js';
import type { FileInfo, UploadService } from '../../uploads/upload-service.js';
import type { HttpSettings } from '../settings.js';
import type { CoreResponse, Exchange, RequestHead } from '../types.js';
import type { AccessControl } from './auth.js';
import { readMultipart, type FormFields } from './multipart.js';
import type { QueryStrings } from './query-strings.js';
import { UploadFilesRoutes } from './upload-files-routes.js';
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
    const { id } = this.queries.read(head.rawQuery);
    if (id !== undefined && (typeof id !== 'string' || id === '')) throw ValidationError.at('id', 'File id is required and must be a single value');
    const replaced = id === undefined ? undefined : await this.files.find(id);
    const keep = replaced === undefined ? undefined : { hash: String(replaced.hash), ext: String(replaced.ext ?? '') };
    const { fields, files: parts, error } = await readMultipart(body, head.headers['content-type'], this.settings.uploadMaxFileBytes,
      (file) => this.service.stage(file, keep));
    // Strapi takes a lone empty file for no file at all.
    const files = parts.length === 1 && parts[0]!.sizeInBytes === 0 ? [] : parts;
    try {
      if (error !== undefined) throw error;
      const infos = fileInfosOf(fields, Math.max(files.length, 1));
      if (replaced !== undefined) {
        if (files.length > 1) throw ValidationError.at('files', 'Cannot replace a file with multiple ones');
        const file = files[0] === undefined ? await this.service.updateInfo(replaced, infos[0]) : await this.service.replace(replaced, files[0], infos[0]);
        return json(200, file, base);
      }
      if (files.length === 0) throw new ValidationError('Files are empty');
      const target = await uploadTargetOf(this.quarry.registry, (uid) => this.quarry.documents(uid), only(fields, 'ref'), only(fields, 'refId'), only(fields, 'field'));
      return json(201, await this.service.create(files, infos, target), base);
    } finally {
      // What create or replace did not take over: every part when refused, a dropped empty one.
      await this.service.discard(parts);
    }
  }
}

/**
 * `fileInfo`: one JSON object per file, in the order of the files, sent as one field holding a
 * list or as one field per file (what Strapi's clients send).
 */
function fileInfosOf(fields: FormFields, count: number): (FileInfo | undefined)[] {
  const raw = fields.get('fileInfo') ?? [];
  const parsed = raw.map((text, i) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw ValidationError.at(raw.length === 1 ? 'fileInfo' : ['fileInfo', i], 'fileInfo must be JSON');
    }
  });
  const list = parsed.length === 1 && Array.isArray(parsed[0]) ? (parsed[0] as unknown[]) : parsed;
  return Array.from({ length: count }, (_, i) => infoAt(list[i], list === parsed && raw.length === 1 ? ['fileInfo'] : ['fileInfo', i]));
}

function infoAt(value: unknown, path: (string | number)[]): FileInfo | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) throw ValidationError.at(path, 'fileInfo must be an object');
  for (const key of ['name', 'alternativeText', 'caption'] as const) {
    const field = value[key];
    if (field !== undefined && field !== null && typeof field !== 'string') throw ValidationError.at([...path, key], `${key} must be a \`string\` type`);
  }
  return { name: value.name as string | undefined, alternativeText: value.alternativeText as string | null | undefined, caption: value.caption as string | null | undefined };
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
