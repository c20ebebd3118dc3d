import { ValidationError } from '../../errors/index.js';
import { isRecord } from '../../objects.js';
import type { FileInfo, FocalPoint } from '../../uploads/upload-service.js';
import type { FormFields } from './multipart.js';

/** What the `fileInfo` of a request is read for: new files, one replaced file, or an info update. */
export type FileInfoUse = { readonly kind: 'create'; readonly files: number } | { readonly kind: 'replace' } | { readonly kind: 'update' };

const KEYS = ['name', 'alternativeText', 'caption'] as const;

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
  if (use.kind === 'update') return [infoAt(value, ['fileInfo'])];
  if (Array.isArray(value) && value.length === 1) value = value[0];
  if (count === 1) return [infoAt(value, ['fileInfo'])];
  if (!Array.isArray(value)) throw ValidationError.at('fileInfo', 'fileInfo must be a list of one object per file when several files are sent');
  const list: unknown[] = value;
  return Array.from({ length: count }, (_, i) => (list[i] === undefined || list[i] === null ? undefined : infoAt(list[i], ['fileInfo', i])));
}

function infoAt(value: unknown, path: (string | number)[]): FileInfo {
  if (!isRecord(value)) throw ValidationError.at(path, 'fileInfo must be an object');
  const [name, alternativeText, caption] = KEYS.map((key) => textOf(value[key], [...path, key]));
  return { name: name ?? undefined, alternativeText, caption, focalPoint: focalPointOf(value.focalPoint, [...path, 'focalPoint']) };
}

/** `{ x, y }`, each a percentage of the image's width and height (0–100), or null, or absent. */
function focalPointOf(value: unknown, path: (string | number)[]): FocalPoint | null | undefined {
  if (value === undefined || value === null) return value;
  if (!isRecord(value)) throw ValidationError.at(path, 'focalPoint must be an object of x and y');
  const [x, y] = (['x', 'y'] as const).map((axis) => {
    const raw = value[axis];
    const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
    if (typeof n !== 'number' || !(n >= 0 && n <= 100)) throw ValidationError.at([...path, axis], `${axis} must be a number from 0 to 100`);
    return n;
  });
  return { x: x!, y: y! };
}

/** A string, null, or absent; a number or a boolean becomes its text, as Strapi's yup casts it. */
function textOf(value: unknown, path: (string | number)[]): string | null | undefined {
  if (value === undefined || value === null || typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw ValidationError.at(path, `${path.at(-1)} must be a \`string\` type`);
}
