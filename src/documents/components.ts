import { ValidationError } from '../errors/index.js';
import { applyRelationOp } from '../relations/apply.js';
import type { RelationOp } from '../relations/payload.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { ComponentAttribute, ContentType, DynamicZoneAttribute, Model, RelationAttribute } from '../schema/types.js';
import type { Row, RowScope, Status } from '../store/layout.js';
import { defaultsOf, type ComponentFieldInput, type ComponentFields, type ComponentItemInput } from './data.js';
import type { DocumentEngine } from './engine.js';

/** A component as a row stores it: its id, its fields, and in a dynamic zone its uid. */
export type StoredComponent = Readonly<Record<string, unknown>> & { readonly id: number; readonly __component?: string };

type Holder = ComponentAttribute | DynamicZoneAttribute;

/** The stored items of a component field's value, whatever its shape (one, none, a list). */
export function itemsOf(value: unknown): readonly StoredComponent[] {
  if (Array.isArray(value)) return value as StoredComponent[];
  return value === null || value === undefined ? [] : [value as StoredComponent];
}

/** The uid of a stored item of `attr`. */
export const uidOf = (attr: Holder, item: StoredComponent): string => (attr.kind === 'component' ? attr.component : item.__component!);

/** Calls `visit` for every component instance in `values` (fields of `model`), nested ones after their holder. */
export function eachInstance(
  registry: SchemaRegistry, model: Model, values: Readonly<Record<string, unknown>>, visit: (component: Model, item: StoredComponent) => void,
): void {
  for (const attr of model.attributes.values()) {
    if (attr.kind !== 'component' && attr.kind !== 'dynamiczone') continue;
    for (const item of itemsOf(values[attr.name])) {
      const component = registry.component(uidOf(attr, item));
      visit(component, item);
      eachInstance(registry, component, item, visit);
    }
  }
}

/** What a new entry's component fields start as: none. */
function emptyComponents(model: Model): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const attr of model.attributes.values()) {
    if (attr.kind === 'component') out[attr.name] = attr.repeatable ? [] : null;
    else if (attr.kind === 'dynamiczone') out[attr.name] = [];
  }
  return out;
}

const blanks = new WeakMap<Model, Readonly<Record<string, unknown>>>();

/**
 * What a new entry or item starts as, its defaults and empty components: made once a model
 * (casting every default anew took a tenth of a bulk load's rows), frozen to the last list,
 * as values spread into rows are shared by every row made from it.
 */
export function blankOf(model: Model): Readonly<Record<string, unknown>> {
  let blank = blanks.get(model);
  if (!blank) blanks.set(model, (blank = deepFrozen({ ...defaultsOf(model), ...emptyComponents(model) })));
  return blank;
}

function deepFrozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFrozen(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * Writes the component fields of one row inside the write transaction, as Strapi does: a value
 * replaces the field's previous one; an item carrying the id of an item the row holds in that
 * field keeps it (its fields not given, and its links, stay); any other item is new and gets a
 * new id. Links of items that go are removed; relations given inside items are applied once the
 * row is written (`finish`).
 */
export class ComponentWriter {
  private readonly pending: (readonly [RelationAttribute, RelationOp, number])[] = [];
  private readonly dropped: (readonly [Model, StoredComponent])[] = [];

  constructor(private readonly engine: DocumentEngine) {}

  /** The stored values of the given fields; `previous` is the row as it is (undefined for a new one). */
  values(fields: ComponentFields, previous: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [attr, input] of fields) out[attr.name] = this.field(attr, input, previous?.[attr.name]);
    return out;
  }

  /** Applies what the items' relations say and removes the links of items that went. */
  finish(owner: ContentType, row: Row, scope: RowScope): void {
    const writer = this.engine.writer;
    for (const [component, item] of this.dropped) detachInstance(this.engine, component, item);
    for (const [attr, op, id] of this.pending) {
      applyRelationOp(this.engine, writer, { type: owner, id, documentId: row.documentId, status: scope.status, locale: scope.locale }, attr, op);
    }
  }

  private field(attr: Holder, input: ComponentFieldInput, before: unknown): unknown {
    const held = new Map(itemsOf(before).map((item) => [`${uidOf(attr, item)}:${item.id}`, item]));
    const kept = new Set<string>();
    const build = (item: ComponentItemInput): StoredComponent => {
      let previous: StoredComponent | undefined;
      if (item.id !== undefined) {
        const key = `${item.component}:${item.id}`;
        previous = held.get(key);
        if (!previous || kept.has(key)) {
          throw ValidationError.at(`${item.path}.id`, `Some of the provided components in ${attr.name} are not related to the entity`, { key: 'id' });
        }
        kept.add(key);
      }
      return this.item(attr, item, previous);
    };
    const value = input.list ? input.items.map(build) : input.item && build(input.item);
    for (const [key, item] of held) if (!kept.has(key)) this.drop(this.engine.registry.component(uidOf(attr, item)), item);
    return value;
  }

  private item(attr: Holder, input: ComponentItemInput, previous: StoredComponent | undefined): StoredComponent {
    const component = this.engine.registry.component(input.component);
    const id = previous?.id ?? this.engine.store.nextId(input.component);
    const base = previous ?? blankOf(component);
    const value: Record<string, unknown> = attr.kind === 'dynamiczone' ? { __component: input.component, id } : { id };
    for (const [name, v] of Object.entries(base)) if (name !== 'id' && name !== '__component') value[name] = v;
    Object.assign(value, input.scalars, this.values(input.components, previous));
    for (const [relation, op] of input.relations) this.pending.push([relation, op, id]);
    return value as StoredComponent;
  }

  private drop(component: Model, item: StoredComponent): void {
    this.dropped.push([component, item]);
  }
}

