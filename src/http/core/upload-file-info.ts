import { ValidationError } from '../../errors/index.js';
import { fileInfoAt, fileInfoOrNone, type FileInfo } from '../../uploads/file-info.js';
import type { FormFields } from './multipart.js';

/** What the `fileInfo` of a request is read for: new files, one replaced file, or an info update. */
export type FileInfoUse = { readonly kind: 'create'; readonly files: number } | { readonly kind: 'replace' } | { readonly kind: 'update' };

/**
 * `fileInfo`, read as Strapi 5.54's content-API upload reads it (docs/uploads.md, "Routes"): each
 * field is JSON; several fields are a list; a list of one object stands for that object, except
 * for an info update, which takes one object only. One file takes an object, several a list
 * (one object per file, in their order). A string field may be sent as a number or a boolean,
 * which is kept as its text.
 */
export function fileInfosOf(fields: FormFields, use: FileInfoUse): (FileInfo | undefined)[] {
  const count = use.kind === 'create' ? use.files : 1;
  const raw = fields.get('fileInfo') ?? [];
  if (raw.length === 0) return new Array<undefined>(count).fill(undefined);
  const parsed = raw.map((text, i) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw ValidationError.at(raw.length === 1 ? 'fileInfo' : ['fileInfo', i], 'fileInfo must be JSON');
    }
  });
  let value = raw.length === 1 ? parsed[0] : parsed;
  if (use.kind === 'update') return [fileInfoAt(value, ['fileInfo'])];
  if (Array.isArray(value) && value.length === 1) value = value[0];
  if (count === 1) return [fileInfoAt(value, ['fileInfo'])];
  if (!Array.isArray(value)) throw ValidationError.at('fileInfo', 'fileInfo must be a list of one object per file when several files are sent');
  const list: unknown[] = value;
  return Array.from({ length: count }, (_, i) => fileInfoOrNone(list[i], ['fileInfo', i]));
}
