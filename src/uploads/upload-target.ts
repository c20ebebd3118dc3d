import { ValidationError } from '../errors/index.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { Store } from '../store/store.js';

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
export function uploadTargetOf(registry: SchemaRegistry, store: Store, ref: string | undefined, refId: string | undefined, field: string | undefined): UploadTarget | undefined {
  if (ref === undefined && refId === undefined && field === undefined) return undefined;
  const type = ref === undefined ? undefined : registry.get(ref);
  if (type === undefined || !ref!.startsWith('api::')) throw ValidationError.at('ref', `ref must name a content-type, got ${JSON.stringify(ref ?? null)}`);
  const attribute = field === undefined ? undefined : type.attributes.get(field);
  if (attribute?.kind !== 'relation' || attribute.media === undefined) throw ValidationError.at('field', `field must name a media field of ${ref}, got ${JSON.stringify(field ?? null)}`);
  const id = refId !== undefined && /^[1-9]\d{0,15}$/.test(refId) ? Number(refId) : undefined;
  const row = id === undefined ? undefined : store.rows.get(type.uid, id);
  if (row === undefined) throw ValidationError.at('refId', `refId must be the id of an entry of ${ref}, got ${JSON.stringify(refId ?? null)}`);
  if (type.draftAndPublish && row.publishedAt !== null) throw ValidationError.at('refId', `refId ${id} is a published version; attach files to its draft`);
  return { uid: type.uid, documentId: row.documentId, locale: row.locale ?? undefined, field: attribute.name, multiple: attribute.toMany };
}