/** Removes every link of one component instance and of the components nested in it. */
function detachInstance(engine: DocumentEngine, component: Model, item: StoredComponent): void {
  unlinkInstance(engine, component, item);
  detachComponents(engine, component, item);
}

function unlinkInstance(engine: DocumentEngine, model: Model, item: StoredComponent): void {
  for (const attr of model.attributes.values()) if (attr.kind === 'relation') engine.writer.unlinkAll(attr, item.id);
}

/** Removes the links of every component `values` hold: before their row goes, or they are replaced wholesale. */
export function detachComponents(engine: DocumentEngine, model: Model, values: Readonly<Record<string, unknown>>): void {
  eachInstance(engine.registry, model, values, (component, item) => unlinkInstance(engine, component, item));
}

/**
 * A copy of a row's component fields whose every instance has a new id, and, once the copy is
 * stored, its links copied from the originals, each re-targeted to the `status` version of its
 * target: what publishing and discarding a draft give the other version, as Strapi does.
 */
export function copyComponents(engine: DocumentEngine, ct: ContentType, from: Readonly<Record<string, unknown>>, status: Status, only?: ReadonlySet<string>): {
  readonly values: Record<string, unknown>;
  readonly linkCopies: () => void;
} {
  const pairs: [Model, number, number][] = [];
  const copyFields = (model: Model, source: Readonly<Record<string, unknown>>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const attr of model.attributes.values()) {
      if (attr.kind !== 'component' && attr.kind !== 'dynamiczone') continue;
      if (model === ct && only !== undefined && !only.has(attr.name)) continue;
      const copyItem = (item: StoredComponent): StoredComponent => {
        const uid = uidOf(attr, item);
        const component = engine.registry.component(uid);
        const id = engine.store.nextId(uid);
        pairs.push([component, item.id, id]);
        return { ...item, id, ...copyFields(component, item) };
      };
      const value = source[attr.name];
      out[attr.name] = Array.isArray(value) ? value.map(copyItem) : value ? copyItem(value as StoredComponent) : null;
    }
    return out;
  };
  const values = copyFields(ct, from);
  const linkCopies = () => {
    const links = engine.store.links;
    for (const [component, fromId, toId] of pairs) {
      for (const attr of component.attributes.values()) {
        if (attr.kind !== 'relation') continue;
        const target = engine.registry.require(attr.target);
        for (const t of [...links.targets(attr.listName, fromId)]) {
          const mapped = engine.writer.versionOf(target, t, status);
          if (mapped !== undefined) engine.writer.link(attr, toId, mapped, { at: 'end' });
        }
      }
    }
  };
  return { values, linkCopies };
}

/** A component field's value as it reads, whatever its items' ids: two locales' copies of one value compare equal. */
export function withoutIds(value: unknown): string {
  return JSON.stringify(value, (key, v: unknown) => (key === 'id' ? undefined : v));
}
