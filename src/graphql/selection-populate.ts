import { Kind, type FieldNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';
import type { ParamObject, ParamValue } from '../query/params/index.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { ComponentType, ContentType, DynamicZoneAttribute } from '../schema/types.js';
import { dynamicZoneName, modelTypeName } from './names.js';

type Holder = ContentType | ComponentType;

/** What a resolver is told of the query around it; the fast path (fast-path.ts) gives the same. */
export interface SelectionInfo {
  readonly fieldNodes: readonly FieldNode[];
  readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>;
}

/**
 * The `populate` a field's selection needs on the entries it shows, in REST's shapes: the
 * components and dynamic zones it selects, and theirs within, at any depth (`{ seo: true }`,
 * `{ sections: { on: { 'blocks.hero': { populate: { cta: true } } } } }`). Components live in
 * their entry's row, so this only says what the entry shows; relations and media, in entries
 * and in components, are read by their own fields (relation-fields.ts). `under` names the field
 * whose selection holds the entries (`nodes` of a `_connection`). Undefined when nothing is needed.
 */
export function selectionPopulate(registry: SchemaRegistry, holder: ContentType, info: SelectionInfo, under?: string): ParamObject | undefined {
  const known = byNodes.get(info.fieldNodes);
  if (known !== undefined) return known ?? undefined;
  const walk = new Walk(registry, info.fragments);
  let sets = info.fieldNodes.flatMap(selectionSets);
  if (under !== undefined) sets = fieldsOf(walk, sets).get(under)?.flatMap(selectionSets) ?? [];
  const populate = walk.holder(holder, sets);
  byNodes.set(info.fieldNodes, populate ?? null);
  return populate;
}

/**
 * By the field's nodes, which the fast path keeps with its plan: the same nodes always ask the
 * same (null: nothing to populate). graphql-js collects them anew for each request.
 */
const byNodes = new WeakMap<readonly FieldNode[], ParamObject | null>();

const selectionSets = (node: FieldNode): SelectionSetNode[] => (node.selectionSet ? [node.selectionSet] : []);

class Walk {
  constructor(readonly registry: SchemaRegistry, readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>) {}

  /** What a selection of `holder`'s fields needs populated. */
  holder(holder: Holder, sets: readonly SelectionSetNode[]): ParamObject | undefined {
    let out: Record<string, ParamValue> | undefined;
    for (const [name, nodes] of fieldsOf(this, sets)) {
      const attr = holder.attributes.get(name);
      if (attr?.kind === 'component') {
        const nested = this.holder(this.registry.component(attr.component), nodes.flatMap(selectionSets));
        (out ??= {})[name] = nested === undefined ? true : { populate: nested };
      } else if (attr?.kind === 'dynamiczone') {
        (out ??= {})[name] = this.zone(holder as ContentType, attr, nodes.flatMap(selectionSets));
      }
    }
    return out;
  }

  /**
   * A dynamic zone's items by component (`on`), each with what its fragments select; every
   * allowed component is named, so that no item depends on how an unnamed one would be read.
   */
  private zone(ct: ContentType, attr: DynamicZoneAttribute, sets: readonly SelectionSetNode[]): ParamValue {
    const union = dynamicZoneName(ct, attr.name);
    let on: Record<string, ParamValue> | undefined;
    for (const uid of attr.components) {
      const component = this.registry.component(uid);
      const nested = this.holder(component, sets.flatMap((set) => [...memberSets(this, set, union, modelTypeName(component))]));
      if (nested !== undefined) (on ??= {})[uid] = { populate: nested };
    }
    if (on === undefined) return true;
    for (const uid of attr.components) on[uid] ??= true;
    return { on };
  }
}

/**
 * The fields a selection of an object type asks, fragments followed, by field name (aliases of
 * one field together). A validated operation spreads on an object type only fragments of that
 * type, so type conditions need no check here.
 */
function fieldsOf(walk: Walk, sets: readonly SelectionSetNode[]): Map<string, FieldNode[]> {
  const out = new Map<string, FieldNode[]>();
  const visit = (set: SelectionSetNode, seen: ReadonlySet<string>): void => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const list = out.get(selection.name.value);
        if (list) list.push(selection);
        else out.set(selection.name.value, [selection]);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet, seen);
      } else {
        const fragment = walk.fragments[selection.name.value];
        if (fragment && !seen.has(fragment.name.value)) visit(fragment.selectionSet, new Set([...seen, fragment.name.value]));
      }
    }
  };
  for (const set of sets) visit(set, new Set());
  return out;
}

/** The selection sets of a union field that apply to one member: its fragments, inline or named, at any nesting. */
function* memberSets(walk: Walk, set: SelectionSetNode, union: string, member: string, seen: ReadonlySet<string> = new Set()): Generator<SelectionSetNode> {
  for (const selection of set.selections) {
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      const on = selection.typeCondition?.name.value;
      if (on === member) yield selection.selectionSet;
      else if (on === undefined || on === union) yield* memberSets(walk, selection.selectionSet, union, member, seen);
    } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = walk.fragments[selection.name.value];
      if (!fragment || seen.has(fragment.name.value)) continue;
      const on = fragment.typeCondition.name.value;
      const next = new Set([...seen, fragment.name.value]);
      if (on === member) yield fragment.selectionSet;
      else if (on === union) yield* memberSets(walk, fragment.selectionSet, union, member, next);
    }
  }
}
