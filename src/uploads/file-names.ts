import { randomBytes } from 'node:crypto';

/**
 * Names of stored files, as Strapi's upload plugin and local provider make them: a record's
 * `hash` is `<slug of the name without its extension>_<10 random hex digits>` and its bytes are
 * the file `<hash><ext>` in the uploads folder (docs/uploads.md, "Storage and serving").
 */

/** Temporaries start with a dot, which no stored name does, so they are never served or taken for a record's file. */
export const TEMPORARY_PREFIX = '.upload-';
export const TEMPORARY_SUFFIX = '.tmp';

/**
 * A record's `hash` for a file named `baseName` (without extension). The slug keeps letters and
 * digits, case kept, accents folded (é → e), every other run of characters made one `_`, as
 * Strapi's `nameToSlug(name, { separator: '_', lowercase: false })` does for the common cases.
 */
export function fileHash(baseName: string): string {
  const slug = baseName.normalize('NFKD').replace(/\p{M}+/gu, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return `${slug === '' ? 'file' : slug}_${randomBytes(5).toString('hex')}`;
}

/**
 * An extension safe to join to a hash: `.` and up to 16 letters or digits, or `''`. Anything
 * else a client sends (`./../x`, control characters) is dropped rather than stored.
 */
export function safeExtension(ext: string): string {
  return /^\.[A-Za-z0-9]{1,16}$/.test(ext) ? ext : '';
}

/**
 * Whether `name` can be a file of the uploads folder: one path segment, no control characters,
 * no backslash, not starting with a dot (`.`, `..`, temporaries), at most 255 bytes. Every name
 * the store or the route touches passes this first, so none can leave the folder.
 */
export function isStoredName(name: string): boolean {
  return name.length > 0 && Buffer.byteLength(name) <= 255 && !name.startsWith('.') && !/[/\\\x00-\x1f\x7f]/.test(name);
}

/** A fresh temporary name; random, so concurrent uploads never share one. */
export function temporaryName(): string {
  return `${TEMPORARY_PREFIX}${randomBytes(8).toString('hex')}${TEMPORARY_SUFFIX}`;
}

/** The stored names a file record's bytes live under: its own and each of its formats'. */
export function storedNamesOf(file: { readonly hash: string; readonly ext: string | null; readonly formats?: unknown }): string[] {
  const names = [`${file.hash}${file.ext ?? ''}`];
  const formats = file.formats;
  if (formats !== null && typeof formats === 'object') {
    for (const format of Object.values(formats as Record<string, unknown>)) {
      const { hash, ext } = (format ?? {}) as { hash?: unknown; ext?: unknown };
      if (typeof hash === 'string') names.push(`${hash}${typeof ext === 'string' ? ext : ''}`);
    }
  }
  return names;
}
