import { ValidationError } from '../errors/index.js';
import type { ContentType, RelationAttribute } from '../schema/types.js';
import type { Status } from '../store/layout.js';
import type { RelationContext, SourceRow } from './context.js';
import type { TargetRef } from './payload.js';

/**
 * The target rows a reference names, per relations.md §3: the locale and the version
 * (draft/published) follow from the source row unless the source cannot decide them.
 */
export function resolveRef(ctx: RelationContext, source: SourceRow, attr: RelationAttribute, ref: TargetRef, path: string): number[] {
  const target = ctx.registry.require(attr.target);
  if (ref.kind === 'row') {
    if (!ctx.store.rows.get(target.uid, ref.id)) throw ValidationError.at(path, `Relation with id ${ref.id} not found`);
    return [ref.id];
  }
  const locale = targetLocale(ctx, source, target, ref.locale);
  const ids: number[] = [];
  for (const status of targetStatuses(source, target, ref.status)) {
    const id = ctx.store.rows.idOf(target.uid, ref.documentId, status, locale);
    if (id !== undefined) ids.push(id);
  }
  if (ids.length === 0) throw ValidationError.at(path, notFoundMessage(ref.documentId, locale));
  return ids;
}

export const notFoundMessage = (documentId: string, locale: string | null) =>
  `Document with id "${documentId}", locale "${locale}" not found`;

function targetLocale(ctx: RelationContext, source: SourceRow, target: ContentType, asked: string | undefined): string | null {
  if (!target.localized) return null;
  if (source.type.localized) return source.locale;
  return asked ?? ctx.defaultLocale;
}

function targetStatuses(source: SourceRow, target: ContentType, asked: Status | undefined): readonly Status[] {
  if (!target.draftAndPublish) return ['published'];
  if (source.type.draftAndPublish) return [source.status];
  if (asked === 'published') return ['published'];
  if (asked === 'draft') return ['draft'];
  // A source without versions links to both versions of the document, which count as one relation.
  return ['draft', 'published'];
}
