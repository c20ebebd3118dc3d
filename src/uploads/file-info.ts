import { ValidationError } from '../errors/index.js';
import { isRecord } from '../objects.js';

/** Where an image's subject is, as percentages of its width and height (Strapi's `focalPoint`). */
export interface FocalPoint {
  readonly x: number;
  readonly y: number;
}

/** The info a client may give with a file (Strapi's `fileInfo`). */
export interface FileInfo {
  readonly name?: string | undefined;
  readonly alternativeText?: string | null | undefined;
  readonly caption?: string | null | undefined;
  readonly focalPoint?: FocalPoint | null | undefined;
}

const KEYS = ['name', 'alternativeText', 'caption'] as const;

/**
 * One file's info read and checked, whoever gives it (a request's `fileInfo` field, or a library
 * caller, whose types JavaScript does not hold it to): each text may be sent as a number or a
 * boolean, kept as its text as Strapi's yup casts it; a focal point is two percentages.
 */
export function fileInfoAt(value: unknown, path: readonly (string | number)[]): FileInfo {
  if (!isRecord(value)) throw ValidationError.at([...path], 'fileInfo must be an object');
  const [name, alternativeText, caption] = KEYS.map((key) => textOf(value[key], [...path, key]));
  return { name: name ?? undefined, alternativeText, caption, focalPoint: focalPointOf(value.focalPoint, [...path, 'focalPoint']) };
}

/** `fileInfoAt` of a value that may be absent: null and undefined give no info. */
export function fileInfoOrNone(value: unknown, path: readonly (string | number)[]): FileInfo | undefined {
  return value === undefined || value === null ? undefined : fileInfoAt(value, path);
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

/** A string, null, or absent; a number or a boolean becomes its text. */
function textOf(value: unknown, path: (string | number)[]): string | null | undefined {
  if (value === undefined || value === null || typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw ValidationError.at(path, `${path.at(-1)} must be a \`string\` type`);
}
