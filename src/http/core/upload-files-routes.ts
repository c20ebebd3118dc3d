import { ROW_ID } from '../../documents/row-id.js';
import { NotFoundError } from '../../errors/index.js';
import type { Entry } from '../../documents/entry.js';
import type { Quarry } from '../../quarry.js';
import type { QueryObject } from '../../query/querystring/index.js';
import { FILE_UID } from '../../schema/builtin-upload.js';
import type { UploadService } from '../../uploads/upload-service.js';
import type { HttpSettings } from '../settings.js';
import type { CoreResponse } from '../types.js';
import { ALL, byId, withTopLevelWindow } from './bare-lists.js';
import { json, type BaseHeaders } from './responses.js';

/** Strapi's upload controller answers an unknown file with `ctx.notFound('file.notFound')`. */
const FILE_NOT_FOUND = 'file.notFound';

/**
 * A file as the upload routes answer it: Strapi's controller passes each through `signFileUrls`,
 * which adds `isUrlSigned` (false for a public provider such as the local one) after the record's
 * keys. Files populated in entries do not carry it.
 */
export function asAnswered(file: Entry): Entry {
  return { ...file, isUrlSigned: false };
}

/**
 * `GET /api/upload/files`, `GET` and `DELETE /api/upload/files/:id`. As users-permissions' user
 * routes, the upload plugin answers bare values: the list is an array of every matching file
 * (filters, sort, fields; top-level `start` / `limit` window it), one file is found by its row id.
 */
export class UploadFilesRoutes {
  constructor(private readonly quarry: Quarry, private readonly settings: HttpSettings, private readonly service: UploadService) {}

  async list(query: QueryObject, base: BaseHeaders): Promise<CoreResponse> {
    const { reads } = this.quarry;
    const page = await reads.page(reads.compileQuery(FILE_UID, withTopLevelWindow(query), { ...this.settings.listParams, ...ALL }));
    return json(200, page.results.map(asAnswered), base);
  }

  async get(id: string, query: QueryObject, base: BaseHeaders): Promise<CoreResponse> {
    return json(200, asAnswered(await this.find(id, query)), base);
  }

  /** Answers the deleted file as it was, as Strapi does. */
  async delete(id: string, base: BaseHeaders): Promise<CoreResponse> {
    const file = await this.find(id);
    const removed = await this.service.remove(file);
    if (removed === null) throw new NotFoundError(FILE_NOT_FOUND);
    return json(200, asAnswered(removed), base);
  }

  /** The file a row id names, as the content API shows it under `query`; when none, a 404 `file.notFound`. */
  async find(id: string, query: QueryObject = Object.create(null) as QueryObject): Promise<Entry> {
    if (!ROW_ID.test(id)) throw new NotFoundError(FILE_NOT_FOUND);
    const { reads } = this.quarry;
    const page = await reads.page(reads.compileQuery(FILE_UID, byId(query, id), { ...this.settings.listParams, withCount: false }));
    const file = page.results[0];
    if (file === undefined) throw new NotFoundError(FILE_NOT_FOUND);
    return file;
  }
}
