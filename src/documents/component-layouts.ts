import type { SchemaRegistry } from '../schema/registry.js';
import type { ComponentLayout } from '../store/check/check.js';

/** Every component and dynamic-zone field of a registry's content-types and components, in the store's terms (for `quarry check`). */
export function componentLayoutsOf(registry: SchemaRegistry): ComponentLayout[] {
  const out: ComponentLayout[] = [];
  for (const model of [...registry.types, ...registry.components]) {
    for (const attr of model.attributes.values()) {
      if (attr.kind === 'component') {
        out.push({ holder: model.uid, field: attr.name, components: [attr.component], zone: false, list: attr.repeatable });
      } else if (attr.kind === 'dynamiczone') {
        out.push({ holder: model.uid, field: attr.name, components: attr.components, zone: true, list: true });
      }
    }
  }
  return out;
}
