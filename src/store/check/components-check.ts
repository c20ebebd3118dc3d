import { ROW_IDS, seqKey, type RowDb } from '../dbs.js';
import type { CheckContext } from './rows-check.js';

/**
 * A field whose value holds component instances inside the row (docs/content-models.md), in
 * store terms: the layer that knows the schema describes each one, the checker walks rows by them.
 */
export interface ComponentLayout {
  /** The content-type or component that has the field. */
  readonly holder: string;
  readonly field: string;
  /** The component uids its items may be (one, unless a dynamic zone). */
  readonly components: readonly string[];
  /** A dynamic zone: each item names its component in `__component`. */
  readonly zone: boolean;
  /** An ordered list of items (repeatable, dynamic zone) rather than one or none. */
  readonly list: boolean;
}

/** Each component instance a row holds, by component uid: its id, and where it was seen (for messages). */
export type Instances = Map<string, Map<number, string>>;

/**
 * Walks every row's component fields, nested ones included, checking what a row holds: lists
 * where lists belong, items that are objects with a positive integer id, dynamic-zone items that
 * name a component the zone allows, and no instance id held twice for one component (ids are
 * allocated per component uid). Answers the instances found, so that links from a component can
 * be checked against the instances some row holds.
 */
export function checkComponents(ctx: CheckContext, layouts: readonly ComponentLayout[], rowDbs: ReadonlyMap<string, RowDb>): Instances {
  const byHolder = new Map<string, ComponentLayout[]>();
  for (const l of layouts) byHolder.set(l.holder, [...(byHolder.get(l.holder) ?? []), l]);
  const instances: Instances = new Map();
  for (const uid of new Set(layouts.flatMap((l) => l.components))) instances.set(uid, new Map());

  const walk = (holder: string, value: Readonly<Record<string, unknown>>, where: string): void => {
    for (const layout of byHolder.get(holder) ?? []) {
      const field = value[layout.field];
      const at = `${where}.${layout.field}`;
      if (field === undefined || field === null) {
        if (layout.list && field === null) ctx.problems.add('component', `${at} is null where a list of components belongs`);
        continue;
      }
      if (layout.list !== Array.isArray(field)) {
        ctx.problems.add('component', `${at} is ${Array.isArray(field) ? 'a list' : 'not a list'} where ${layout.list ? 'a list of components' : 'one component'} belongs`);
        continue;
      }
      const items = layout.list ? (field as unknown[]) : [field];
      items.forEach((item, i) => {
        const itemAt = layout.list ? `${at}.${i}` : at;
        const uid = componentOf(ctx, layout, item, itemAt);
        if (uid === undefined) return;
        const id = (item as { id?: unknown }).id;
        if (!(typeof id === 'number' && Number.isSafeInteger(id) && id > 0)) {
          ctx.problems.add('component', `${itemAt} (${uid}) has no id: ${JSON.stringify(id)}`);
        } else {
          const seen = instances.get(uid)!;
          const first = seen.get(id);
          if (first !== undefined) ctx.problems.add('component', `${uid} instance ${id} is held twice: by ${first} and by ${itemAt}`);
          else seen.set(id, itemAt);
          ctx.counts.components++;
        }
        walk(uid, item as Record<string, unknown>, itemAt);
      });
    }
  };

  for (const [type, db] of rowDbs) {
    if (!byHolder.has(type)) continue;
    for (const { key, value } of db.getRange(ROW_IDS)) walk(type, value, `${type} row ${key}`);
  }
  checkSequences(ctx, instances);
  return instances;
}

/** The component an item is, when it is an object its field may hold; a problem otherwise. */
function componentOf(ctx: CheckContext, layout: ComponentLayout, item: unknown, at: string): string | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    ctx.problems.add('component', `${at} is ${JSON.stringify(item)}, not a component`);
    return undefined;
  }
  if (!layout.zone) return layout.components[0];
  const uid = (item as { __component?: unknown }).__component;
  if (typeof uid === 'string' && layout.components.includes(uid)) return uid;
  ctx.problems.add('component', `${at} names component ${JSON.stringify(uid)}, which the dynamic zone does not allow (${layout.components.join(', ')})`);
  return undefined;
}

/** A new instance takes the sequence's next id: one at or below an id in use would be held twice. */
function checkSequences(ctx: CheckContext, instances: Instances): void {
  for (const [uid, ids] of instances) {
    if (ids.size === 0) continue;
    let last = 0;
    for (const id of ids.keys()) last = Math.max(last, id);
    const code = ctx.names.code(uid);
    const seq = code === undefined ? 0 : ((ctx.dbs.meta.get(seqKey(code)) as number | undefined) ?? 0);
    if (seq < last) ctx.problems.add('sequence', `${uid}: the last allocated instance id is ${seq}, but instance ${last} exists: the next new one would take an id in use`);
  }
}
