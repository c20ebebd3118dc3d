import { ValidationError } from '../errors/index.js';
import type { DocumentService } from '../documents/service.js';
import type { SchemaRegistry } from '../schema/registry.js';

/** The entry and media field that new files are attached to (Strapi's `ref`, `refId`, `field`). */
export interface UploadTarget {
  readonly uid: string;
  readonly documentId: string;
  readonly locale: string | undefined;
  readonly field: string;
  readonly multiple: boolean;
}

/**
 * Reads `ref` (a content-type uid), `refId` (an entry's id) and `field` (a media field of it),
 * given all three or none. Strapi links the file to that very row; Quarry writes a media field
 * through its document's draft, so a published version's id is refused (attach to its draft).
 */
export async function uploadTargetOf(
  registry: SchemaRegistry, documents: (uid: string) => DocumentService, ref: string | undefined, refId: string | undefined, field: string | undefined,
): Promise<UploadTarget | undefined> {
  if (ref === undefined && refId === undefined && field === undefined) return undefined;
  const type = ref === undefined ? undefined : registry.get(ref);
  if (type === undefined || !ref!.startsWith('api::')) throw ValidationError.at('ref', `ref must name a content-type, got ${JSON.stringify(ref ?? null)}`);
  const attribute = field === undefined ? undefined : type.attributes.get(field);
  if (attribute?.kind !== 'relation' || attribute.media === undefined) throw ValidationError.at('field', `field must name a media field of ${ref}, got ${JSON.stringify(field ?? null)}`);
  const id = refId !== undefined && /^[1-9]\d{0,15}$/.test(refId) ? Number(refId) : undefined;
  // Read through the document service: the version the id names, in whichever locale it is.
  const find = (status: 'draft' | 'published') => documents(type.uid).findFirst({ filters: { id }, status, ...(type.localized ? { locale: '*' } : {}) });
  const entry = id === undefined ? null : await find('draft');
  if (entry === null) {
    if (id !== undefined && type.draftAndPublish && (await find('published')) !== null) {
      throw ValidationError.at('refId', `refId ${id} is a published version; attach files to its draft`);
    }
    throw ValidationError.at('refId', `refId must be the id of an entry of ${ref}, got ${JSON.stringify(refId ?? null)}`);
  }
  const locale = entry.locale;
  return { uid: type.uid, documentId: String(entry.documentId), locale: typeof locale === 'string' ? locale : undefined, field: attribute.name, multiple: attribute.toMany };
}
