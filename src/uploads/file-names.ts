import { randomBytes } from 'node:crypto';

/**
 * Names of stored files, as Strapi's upload plugin and local provider make them: a record's
 * `hash` is `<slug of the name without its extension>_<10 random hex digits>` and its bytes are
 * the file `<hash><ext>` in the uploads folder (docs/uploads.md, "Storage and serving").
 */

/** Temporaries start with a dot, which no stored name does, so they are never served or taken for a record's file. */
export const TEMPORARY_PREFIX = '.upload-';
export const TEMPORARY_SUFFIX = '.tmp';

/** Letters NFKD leaves whole, spelled as Strapi's slug spells them. */
const SPELLED: Readonly<Record<string, string>> = Object.freeze({
  ß: 'ss', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', ø: 'o', Ø: 'O', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ð: 'd', Ð: 'D', þ: 'th', Þ: 'TH', '&': ' and ',
});

/**
 * A record's `hash` for a file named `baseName` (without extension), as Strapi 5.54's
 * `nameToSlug(name, { separator: '_', lowercase: false })` makes it (observed on the peer:
 * `fooBar` → `foo_Bar`, `HTMLParser2x` → `HTML_Parser2x`, `ABC123def` → `ABC_123def`,
 * `ß-straße_&_co` → `ss_strasse_and_co`): accents folded, camel case split, case kept, every
 * other run of characters one `_`.
 */
export function fileHash(baseName: string): string {
  const slug = baseName
    .replace(/[ßæÆœŒøØłŁđĐðÐþÞ&]/g, (letter) => SPELLED[letter]!)
    .normalize('NFKD').replace(/\p{M}+/gu, '')
    .replace(/([A-Z]{2,})(?=\d)/g, '$1_').replace(/([a-z\d])(?=[A-Z])/g, '$1_').replace(/([A-Z])(?=[A-Z][a-z])/g, '$1_')
    .replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
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

/** A stored file a record names, with the size the record gives it. */
export interface NamedFile {
  readonly name: string;
  /** Exact bytes, when the record says (a format's `sizeInBytes`). */
  readonly bytes: number | undefined;
  /** Kilobytes of 1000 to two decimals (`size`), when the record gives no exact bytes. */
  readonly kilobytes: number | undefined;
}

type FileRecord = { readonly hash: string; readonly ext: string | null; readonly size?: unknown; readonly formats?: unknown };

/** The files a record's bytes live in: its own and each of its formats', with their recorded sizes. */
export function storedFilesOf(file: FileRecord): NamedFile[] {
  const files: NamedFile[] = [{ name: `${file.hash}${file.ext ?? ''}`, bytes: undefined, kilobytes: numberOrUndefined(file.size) }];
  const formats = file.formats;
  if (formats !== null && typeof formats === 'object') {
    for (const format of Object.values(formats as Record<string, unknown>)) {
      const { hash, ext, size, sizeInBytes } = (format ?? {}) as Record<string, unknown>;
      if (typeof hash !== 'string') continue;
      files.push({ name: `${hash}${typeof ext === 'string' ? ext : ''}`, bytes: numberOrUndefined(sizeInBytes), kilobytes: numberOrUndefined(size) });
    }
  }
  return files;
}

/** The stored names a file record's bytes live under: its own and each of its formats'. */
export function storedNamesOf(file: FileRecord): string[] {
  return storedFilesOf(file).map((f) => f.name);
}

const numberOrUndefined = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
