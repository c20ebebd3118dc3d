import type { Entry } from '../../index.js';
import { itemsOf, uidOf } from '../../documents/components.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import type { ContentType, RelationAttribute } from '../../schema/types.js';
import { shownRelations } from '../../schema/shown-relations.js';
import { componentFieldsOf, componentPopulate, holdsLinks, isList, relationsWithin, type ComponentField } from './component-fields.js';
import type { ComponentLinks, ItemLinks, RelationRef, TargetRef } from './format.js';

/** What one row links: its own relations, and those inside its components (undefined when none link anything). */
export interface RowLinks {
  readonly relations: Record<string, RelationRef[]>;
  readonly components: ComponentLinks | undefined;
}

/**
 * Reads the links of a type's rows from entries read with `populate`: each relation's targets
 * by documentId, locale and version, the row's own and those inside its components.
 *
 * A row of a type without versions may link both versions of a draft & publish target, and a
 * read shows one version of each: such a type's rows are read in both views (`bothViews`), and
 * each list of a versioned target is kept drafts first, then published ones.
 */
export class LinkReader {
  readonly populate: Record<string, unknown>;
  readonly bothViews: boolean;
  /** The type has relations, or components that can hold some. */
  readonly linked: boolean;
  private readonly relations: readonly RelationAttribute[];
  private readonly fields: readonly ComponentField[];

  constructor(
    private readonly registry: SchemaRegistry,
    ct: ContentType,
    /** For a relation whose targets are named by position (format.ts, `RelationRef`), the position of a target row's id. */
    private readonly positionsOf: (attr: RelationAttribute) => ((id: number) => number) | undefined = () => undefined,
  ) {
    this.relations = shownRelations(ct);
    this.fields = componentFieldsOf(ct).filter((f) => !f.private && holdsLinks(registry, f));
    this.populate = componentPopulate(registry, ct, true, (attr) => this.targetFields(attr));
    for (const attr of this.relations) this.populate[attr.name] = this.targetFields(attr);
    this.linked = this.relations.length > 0 || this.fields.length > 0;
    this.bothViews = !ct.draftAndPublish && [...this.relations, ...relationsWithin(registry, ct)].some((a) => registry.require(a.target).draftAndPublish);
  }

  /** `entry` as read, and when `bothViews`, the same row read in the drafts view. */
  read(entry: Entry, drafts: Entry | undefined): RowLinks {
    const relations: Record<string, RelationRef[]> = {};
    for (const attr of this.relations) {
      const position = this.positionsOf(attr);
      const targets = position ? (itemsOf(entry[attr.name]) as readonly Entry[]).map((e) => position(e.id as number)) : this.targets(attr, entry[attr.name], drafts?.[attr.name]);
      if (targets.length > 0) relations[attr.name] = targets;
    }
    const components: Record<string, ItemLinks | ItemLinks[] | null> = {};
    for (const attr of this.fields) {
      const links = this.fieldLinks(attr, entry[attr.name], drafts?.[attr.name]);
      if (links !== undefined) components[attr.name] = links;
    }
    return { relations, components: Object.keys(components).length > 0 ? components : undefined };
  }

  /** A component field's links laid out as its items, or undefined when no item links anything. */
  private fieldLinks(attr: ComponentField, value: unknown, drafts: unknown): ItemLinks | ItemLinks[] | null | undefined {
    const items = itemsOf(value);
    const draftItems = itemsOf(drafts);
    let any = false;
    const out = items.map((item, i) => {
      const component = this.registry.component(uidOf(attr, item));
      const links: Record<string, ItemLinks[string]> = attr.kind === 'dynamiczone' ? { __component: component.uid } : {};
      for (const relation of shownRelations(component)) {
        const targets = this.targets(relation, item[relation.name], draftItems[i]?.[relation.name]);
        if (targets.length > 0) links[relation.name] = targets;
      }
      for (const inner of componentFieldsOf(component)) {
        const nested = this.fieldLinks(inner, item[inner.name], draftItems[i]?.[inner.name]);
        if (nested !== undefined) links[inner.name] = nested;
      }
      if (Object.keys(links).some((k) => k !== '__component')) any = true;
      return links;
    });
    if (!any) return undefined;
    return isList(attr) ? out : out[0]!;
  }

  private targets(attr: RelationAttribute, value: unknown, drafts: unknown): TargetRef[] {
    const target = this.registry.require(attr.target);
    const refs = (v: unknown) => (itemsOf(v) as readonly Entry[]).map((e): TargetRef => {
      const locale = target.localized ? (e.locale as string) : null;
      const status = target.draftAndPublish && e.publishedAt === null ? 'draft' : 'published';
      return locale === null && status === 'published' ? e.documentId as string : { documentId: e.documentId as string, locale, status };
    });
    return this.bothViews && target.draftAndPublish ? [...refs(drafts), ...refs(value)] : refs(value);
  }

  /** Just what names each target: its documentId, locale and version. */
  private targetFields(attr: RelationAttribute): { fields: string[] } {
    return { fields: this.registry.require(attr.target).localized ? ['publishedAt', 'locale'] : ['publishedAt'] };
  }
}
