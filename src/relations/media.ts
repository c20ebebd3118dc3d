import { ValidationError } from '../errors/index.js';
import type { RelationAttribute } from '../schema/types.js';
import type { RelationContext } from './context.js';

type MediaKind = 'images' | 'videos' | 'audios' | 'files';

const KIND_OF_TOP_TYPE: Readonly<Record<string, MediaKind>> = { image: 'images', video: 'videos', audio: 'audios' };

/**
 * The kind a file's MIME type makes it: `files` is whatever is not an image, a video or an audio,
 * as Strapi's media library sorts files for a field's `allowedTypes`.
 */
function mediaKindOf(mime: string): MediaKind {
  const top = mime.slice(0, mime.indexOf('/')).toLowerCase();
  return KIND_OF_TOP_TYPE[top] ?? 'files';
}

/**
 * Refuses linking a file that a media field's `allowedTypes` leaves out (docs/content-models.md,
 * Media fields). Strapi checks them only in its admin panel; its content API links any file.
 */
export function checkAllowedFile(ctx: RelationContext, attr: RelationAttribute, row: number, path: string): void {
  const allowed = attr.media?.allowedTypes;
  if (allowed === undefined) return;
  const mime = ctx.store.rows.get(attr.target, row)?.mime;
  const kind = mediaKindOf(typeof mime === 'string' ? mime : '');
  if (allowed.includes(kind)) return;
  throw ValidationError.at(
    path,
    `The file with id ${row} (${String(mime)}) is not allowed in ${attr.name}, which accepts ${allowed.join(', ')}`,
    { key: attr.name, allowedTypes: allowed },
  );
}
