import { describe, expect, it } from 'vitest';
import { realProject } from '../../fixtures/real-projects.js';
import { SchemaRegistry } from '../../src/schema/registry.js';
import type { Attribute, ComponentType, Model } from '../../src/schema/types.js';

const kinds = (m: Model) => [...m.attributes.values()].map((a) => a.kind);
const depthOf = (r: SchemaRegistry, c: ComponentType): number =>
  1 + Math.max(0, ...[...c.attributes.values()].filter((a): a is Extract<Attribute, { kind: 'component' }> => a.kind === 'component').map((a) => depthOf(r, r.component(a.component))));

describe('real Strapi projects load unchanged', () => {
  it('LaunchPad: 12 content-types, 32 components, single types, dynamic zones, media, blocks, field-level i18n', () => {
    const r = SchemaRegistry.fromDir(realProject('launchpad'));
    expect(r.warnings).toEqual([]);
    expect(r.types.filter((t) => t.uid.startsWith('api::'))).toHaveLength(12);
    expect(r.components).toHaveLength(32);
    expect(r.types.filter((t) => t.kind === 'singleType').map((t) => t.singularName).sort()).toEqual(['blog-page', 'global', 'product-page']);
    const page = r.require('api::page.page');
    expect(page.attributes.get('dynamic_zone')).toMatchObject({ kind: 'dynamiczone', localized: true });
    expect(page.attributes.get('dynamic_zone')).toMatchObject({ components: expect.arrayContaining(['dynamic-zone.hero']) });
    expect(page.attributes.get('seo')).toMatchObject({ kind: 'component', component: 'shared.seo', repeatable: false, localized: true });
    expect(page.attributes.get('slug')).toMatchObject({ kind: 'scalar', type: 'uid', unique: true, localized: true });
    const seo = r.component('shared.seo');
    expect(seo.attributes.get('metaImage')).toMatchObject({ kind: 'relation', target: 'plugin::upload.file', relation: 'oneWay', source: 'shared.seo' });
    // A relation in a component is its own list, from component ids, and steals nothing.
    const brands = r.component('dynamic-zone.brands').attributes.get('logos');
    expect(brands).toMatchObject({ kind: 'relation', relation: 'oneToMany', toMany: true, targetHasMany: true, listName: 'dynamic-zone.brands.logos' });
    expect(kinds(r.require('api::article.article'))).toContain('scalar');
    expect((r.require('api::article.article').attributes.get('content') as { type?: string }).type).toBe('blocks');
    expect(Math.max(...r.components.map((c) => depthOf(r, c)))).toBeGreaterThanOrEqual(3);
  });

  it('FoodAdvisor: the extended user, a relation to an unserved plugin type, a custom field, password and email', () => {
    const r = SchemaRegistry.fromDir(realProject('foodadvisor'));
    expect(r.warnings).toEqual([
      expect.stringMatching(/user\/schema\.json \(attribute "role"\): relation target plugin::users-permissions\.role is a plugin type Quarry does not serve/),
      expect.stringMatching(/user\/schema\.json \(attribute "articles"\): mappedBy "author" is not an attribute of api::article\.article; the attribute reads as absent/),
    ]);
    const user = r.require('plugin::users-permissions.user');
    expect(user.file).toMatch(/extensions\/users-permissions\/content-types\/user\/schema\.json$/);
    expect(user.attributes.has('role')).toBe(false);
    expect(user.attributes.get('picture')).toMatchObject({ kind: 'relation', target: 'plugin::upload.file', media: { allowedTypes: ['images', 'files', 'videos'] } });
    expect(user.attributes.get('reviews')).toMatchObject({ kind: 'relation', inverse: 'author', target: 'api::review.review' });
    const ckeditor = r.require('api::article.article').attributes.get('ckeditor_content');
    expect(ckeditor).toMatchObject({ kind: 'scalar', type: 'richtext', customField: 'plugin::ckeditor.CKEditor', required: true });
    expect(r.components).toHaveLength(32);
    expect(r.byPluralName('files')).toBeUndefined();
    expect(r.get('plugin::upload.file')?.attributes.get('folderPath')).toMatchObject({ private: true });
  });

  it('an unmapped custom field loads as json with a warning naming the setting; the setting maps it', () => {
    const schema = { info: { singularName: 'a', pluralName: 'as' }, attributes: { c: { type: 'customField', customField: 'plugin::x.colour' } } };
    const loose = SchemaRegistry.fromSources([{ uid: 'api::a.a', file: 'a/schema.json', schema }]);
    expect(loose.require('api::a.a').attributes.get('c')).toMatchObject({ type: 'json' });
    expect(loose.warnings).toEqual([expect.stringMatching(/custom field plugin::x\.colour is stored as json; map it to a type with the customFields setting/)]);
    const mapped = SchemaRegistry.fromSources([{ uid: 'api::a.a', file: 'a/schema.json', schema }], { customFields: { 'plugin::x.colour': 'string' } });
    expect(mapped.require('api::a.a').attributes.get('c')).toMatchObject({ type: 'string', customField: 'plugin::x.colour' });
    expect(mapped.warnings).toEqual([]);
  });

  it('a component that holds itself is refused, naming the chain', () => {
    expect(() => SchemaRegistry.fromProject({
      types: [{ uid: 'api::a.a', file: 'a/schema.json', schema: { info: { singularName: 'a', pluralName: 'as' }, attributes: { x: { type: 'component', component: 'c.one' } } } }],
      components: [
        { uid: 'c.one', file: 'components/c/one.json', schema: { attributes: { two: { type: 'component', component: 'c.two' } } } },
        { uid: 'c.two', file: 'components/c/two.json', schema: { attributes: { one: { type: 'component', component: 'c.one', repeatable: true } } } },
      ],
    })).toThrow(/component c\.one holds itself \(c\.one > c\.two > c\.one\)/);
  });
});
