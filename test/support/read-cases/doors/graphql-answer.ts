import { componentTypeName } from '../../../../src/graphql/names.js';
import type { SchemaRegistry } from '../../../../src/schema/registry.js';
import type { Model } from '../../../../src/schema/types.js';
import { populateOf, type Populate, type PopulateOptions } from '../../read-params.js';
import { zoneAlias } from './graphql-read.js';

type Json = Record<string, unknown>;

/**
 * A GraphQL answer in REST's shapes, walked along the read's populate: a component's `ID` is the
 * number REST shows, and a dynamic-zone item names its component by `__typename` where REST
 * gives `__component`, after the item's fields (docs/graphql-content-models.md), which come
 * under the aliases the read gave them.
 */
export function restShaped(registry: SchemaRegistry, model: Model, populate: Populate | undefined, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => restShaped(registry, model, populate, item));
  if (value === null || typeof value !== 'object') return value;
  const out: Json = { ...(value as Json) };
  for (const [attr, options] of populateOf(model, populate)) {
    const held = out[attr.name];
    if (attr.kind === 'relation') out[attr.name] = restShaped(registry, registry.require(attr.target), options.populate, held);
    else if (attr.kind === 'component') out[attr.name] = mapItems(held, (item) => component(registry, attr.component, options, item));
    else {
      out[attr.name] = mapItems(held, (item) => {
        const { __typename, ...aliased } = item;
        const uid = attr.components.find((c) => componentTypeName(registry.component(c)) === __typename);
        if (uid === undefined) throw new Error(`GraphQL answered a ${String(__typename)} in ${attr.name}`);
        const prefix = zoneAlias(registry.component(uid));
        const fields = Object.fromEntries(Object.entries(aliased).map(([key, v]) => [key.slice(prefix.length), v]));
        return { ...component(registry, uid, options.on?.[uid] ?? options, fields), __component: uid };
      });
    }
  }
  return out;
}

function component(registry: SchemaRegistry, uid: string, options: true | PopulateOptions, item: Json): Json {
  const shaped = restShaped(registry, registry.component(uid), options === true ? undefined : options.populate, item) as Json;
  return { ...shaped, id: Number(shaped.id) };
}

const mapItems = (value: unknown, map: (item: Json) => Json): unknown =>
  Array.isArray(value) ? value.map((item: Json) => map(item)) : value === null || value === undefined ? value : map(value as Json);
