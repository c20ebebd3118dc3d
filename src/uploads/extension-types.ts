/**
 * The Content-Type a stored file is served with, by its extension (case ignored), as a static
 * server answers; a name without a known extension is `application/octet-stream`.
 */
const TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.avif': 'image/avif', '.bmp': 'image/bmp', '.gif': 'image/gif', '.heic': 'image/heic', '.ico': 'image/x-icon',
  '.jpeg': 'image/jpeg', '.jpg': 'image/jpeg', '.png': 'image/png', '.svg': 'image/svg+xml', '.tif': 'image/tiff',
  '.tiff': 'image/tiff', '.webp': 'image/webp',
  '.mp4': 'video/mp4', '.m4v': 'video/mp4', '.mov': 'video/quicktime', '.webm': 'video/webm', '.ogv': 'video/ogg',
  '.mp3': 'audio/mpeg', '.m4a': 'audio/mp4', '.ogg': 'audio/ogg', '.oga': 'audio/ogg', '.wav': 'audio/wav', '.flac': 'audio/flac',
  '.pdf': 'application/pdf', '.json': 'application/json', '.zip': 'application/zip', '.gz': 'application/gzip',
  '.csv': 'text/csv; charset=utf-8', '.txt': 'text/plain; charset=utf-8', '.md': 'text/markdown; charset=utf-8',
  '.html': 'text/html; charset=utf-8', '.xml': 'application/xml',
  '.doc': 'application/msword', '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel', '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint', '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.otf': 'font/otf',
});

export const UNKNOWN_TYPE = 'application/octet-stream';

export function typeOfName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? UNKNOWN_TYPE : TYPES[name.slice(dot).toLowerCase()] ?? UNKNOWN_TYPE;
}

/**
 * The extension a name without one is given for its MIME type, as Strapi gives it one
 * (`blob` sent as `text/csv` is stored as `.csv`); '' for a type with none listed here.
 */
export function extensionOfType(mime: string): string {
  for (const [ext, type] of Object.entries(TYPES)) if (type.split(';')[0] === mime) return ext;
  return '';
}
