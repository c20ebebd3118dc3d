import type { Entry, Quarry } from '../../src/index.js';
import type { SchemaSource } from '../../src/schema/raw.js';
import { collection } from '../relations/fixtures.js';

/**
 * Content-types with media fields, the same as the Strapi peer was given for checking media
 * behaviour: an album (draft & publish) with a single image, an ordered gallery of images and
 * videos and an attachment of other files; a localized poster whose `picture` is shared by its
 * locales (no i18n option) and whose `slides` are each locale's own.
 */
export const ALBUM = 'api::album.album';
export const POSTER = 'api::poster.poster';
export const FILE = 'plugin::upload.file';

const localized = { pluginOptions: { i18n: { localized: true } } };

export const mediaSchemas: SchemaSource[] = [
  collection('album', {
    title: { type: 'string' },
    cover: { type: 'media', multiple: false, allowedTypes: ['images'] },
    gallery: { type: 'media', multiple: true, allowedTypes: ['images', 'videos'] },
    attachment: { type: 'media', multiple: false, allowedTypes: ['files'] },
  }, { dp: true }),
  collection('poster', {
    title: { type: 'string', ...localized },
    picture: { type: 'media', multiple: false, allowedTypes: ['images'] },
    slides: { type: 'media', multiple: true, allowedTypes: ['images'], ...localized },
  }, { dp: true, localized: true }),
];

/** A file record as Strapi's upload writes one (the required fields, and what an image has). */
export function fileData(name: string, mime: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const dot = name.lastIndexOf('.');
  const hash = `${name.slice(0, dot)}_0a1b2c3d4e`;
  return { name, hash, ext: name.slice(dot), mime, size: 0.11, url: `/uploads/${hash}${name.slice(dot)}`, provider: 'local', ...extra };
}

/** Five files, one of each kind a field may allow: two images, a video, an audio and a PDF. */
export async function createFiles(q: Quarry): Promise<Record<'red' | 'blue' | 'clip' | 'song' | 'doc', Entry>> {
  const files = q.documents(FILE);
  return {
    red: await files.create({ data: fileData('red.png', 'image/png', { width: 40, height: 30 }) }),
    blue: await files.create({ data: fileData('blue.png', 'image/png', { width: 12, height: 8 }) }),
    clip: await files.create({ data: fileData('clip.mp4', 'video/mp4') }),
    song: await files.create({ data: fileData('song.mp3', 'audio/mpeg') }),
    doc: await files.create({ data: fileData('doc.pdf', 'application/pdf') }),
  };
}

/** The names of populated files: one name, a list of them, or null. */
export function fileNames(value: unknown): string | string[] | null {
  if (Array.isArray(value)) return value.map((f: Entry) => f.name as string);
  return value ? ((value as Entry).name as string) : null;
}
