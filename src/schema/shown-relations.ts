import type { Model, RelationAttribute } from './types.js';

const shown = new WeakMap<Model, readonly RelationAttribute[]>();

/**
 * The relations of a content-type or component that the content API shows (not private): those an
 * export lists and an import takes. Made once per model: a bulk load asks per record.
 */
export function shownRelations(model: Model): readonly RelationAttribute[] {
  let relations = shown.get(model);
  if (!relations) shown.set(model, (relations = [...model.attributes.values()].filter((a): a is RelationAttribute => a.kind === 'relation' && !a.private)));
  return relations;
}

/** A shown relation of the model by name; undefined for any other name, a private relation's too. */
export function shownRelation(model: Model, name: string): RelationAttribute | undefined {
  const attr = model.attributes.get(name);
  return attr?.kind === 'relation' && !attr.private ? attr : undefined;
}
