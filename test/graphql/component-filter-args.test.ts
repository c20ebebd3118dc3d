import { describe, expect, it } from 'vitest';
import { COMPONENT_PROJECT, SHOP } from '../../fixtures/models/shops.js';
import { listInput } from '../../src/graphql/args.js';
import { buildFilterTree } from '../../src/query/filters/index.js';
import { printFilter } from '../../src/query/ir/index.js';
import { SchemaRegistry } from '../../src/schema/registry.js';

const registry = SchemaRegistry.fromProject(COMPONENT_PROJECT);
const shop = registry.require(SHOP);

describe('GraphQL filters on components', () => {
  it('reach component fields through <Component>FiltersInput values, nested and repeatable, as REST filters', () => {
    const { filters } = listInput(registry, shop, {
      filters: {
        seo: { metaTitle: { containsi: 'café' }, image: { name: { eq: 'a.png' } } },
        perks: { and: [{ text: { eq: 'fast' } }, { link: { url: { null: false } } }], tags: { name: { in: ['x', 'y'] } } },
        hero: { buttons: { not: { label: { eq: 'One' } } } },
        owner: { seo: { metaTitle: { startsWith: 'Olga' } } },
      },
    }, true);
    expect(filters).toEqual({
      seo: { metaTitle: { $containsi: 'café' }, image: { name: { $eq: 'a.png' } } },
      perks: { $and: [{ text: { $eq: 'fast' } }, { link: { url: { $null: false } } }], tags: { name: { $in: ['x', 'y'] } } },
      hero: { buttons: { $not: { label: { $eq: 'One' } } } },
      owner: { seo: { metaTitle: { $startsWith: 'Olga' } } },
    });
    expect(printFilter(buildFilterTree(registry, SHOP, filters))).toBe(
      '(seo.metaTitle containsi "café" and exists seo.image(name = "a.png")'
      + ' and exists item of perks((text = "fast" and link.url is not null and exists item of tags(name in ["x", "y"])))'
      + ' and exists item of hero.buttons(not label = "One") and exists owner(seo.metaTitle startsWith "Olga"))',
    );
  });
});
