import { ValidationError } from '../errors/index.js';
import type { ContentType, RelationAttribute } from '../schema/types.js';
import type { Status } from '../store/layout.js';
import type { RelationContext, SourceRow } from './context.js';
import { checkAllowedFile } from './media.js';
import type { RelationItem, RelationOp, TargetRef } from './payload.js';

/** What resolving a target needs of the source: its type and the version it is. */
type SourceScope = Pick<SourceRow, 'type' | 'status' | 'locale'>;

/**
 * The target rows a reference names (docs/relations.md, Draft & publish and locales): the locale and the version
 * (draft/published) follow from the source row unless the source cannot decide them.
 */
export function resolveRef(ctx: RelationContext, source: SourceScope, attr: RelationAttribute, ref: TargetRef, path: string): number[] {
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

/** The rows an item to link names: a media field's must be files it accepts. */
export function resolveTarget(ctx: RelationContext, source: SourceScope, attr: RelationAttribute, item: RelationItem): number[] {
  const rows = resolveRef(ctx, source, attr, item.ref, item.path);
  if (attr.media) for (const row of rows) checkAllowedFile(ctx, attr, row, item.path);
  return rows;
}

/**
 * Resolves every target and anchor an op names, for its errors only: related ids are checked
 * before the source document is looked up, so a bad one is a 400 even when there is no source
 * to write to (docs/relations.md, Errors and atomicity).
 */
export function checkTargets(ctx: RelationContext, source: SourceScope, attr: RelationAttribute, op: RelationOp): void {
  const checkAnchor = (item: RelationItem) => {
    const p = item.position;
    if (p?.at === 'before' || p?.at === 'after') resolveRef(ctx, source, attr, p.anchor, `${item.path}.position.${p.at}`);
  };
  for (const item of op.kind === 'set' ? [] : op.disconnect) {
    resolveRef(ctx, source, attr, item.ref, item.path);
    checkAnchor(item);
  }
  for (const item of op.kind === 'set' ? op.items : op.connect) {
    resolveTarget(ctx, source, attr, item);
    checkAnchor(item);
  }
}

export const notFoundMessage = (documentId: string, locale: string | null) =>
  `Document with id "${documentId}", locale "${locale}" not found`;

function targetLocale(ctx: RelationContext, source: SourceScope, target: ContentType, asked: string | undefined): string | null {
  if (!target.localized) return null;
  if (source.type.localized) return source.locale;
  return asked ?? ctx.defaultLocale;
}

function targetStatuses(source: SourceScope, target: ContentType, asked: Status | undefined): readonly Status[] {
  if (!target.draftAndPublish) return ['published'];
  if (source.type.draftAndPublish) return [source.status];
  if (asked === 'published') return ['published'];
  if (asked === 'draft') return ['draft'];
  // A source without versions links to both versions of the document, which count as one relation.
  return ['draft', 'published'];
}
