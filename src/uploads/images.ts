/**
 * What Strapi's upload plugin does to an image before it stores it: it re-encodes the original
 * (smaller, and upright when asked), reads its width and height, and makes the thumbnail and the
 * responsive formats, recorded in `formats` as Strapi records them. The rules, read from
 * Strapi's source, are in docs/uploads.md ("Images and formats").
 */
import { stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { FormatEnum } from 'sharp';
import { ApplicationError } from '../errors/application-error.js';

type Sharp = typeof import('sharp')['default'];
let loaded: Promise<Sharp> | undefined;
/**
 * sharp, loaded when the first image comes: its native library took 70 ms of every command's
 * start (an import, a server), most of which never see an image.
 */
const sharpLoaded = (): Promise<Sharp> => (loaded ??= import('sharp').then((m) => m.default));

export interface ImageSettings {
  /** Quarry's switch: false makes no derived file at all (not even the thumbnail). */
  readonly formats: boolean;
  /** Strapi's `responsiveDimensions`: the breakpoint formats (the thumbnail is made regardless). */
  readonly responsiveDimensions: boolean;
  /** Strapi's `sizeOptimization`: the original is re-encoded at quality 80 (else 100). */
  readonly sizeOptimization: boolean;
  /** Strapi's `autoOrientation`: the original is turned upright by its EXIF orientation. */
  readonly autoOrientation: boolean;
  /** Strapi's `breakpoints` config: format name → the longest side it may have. */
  readonly breakpoints: Readonly<Record<string, number>>;
}

/**
 * Strapi's defaults, but for `autoOrientation`, which Strapi leaves off (its thumbnails of a
 * phone photo then lie on their side): Quarry honours EXIF orientation unless told not to.
 */
export const DEFAULT_IMAGE_SETTINGS: ImageSettings = Object.freeze({
  formats: true,
  responsiveDimensions: true,
  sizeOptimization: true,
  autoOrientation: true,
  breakpoints: Object.freeze({ large: 1000, medium: 750, small: 500 }),
});

/** An uploaded file on disk, named as Strapi names it (`name` as given, `hash` as made). */
export interface ImageInput {
  readonly file: string;
  readonly name: string;
  readonly hash: string;
  readonly ext: string;
  readonly mime: string;
  /** Strapi's `path` of the upload (the provider's folder), null when none. */
  readonly path?: string | null | undefined;
}

/** One entry of `formats`, with Strapi's keys in Strapi's order. */
export interface ImageFormat {
  readonly name: string;
  readonly hash: string;
  readonly ext: string;
  readonly mime: string;
  readonly path: string | null;
  readonly width: number;
  readonly height: number;
  readonly size: number;
  readonly sizeInBytes: number;
  readonly url: string;
}

export interface ProcessedImage {
  /** The bytes to store as the original: the input file, or its re-encoding in `outDir`. */
  readonly file: string;
  readonly width: number | null;
  readonly height: number | null;
  /** Set when the original was re-encoded (its new size), else null: the input's size stands. */
  readonly sizeInBytes: number | null;
  /** Format name → record; null when the image gets none. Each file is `outDir/<hash><ext>`. */
  readonly formats: Readonly<Record<string, ImageFormat>> | null;
  /** The files written into `outDir` (the re-encoded original and the formats), for clean-up. */
  readonly written: readonly string[];
}

export interface ImageOptions {
  readonly settings?: ImageSettings;
  /** Where the re-encoded original and the format files are written. */
  readonly outDir: string;
  /** The public URL of a stored file name (`<hash><ext>`), as the storage serves it. */
  readonly url: (fileName: string) => string;
}

/**
 * sharp's names of the formats Strapi handles: processed (dimensions), resized, re-encoded.
 * Strapi lists `avif` to be processed and re-encoded, but sharp names AVIF `heif`, so Strapi
 * never reaches it (its AVIF uploads have no width); Quarry reads an AVIF's size and leaves its
 * bytes alone.
 */
const PROCESSED = new Set(['jpeg', 'png', 'webp', 'tiff', 'svg', 'gif', 'avif']);
const RESIZED = new Set(['jpeg', 'png', 'webp', 'tiff', 'gif']);
const OPTIMIZED = new Set(['jpeg', 'png', 'webp', 'tiff']);
const THUMBNAIL = { width: 245, height: 156 } as const;

/**
 * Processes an image as Strapi's upload does; resolves to null for a file that is not an image
 * Strapi processes (a PDF, a BMP, text). A file that claims an image format but does not decode
 * is Strapi's 400 "File is not a valid image". Nothing is left in `outDir` when it fails.
 */
export async function processImage(input: ImageInput, options: ImageOptions): Promise<ProcessedImage | null> {
  const { format, orientation } = await headerOf(input.file);
  if (!format || !PROCESSED.has(format)) return null;
  const sharp = await sharpLoaded();
  await sharp(input.file)
    .stats()
    .catch(() => {
      throw new ApplicationError('File is not a valid image');
    });
  const settings = options.settings ?? DEFAULT_IMAGE_SETTINGS;
  const written: string[] = [];
  try {
    const optimized = OPTIMIZED.has(format) ? await optimize(input, { format, orientation }, settings, options.outDir) : null;
    if (optimized) written.push(optimized.file);
    const original = optimized?.file ?? input.file;
    const { width = null, height = null } = await sharp(original).metadata();
    const formats = settings.formats && RESIZED.has(format) ? await makeFormats({ ...input, file: original }, format, { width, height }, settings, options) : null;
    if (formats) written.push(...Object.values(formats).map((entry) => join(options.outDir, entry.hash + entry.ext)));
    return { file: original, width, height, sizeInBytes: optimized?.sizeInBytes ?? null, formats, written };
  } catch (error) {
    await Promise.all(written.map((file) => unlink(file).catch(() => undefined)));
    throw error;
  }
}

/** sharp's name for the file's format and its EXIF orientation; nothing when sharp cannot read it. */
async function headerOf(file: string): Promise<{ format?: string | undefined; orientation?: number | undefined }> {
  try {
    const { format, compression, orientation } = await (await sharpLoaded())(file).metadata();
    return { format: format === 'heif' && compression === 'av1' ? 'avif' : format, orientation };
  } catch {
    return {};
  }
}

/**
 * Strapi's `optimize`: re-encodes in the same format at quality 80 (100 without size
 * optimization), upright when auto-orientation is on; a re-encoding larger than the original is
 * dropped. Strapi drops it even when it was the one that turned the image upright; Quarry keeps
 * an upright one, so that orientation is honoured whatever the sizes.
 */
async function optimize(
  input: ImageInput,
  { format, orientation }: { format: string; orientation?: number | undefined },
  settings: ImageSettings,
  outDir: string,
): Promise<{ file: string; sizeInBytes: number } | null> {
  if (!settings.sizeOptimization && !settings.autoOrientation) return null;
  const file = join(outDir, `optimized-${input.hash}${input.ext}`);
  const transformer = (await sharpLoaded())(input.file, { animated: true }).toFormat(format as keyof FormatEnum, { quality: settings.sizeOptimization ? 80 : 100 });
  if (settings.autoOrientation) transformer.autoOrient();
  const info = await transformer.toFile(file).catch(async (error: unknown) => {
    await unlink(file).catch(() => undefined);
    throw error;
  });
  const turned = settings.autoOrientation && orientation !== undefined && orientation > 1;
  if (info.size > (await stat(input.file)).size && !turned) {
    await unlink(file);
    return null;
  }
  return { file, sizeInBytes: info.size };
}

/**
 * The thumbnail (when either side passes 245×156) and each breakpoint narrower than the image's
 * longer side, all fit inside their box, in the original's format, made at once.
 */
async function makeFormats(
  input: ImageInput,
  format: string,
  { width, height }: { width: number | null; height: number | null },
  settings: ImageSettings,
  options: ImageOptions,
): Promise<Record<string, ImageFormat> | null> {
  const boxes: [string, { width: number; height: number }][] = [];
  if (width && height && (width > THUMBNAIL.width || height > THUMBNAIL.height)) boxes.push(['thumbnail', THUMBNAIL]);
  if (settings.responsiveDimensions) {
    for (const [key, breakpoint] of Object.entries(settings.breakpoints)) {
      if (breakpoint < (width ?? 0) || breakpoint < (height ?? 0)) boxes.push([key, { width: breakpoint, height: breakpoint }]);
    }
  }
  if (boxes.length === 0) return null;
  const made = await Promise.allSettled(boxes.map(([key, box]) => resize(input, format, key, box, options)));
  const failed = made.find((result) => result.status === 'rejected');
  if (failed) {
    const done = made.flatMap((result) => (result.status === 'fulfilled' ? [join(options.outDir, result.value.hash + result.value.ext)] : []));
    await Promise.all(done.map((file) => unlink(file).catch(() => undefined)));
    throw failed.reason;
  }
  return Object.fromEntries(made.map((result, index) => [boxes[index]![0], (result as PromiseFulfilledResult<ImageFormat>).value]));
}

/**
 * One format, streamed from the original's file to `outDir/<key>_<hash><ext>`, in the original's
 * format with sharp's default quality, every frame of an animation kept, as Strapi writes it.
 */
async function resize(input: ImageInput, format: string, key: string, box: { width: number; height: number }, options: ImageOptions): Promise<ImageFormat> {
  const hash = `${key}_${input.hash}`;
  const sharp = await sharpLoaded();
  const info = await sharp(input.file, { animated: true })
    .resize({ ...box, fit: 'inside' })
    .toFormat(format as keyof FormatEnum)
    .toFile(join(options.outDir, hash + input.ext));
  return {
    name: `${key}_${input.name}`,
    hash,
    ext: input.ext,
    mime: input.mime,
    path: input.path ?? null,
    width: info.width,
    height: info.pageHeight ?? info.height,
    size: kilobytes(info.size),
    sizeInBytes: info.size,
    url: options.url(hash + input.ext),
  };
}

/** Strapi's `bytesToKbytes`: kilobytes of 1000 bytes, to two decimals. */
export function kilobytes(bytes: number): number {
  return Math.round((bytes / 1000) * 100) / 100;
}
