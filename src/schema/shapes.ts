import { createHash } from 'node:crypto';
import type { SchemaRegistry } from './registry.js';
import type { Attribute, Model } from './types.js';

/** Each field of a content-type or component, as one line saying what it stores (`relation manyToOne api::chef.chef`). */
export type Shape = Readonly<Record<string, string>>;

/** The shapes of some content-types and of every component they hold, at any depth. */
export interface Shapes {
  readonly types: Readonly<Record<string, Shape>>;
  readonly components: Readonly<Record<string, Shape>>;
}

/**
 * What an attribute stores, in one line: its kind and what decides its values' form. Rules that
 * only refuse values (required, lengths, a regex) are left out: data written under one schema
 * fits a schema that differs only there.
 */
function describe(attr: Attribute, localizedType: boolean): string {
  const localized = localizedType && !attr.localized ? ' shared' : '';
  switch (attr.kind) {
    case 'scalar':
      return `${attr.type}${attr.type === 'enumeration' ? ` [${attr.enum?.join(',') ?? ''}]` : ''}${localized}`;
    case 'relation':
      return `relation ${attr.relation} ${attr.target}${attr.inverse === undefined ? '' : ` ${attr.inverse}`}${attr.media === undefined ? '' : ' media'}${localized}`;
    case 'component':
      return `component ${attr.component}${attr.repeatable ? ' repeatable' : ''}${localized}`;
    case 'dynamiczone':
      return `dynamiczone ${[...attr.components].sort().join(',')}${localized}`;
  }
}

/** A localized type's fields say which of them all its locales share. */
function shapeOf(model: Model): Shape {
  const names = [...model.attributes.keys()].sort();
  const localized = model.kind !== 'component' && model.localized;
  return Object.fromEntries(names.map((name) => [name, describe(model.attributes.get(name)!, localized)]));
}

/** The shapes of `uids` and of the components they reach. */
export function shapesOf(registry: SchemaRegistry, uids: readonly string[]): Shapes {
  const types: Record<string, Shape> = {};
  const components: Record<string, Shape> = {};
  const reach = (model: Model): void => {
    for (const attr of model.attributes.values()) {
      const held = attr.kind === 'component' ? [attr.component] : attr.kind === 'dynamiczone' ? attr.components : [];
      for (const uid of held) {
        if (Object.hasOwn(components, uid)) continue;
        const component = registry.component(uid);
        components[uid] = shapeOf(component);
        reach(component);
      }
    }
  };
  for (const uid of [...uids].sort()) {
    const model = registry.model(uid);
    types[uid] = shapeOf(model);
    reach(model);
  }
  return { types, components: Object.fromEntries(Object.keys(components).sort().map((uid) => [uid, components[uid]!])) };
}

/** A short hash of shapes: two exports or folders whose fingerprints agree were written under the same fields. */
export function fingerprintOf(shapes: Shapes): string {
  return createHash('sha256').update(JSON.stringify(shapes)).digest('hex').slice(0, 16);
}

/**
 * How `found` (an export's shapes) differs from `expected` (the schemas'), one line per field,
 * type or component; empty when they agree.
 */
export function shapeDifferences(found: Shapes, expected: Shapes): string[] {
  const lines: string[] = [];
  const compare = (what: 'content-type' | 'component', from: Readonly<Record<string, Shape>>, to: Readonly<Record<string, Shape>>): void => {
    for (const uid of Object.keys(from)) {
      const theirs = from[uid]!;
      const ours = to[uid];
      if (ours === undefined) {
        lines.push(`${what} ${uid} is not in the schemas`);
        continue;
      }
      for (const name of new Set([...Object.keys(theirs), ...Object.keys(ours)])) {
        const a = theirs[name];
        const b = ours[name];
        if (a === b) continue;
        if (b === undefined) lines.push(`${uid}.${name} (${a}) is not in the schemas`);
        else if (a === undefined) lines.push(`${uid}.${name} (${b}) is not in the export`);
        else lines.push(`${uid}.${name} is ${a} in the export, ${b} in the schemas`);
      }
    }
  };
  compare('content-type', found.types, expected.types);
  compare('component', found.components, expected.components);
  return lines;
}
