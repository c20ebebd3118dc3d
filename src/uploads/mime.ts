/**
 * A file's MIME type and extension from its first bytes, not from what the client says it is
 * (docs/uploads.md, "Images and formats"). Only the head is read: a stream is handed back whole,
 * its head put back in front, so the caller can go on streaming it to disk.
 */
import { extname } from 'node:path';
import { Readable } from 'node:stream';
import { extensionOfType } from './extension-types.js';

type FileType = typeof import('file-type');
let loaded: Promise<FileType> | undefined;
/** file-type, loaded when the first file comes: its tokenizers are about 30 modules, 55 ms of every command's start. */
const fileTypeLoaded = (): Promise<FileType> => (loaded ??= import('file-type'));

/** What the bytes say a file is. `ext` carries its dot (`.jpg`), as Strapi's `ext` does. */
export interface FileKind {
  readonly mime: string;
  readonly ext: string;
}

/** What the client said: the part's content type and its file name. */
export interface ClaimedKind {
  readonly mime?: string | undefined;
  readonly filename?: string | undefined;
}

/**
 * How much of the head is read. file-type needs 4100 bytes for most formats, but an SVG's root
 * may come after a long comment or doctype, and Office files name their parts further in.
 */
export const HEAD_BYTES = 64 * 1024;

const BINARY = 'application/octet-stream';
const SVG: FileKind = { mime: 'image/svg+xml', ext: '.svg' };

/** The kind of a file whose head (at most HEAD_BYTES of its start, or all of it) is given. */
export async function kindOfHead(head: Uint8Array, claim: ClaimedKind = {}): Promise<FileKind> {
  const fileType = await fileTypeLoaded();
  const detected = await fileType.fileTypeFromBuffer(head);
  if (detected && detected.mime !== 'application/xml') return { mime: detected.mime, ext: `.${detected.ext}` };
  const text = textOf(head);
  if (text !== undefined && hasSvgRoot(text)) return SVG;
  if (detected) return { mime: detected.mime, ext: `.${detected.ext}` };
  return undetected(fileType, text !== undefined, claim);
}

/**
 * The kind of a file in a buffer or a stream. For a stream, only its head is read; the stream
 * returned yields every byte of the file, the head included.
 */
export async function kindOf(input: Uint8Array, claim?: ClaimedKind): Promise<FileKind>;
export async function kindOf(input: Readable, claim?: ClaimedKind): Promise<{ kind: FileKind; stream: Readable }>;
export async function kindOf(
  input: Uint8Array | Readable,
  claim: ClaimedKind = {},
): Promise<FileKind | { kind: FileKind; stream: Readable }> {
  if (input instanceof Uint8Array) return kindOfHead(input.subarray(0, HEAD_BYTES), claim);
  const { head, stream } = await peekHead(input, HEAD_BYTES);
  return { kind: await kindOfHead(head, claim), stream };
}

/**
 * Bytes file-type does not recognise. The claim stands only for a type file-type cannot detect
 * anyway (text, CSV, JSON…): a claimed JPEG whose bytes are not a JPEG, or a claimed SVG without
 * an SVG root, is contradicted by the bytes and falls back to what the bytes can be said to be.
 * `application/octet-stream` claims nothing: it is what a client sends when it does not know.
 */
function undetected(fileType: FileType, isText: boolean, claim: ClaimedKind): FileKind {
  const claimed = claim.mime?.split(';')[0]?.trim().toLowerCase();
  const fallback: FileKind = isText ? { mime: 'text/plain', ext: '.txt' } : { mime: BINARY, ext: '' };
  const withExt = (kind: FileKind) => withClaimedExt(fileType, kind, claim);
  if (!claimed || claimed === BINARY || !/^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(claimed)) return withExt(fallback);
  if (fileType.supportedMimeTypes.has(claimed as never) || claimed === SVG.mime) return withExt(fallback);
  if (claimed.startsWith('text/') && !isText) return withExt(fallback);
  return withExt({ mime: claimed, ext: extensionOfType(claimed) });
}

/**
 * Bytes that prove nothing about the extension keep the file name's, as Strapi keeps it, unless
 * it names a type the bytes would have shown (`photo.jpg` of text is not a `.jpg`).
 */
function withClaimedExt(fileType: FileType, kind: FileKind, claim: ClaimedKind): FileKind {
  const ext = claim.filename ? extname(claim.filename).toLowerCase() : '';
  if (!/^\.[a-z0-9]{1,10}$/.test(ext) || ext === SVG.ext || fileType.supportedExtensions.has(ext.slice(1) as never)) return kind;
  return { mime: kind.mime, ext };
}

/** The head as text when it reads as UTF-8 without NULs; a character cut at the end is allowed. */
function textOf(head: Uint8Array): string | undefined {
  if (head.includes(0)) return undefined;
  for (let cut = 0; cut < 4 && cut <= head.length; cut++) {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - cut));
    } catch {
      // A multi-byte character may straddle the end of the head: try again without its bytes.
    }
  }
  return undefined;
}

/** An XML document whose root element is `svg` (any namespace prefix), after the prolog. */
function hasSvgRoot(text: string): boolean {
  const prolog = /^\uFEFF?\s*(?:<\?[\s\S]*?\?>\s*|<!--[\s\S]*?-->\s*|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>\s*)*/i;
  const rest = text.slice(prolog.exec(text)?.[0].length ?? 0);
  return /^<(?:[A-Za-z_][\w.-]*:)?svg[\s>/]/.test(rest);
}

/**
 * Reads up to `size` bytes off a stream without losing them: the head goes back in front of the
 * stream (or, if the stream ended within it, a new stream of the head stands in for it).
 */
export function peekHead(stream: Readable, size: number): Promise<{ head: Buffer; stream: Readable }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const settle = (ended: boolean): void => {
      stream.off('readable', onReadable).off('end', onEnd).off('error', onError);
      const head = Buffer.concat(chunks);
      if (ended) return resolve({ head, stream: Readable.from(head.length > 0 ? [head] : []) });
      if (head.length > 0) stream.unshift(head);
      resolve({ head: head.subarray(0, size), stream });
    };
    const onReadable = (): void => {
      let chunk: Buffer | null;
      while (length < size && (chunk = stream.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        length += chunk.length;
      }
      if (length >= size) settle(false);
    };
    const onEnd = (): void => settle(true);
    const onError = (error: Error): void => {
      stream.off('readable', onReadable).off('end', onEnd);
      reject(error);
    };
    stream.on('readable', onReadable).on('end', onEnd).on('error', onError);
  });
}
