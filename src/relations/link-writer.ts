import type { ContentType, RelationAttribute } from '../schema/types.js';
import type { Placement } from '../store/links.js';
import type { Status } from '../store/layout.js';
import type { RelationContext } from './context.js';

/**
 * The only writer of links. A link is kept in two lists: the source's list for the attribute
 * and the target's partner list (the inverse attribute's, or a hidden one for unidirectional
 * relations), so either side can be walked in order.
 */
export class LinkWriter {
  private readonly incomingByTarget = new Map<string, RelationAttribute[]>();

  constructor(private readonly ctx: RelationContext) {
    for (const model of [...ctx.registry.types, ...ctx.registry.components]) {
      for (const attr of model.attributes.values()) {
        if (attr.kind !== 'relation') continue;
        const list = this.incomingByTarget.get(attr.target) ?? [];
        list.push(attr);
        this.incomingByTarget.set(attr.target, list);
      }
    }
  }

  /**
   * Links `source` to `target` at `where` in the source's list (moving it if already linked), and
   * upholds the relation's rules: a single-valued side drops its other targets, and a target that
   * may have only one source is taken from the sources it had (docs/relations.md, Both sides). Versions of the
   * same document are never taken from one another.
   */
  link(attr: RelationAttribute, source: number, target: number, where: Placement, partnerWhere?: Placement): void {
    const links = this.ctx.store.links;
    if (!attr.toMany) {
      const targetDoc = this.documentOf(attr.target, target);
      for (const other of links.targetSet(attr.listName, source)) {
        if (other !== target && this.documentOf(attr.target, other) !== targetDoc) this.unlink(attr, source, other);
      }
    }
    if (!attr.targetHasMany) {
      const sourceType = attr.source;
      const sourceDoc = this.documentOf(sourceType, source);
      for (const other of links.targetSet(attr.partnerListName, target)) {
        if (other !== source && this.documentOf(sourceType, other) !== sourceDoc) this.unlink(attr, other, target);
      }
    }
    links.place(attr.listName, source, target, where);
    if (partnerWhere && !links.has(attr.partnerListName, target, source)) links.place(attr.partnerListName, target, source, partnerWhere);
    else links.ensure(attr.partnerListName, target, source);
  }

  /** Makes one source row's list of `attr` exactly `targets` (distinct rows), in that order. */
  setList(attr: RelationAttribute, source: number, targets: readonly number[]): void {
    const current = [...this.ctx.store.links.targets(attr.listName, source)];
    // The run at the start already in place stays: the far side of a list an import wrote from
    // one side is set again in the order it already has.
    let kept = 0;
    while (kept < targets.length && kept < current.length && current[kept] === targets[kept]) kept++;
    const wanted = new Set(targets);
    for (const c of current) if (!wanted.has(c)) this.unlink(attr, source, c);
    // Re-placing each other wanted target at the end, in order, leaves exactly that order; links
    // that already existed keep their place on the far side.
    for (let i = kept; i < targets.length; i++) this.link(attr, source, targets[i]!, { at: 'end' });
  }

  /**
   * Writes a source row's whole list of `attr`, in order, in a bulk load that writes each side of
   * a relation from the side's own record: the list must be empty, and the targets distinct and
   * as many as the side holds. `mirror` also appends the source to each target's partner list: a
   * one-way relation's hidden list, which no record writes.
   */
  fillList(attr: RelationAttribute, source: number, targets: readonly number[], mirror: boolean): void {
    this.ctx.store.links.fill(attr.listName, source, targets);
    if (mirror) for (const target of targets) this.ctx.store.links.ensure(attr.partnerListName, target, source);
  }

  unlink(attr: RelationAttribute, source: number, target: number): void {
    this.ctx.store.links.remove(attr.listName, source, target);
    this.ctx.store.links.remove(attr.partnerListName, target, source);
  }

  /** Removes every link of one source row's attribute. */
  unlinkAll(attr: RelationAttribute, source: number): void {
    for (const target of this.ctx.store.links.clear(attr.listName, source)) {
      this.ctx.store.links.remove(attr.partnerListName, target, source);
    }
  }

  /** Removes every link a row takes part in, from either side: before the row itself goes. */
  detachRow(type: ContentType, row: number): void {
    for (const attr of type.attributes.values()) if (attr.kind === 'relation') this.unlinkAll(attr, row);
    for (const attr of this.incomingByTarget.get(type.uid) ?? []) {
      for (const source of this.ctx.store.links.targetSet(attr.partnerListName, row)) this.unlink(attr, source, row);
    }
  }

  /**
   * Gives `to` the links of `from` (another version of the same document), each re-targeted to
   * the `status` version of its target; targets without that version are dropped. Order is kept,
   * and on the far side the new link stands where the copied one stood among its neighbours'
   * versions (publishing and discarding a draft keep both sides' order: docs/relations.md, Draft & publish and locales).
   * On a `mappedBy` side the links `to` has are held by the far side's rows, which this does not
   * rewrite: they stay, in place, and `from`'s links join them (Strapi's bidirectional sync).
   */
  copyVersionLinks(type: ContentType, from: number, to: number, status: Status): void {
    const links = this.ctx.store.links;
    for (const attr of type.attributes.values()) {
      if (attr.kind !== 'relation') continue;
      if (!attr.mappedBy) this.unlinkAll(attr, to);
      const target = this.ctx.registry.require(attr.target);
      for (const t of [...links.targets(attr.listName, from)]) {
        const mapped = this.versionOf(target, t, status);
        if (mapped === undefined || links.has(attr.listName, to, mapped)) continue;
        this.link(attr, to, mapped, { at: 'end' }, this.mirroredPlace(type, attr, t, mapped, from, status));
      }
    }
  }

  /** Where `to` goes in `mapped`'s partner list so it keeps the place `from` had in `original`'s. */
  private mirroredPlace(type: ContentType, attr: RelationAttribute, original: number, mapped: number, from: number, status: Status): Placement {
    const links = this.ctx.store.links;
    if (mapped === original) return links.has(attr.partnerListName, original, from) ? { at: 'after', target: from } : { at: 'end' };
    let seenFrom = false;
    for (const s of links.targets(attr.partnerListName, original)) {
      if (!seenFrom) {
        seenFrom = s === from;
        continue;
      }
      const sMapped = this.versionOf(type, s, status);
      if (sMapped !== undefined && links.has(attr.partnerListName, mapped, sMapped)) return { at: 'before', target: sMapped };
    }
    return { at: 'end' };
  }

  /** The row of the same document and locale in `status`; the row itself for types without versions. */
  versionOf(type: ContentType, row: number, status: Status): number | undefined {
    if (!type.draftAndPublish) return row;
    const r = this.ctx.store.rows.get(type.uid, row);
    if (!r) return undefined;
    return this.ctx.store.rows.idOf(type.uid, r.documentId, status, (r.locale as string | null | undefined) ?? null);
  }

  private documentOf(type: string, row: number): string | undefined {
    return this.ctx.store.rows.get(type, row)?.documentId;
  }
}
