import type { SchemaRegistry } from '../../schema/registry.js';
import type { ComponentAttribute, DynamicZoneAttribute, Model, RelationAttribute } from '../../schema/types.js';
import { uidOf, type StoredComponent } from '../../documents/components.js';
import { shownRelations } from '../../schema/shown-relations.js';

/**
 * How the transfer walks what a row holds in its components (docs/content-models.md): a
 * component field's items, the components they are, and which fields lead to relations.
 */

export type ComponentField = ComponentAttribute | DynamicZoneAttribute;

/** The components a field's items may be. */
export const componentsOf = (attr: ComponentField): readonly string[] => (attr.kind === 'component' ? [attr.component] : attr.components);

/** An ordered list of items rather than one or none. */
export const isList = (attr: ComponentField): boolean => attr.kind === 'dynamiczone' || attr.repeatable;

export function componentFieldsOf(model: Model): ComponentField[] {
  return [...model.attributes.values()].filter((a): a is ComponentField => a.kind === 'component' || a.kind === 'dynamiczone');
}

/** Whether some item `attr` may hold has a relation, at any depth: its links must be carried beside the row's. */
export function holdsLinks(registry: SchemaRegistry, attr: ComponentField, within: readonly string[] = []): boolean {
  return componentsOf(attr).some((uid) => {
    // A component cannot hold itself, though a hand-written schema could say so.
    if (within.includes(uid)) return false;
    const component = registry.component(uid);
    return shownRelations(component).length > 0 || componentFieldsOf(component).some((f) => holdsLinks(registry, f, [...within, uid]));
  });
}

/** The relations inside the components a model's fields may hold, at any depth. */
export function relationsWithin(registry: SchemaRegistry, model: Model, within: readonly string[] = []): RelationAttribute[] {
  return componentFieldsOf(model).flatMap((f) => componentsOf(f).filter((uid) => !within.includes(uid)).flatMap((uid) => {
    const component = registry.component(uid);
    return [...shownRelations(component), ...relationsWithin(registry, component, [...within, uid])];
  }));
}

/**
 * A document-service populate that reaches into component fields, nested ones included: every
 * one (`links` false: to read their values), or only those that lead to relations, each relation
 * inside a component populated with `relation`'s options when given (`links` true: to read or
 * re-attach their links).
 */
export function componentPopulate(
  registry: SchemaRegistry, model: Model, links: boolean, relation?: (attr: RelationAttribute) => unknown, within: readonly string[] = [],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const attr of componentFieldsOf(model)) {
    if (attr.private || (links && !holdsLinks(registry, attr, within))) continue;
    // A dynamic zone read `on` some components shows only their items: every one is named.
    const parts: Record<string, unknown> = {};
    let deeper = false;
    for (const uid of componentsOf(attr)) {
      const component = registry.component(uid);
      const inner = within.includes(uid) ? {} : componentPopulate(registry, component, links, relation, [...within, uid]);
      if (relation && !within.includes(uid)) for (const r of shownRelations(component)) inner[r.name] = relation(r);
      deeper ||= Object.keys(inner).length > 0;
      parts[uid] = Object.keys(inner).length > 0 ? { populate: inner } : true;
    }
    if (!deeper) out[attr.name] = true;
    else out[attr.name] = attr.kind === 'component' ? parts[attr.component] : { on: parts };
  }
  return out;
}

/**
 * A component field's value as shown, as a write payload: each item without the id the store
 * gave it (an import makes new instances), nested component fields alike. Relations inside are
 * not read with values, so they are not there.
 */
export function payloadOf(registry: SchemaRegistry, attr: ComponentField, value: unknown): unknown {
  const strip = (item: StoredComponent): Record<string, unknown> => {
    const { id: _id, ...rest } = item;
    const fields: Record<string, unknown> = rest;
    const component = registry.component(uidOf(attr, item));
    for (const inner of componentFieldsOf(component)) if (inner.name in fields) fields[inner.name] = payloadOf(registry, inner, fields[inner.name]);
    return fields;
  };
  if (Array.isArray(value)) return (value as StoredComponent[]).map(strip);
  return value === null || value === undefined ? null : strip(value as StoredComponent);
}
