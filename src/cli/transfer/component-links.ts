import { itemsOf, uidOf, type StoredComponent } from '../../documents/components.js';
import type { Entry } from '../../index.js';
import { isRecord } from '../../objects.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import type { ContentType, Model } from '../../schema/types.js';
import { componentFieldsOf, componentPopulate, holdsLinks, isList, type ComponentField } from './component-fields.js';
import type { ComponentLinks, ItemLinks, TargetRef } from './format.js';
import { isTargetRef, TARGETS_ARE } from './records.js';
import { setOf } from '../../documents/bulk-load.js';

/** The instances a row's components hold, laid out as its fields: what naming each item again needs. */
export type RowIds = Readonly<Record<string, unknown>>;

/**
 * Re-attaches the relations inside a row's components on import. A version write gives every
 * component instance a new id, so the importer keeps, for each row of a type whose components
 * can hold links, the instances that write made (`idsOf` the entry it answered, read with
 * `populate`), until the row's links record comes. `linkData` turns that record's `components`
 * into update data naming every item by its id, which keeps it and its other fields, with its
 * relations `set` as exported. An item left out of a list would be removed, so every one is named.
 */
export class ComponentLinker {
  /** Populate for the row's component fields that can hold links; undefined when it has none. */
  readonly populate: Record<string, unknown> | undefined;
  private readonly fields: readonly ComponentField[];

  constructor(private readonly registry: SchemaRegistry, private readonly ct: ContentType) {
    this.fields = componentFieldsOf(ct).filter((f) => !f.private && holdsLinks(registry, f));
    this.populate = this.fields.length === 0 ? undefined : componentPopulate(registry, ct, true);
  }

  /** What a version write answered, cut down to its instances (the fields that lead to links). */
  idsOf(entry: Entry): RowIds {
    const out: Record<string, unknown> = {};
    for (const attr of this.fields) out[attr.name] = entry[attr.name];
    return out;
  }

  /** Update data that names every item of the fields `links` has, each with its relations set. */
  linkData(ids: RowIds, links: ComponentLinks): Record<string, unknown> {
    const data: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(links)) {
      const attr = this.ct.attributes.get(name);
      if (!attr || (attr.kind !== 'component' && attr.kind !== 'dynamiczone')) throw new Error(`components.${name}: ${this.ct.uid} has no component field ${name}`);
      data[name] = this.field(attr, ids[name], value, `components.${name}`);
    }
    return data;
  }

  private field(attr: ComponentField, held: unknown, links: unknown, path: string): unknown {
    const items = itemsOf(held);
    if (!isList(attr)) {
      if (items[0] === undefined) throw new Error(`${path}: the row holds no ${attr.name} component to link from`);
      return this.item(attr, items[0], links, path);
    }
    if (!Array.isArray(links)) throw new Error(`${path} must be a list, one entry per item`);
    if (links.length !== items.length) throw new Error(`${path} has ${links.length} items, the row holds ${items.length}`);
    return items.map((item, i) => this.item(attr, item, links[i], `${path}.${i}`));
  }

  private item(attr: ComponentField, item: StoredComponent, links: unknown, path: string): Record<string, unknown> {
    if (!isRecord(links)) throw new Error(`${path} must be an object of the item's relations and component fields`);
    const uid = uidOf(attr, item);
    if (links.__component !== undefined && links.__component !== uid) throw new Error(`${path} is a ${String(links.__component)}, the row holds a ${uid} there`);
    const component = this.registry.component(uid);
    const out: Record<string, unknown> = attr.kind === 'dynamiczone' ? { __component: uid, id: item.id } : { id: item.id };
    for (const [name, value] of Object.entries(links as ItemLinks)) {
      if (name === '__component') continue;
      out[name] = this.inner(component, item, name, value, `${path}.${name}`);
    }
    return out;
  }

  private inner(component: Model, item: StoredComponent, name: string, value: unknown, path: string): unknown {
    const attr = component.attributes.get(name);
    if (attr?.kind === 'relation') {
      if (!Array.isArray(value) || !value.every(isTargetRef)) throw new Error(`${path} ${TARGETS_ARE}`);
      return setOf(attr, value as TargetRef[]);
    }
    if (attr?.kind === 'component' || attr?.kind === 'dynamiczone') return this.field(attr, item[name], value, path);
    throw new Error(`${path}: component ${component.uid} has no relation or component field ${name}`);
  }
}
