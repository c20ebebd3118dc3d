import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SchemaError } from '../../src/errors/index.js';
import { SchemaRegistry } from '../../src/schema/registry.js';
import type { RawSchema, SchemaSource } from '../../src/schema/raw.js';
import { DOCUMENT_ID, newDocumentId } from '../../src/store/document-id.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function tree(files: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), 'quarry-schema-'));
  dirs.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return root;
}

const type = (singular: string, plural: string, attributes: Record<string, unknown>, extra: Partial<RawSchema> = {}): RawSchema =>
  ({ kind: 'collectionType', info: { singularName: singular, pluralName: plural }, attributes, ...extra }) as RawSchema;
const source = (name: string, schema: RawSchema): SchemaSource => ({ uid: `api::${name}.${name}`, file: `${name}/schema.json`, schema });

describe('loading', () => {
  it('reads a Strapi project layout and the one-folder-per-type layout alike, plus the built-in user', () => {
    const strapi = tree({
      'src/api/shop/content-types/shop/schema.json': type('shop', 'shops', { name: { type: 'string' } }),
      'src/api/shop/content-types/sale/schema.json': type('sale', 'sales', { shop: { type: 'relation', relation: 'manyToOne', target: 'api::shop.shop' } }),
    });
    const flat = tree({ 'shop/schema.json': type('shop', 'shops', { name: { type: 'string' } }) });
    const a = SchemaRegistry.fromDir(strapi);
    expect(a.types.map((t) => t.uid).sort()).toEqual(['api::shop.sale', 'api::shop.shop', 'plugin::upload.file', 'plugin::users-permissions.user']);
    expect(a.byPluralName('sales')?.uid).toBe('api::shop.sale');
    expect(SchemaRegistry.fromDir(flat).get('api::shop.shop')?.pluralName).toBe('shops');
    const user = a.get('plugin::users-permissions.user')!;
    expect([...user.attributes.keys()]).toEqual(expect.arrayContaining(['username', 'email', 'provider', 'password', 'confirmed', 'blocked']));
    expect(user.attributes.get('password')).toMatchObject({ private: true, type: 'password' });
  });

  it('reads every scalar type with its options, draft & publish and i18n', () => {
    const r = SchemaRegistry.fromSources([source('all', type('all', 'alls', {
      s: { type: 'string', required: true, unique: true, default: 'x', minLength: 1, maxLength: 9 },
      t: { type: 'text' }, rt: { type: 'richtext' }, e: { type: 'email' }, u: { type: 'uid' },
      en: { type: 'enumeration', enum: ['a', 'b'] }, i: { type: 'integer', min: 0, max: 5 }, bi: { type: 'biginteger' },
      de: { type: 'decimal' }, f: { type: 'float' }, b: { type: 'boolean' }, d: { type: 'date' }, dt: { type: 'datetime' },
      ti: { type: 'time' }, j: { type: 'json' }, p: { type: 'password' }, hidden: { type: 'string', private: true },
      shared: { type: 'string', pluginOptions: { i18n: { localized: false } } },
      own: { type: 'string', pluginOptions: { i18n: { localized: true } } },
    }, { options: { draftAndPublish: true }, pluginOptions: { i18n: { localized: true } } }))]);
    const ct = r.require('api::all.all');
    expect(ct).toMatchObject({ draftAndPublish: true, localized: true });
    expect(ct.attributes.get('s')).toMatchObject({ kind: 'scalar', type: 'string', required: true, unique: true, default: 'x', minLength: 1, maxLength: 9 });
    expect(ct.attributes.get('en')).toMatchObject({ enum: ['a', 'b'] });
    expect(ct.attributes.get('i')).toMatchObject({ min: 0, max: 5 });
    expect(ct.attributes.get('p')).toMatchObject({ private: true });
    expect(ct.attributes.get('hidden')).toMatchObject({ private: true });
    expect(ct.attributes.get('shared')).toMatchObject({ localized: false });
    expect(ct.attributes.get('own')).toMatchObject({ localized: true });
    // Strapi's i18n: a field of a localized type is localized only when it says so, a uid always.
    expect(ct.attributes.get('t')).toMatchObject({ localized: false });
    expect(ct.attributes.get('u')).toMatchObject({ localized: true });
    expect(ct.attributes.size).toBe(19);
  });

  it('resolves every relation kind: its side, partner list and whether linking steals', () => {
    const r = SchemaRegistry.fromSources([
      source('a', type('a', 'as', {
        o2o: { type: 'relation', relation: 'oneToOne', target: 'api::b.b', inversedBy: 'o2o' },
        o2m: { type: 'relation', relation: 'oneToMany', target: 'api::b.b', mappedBy: 'm2o' },
        m2m: { type: 'relation', relation: 'manyToMany', target: 'api::b.b', inversedBy: 'm2m' },
        ow: { type: 'relation', relation: 'oneWay', target: 'api::b.b' },
        mw: { type: 'relation', relation: 'manyWay', target: 'api::b.b' },
      })),
      source('b', type('b', 'bs', {
        o2o: { type: 'relation', relation: 'oneToOne', target: 'api::a.a', mappedBy: 'o2o' },
        m2o: { type: 'relation', relation: 'manyToOne', target: 'api::a.a', inversedBy: 'o2m' },
        m2m: { type: 'relation', relation: 'manyToMany', target: 'api::a.a', mappedBy: 'm2m' },
      })),
    ]);
    const a = r.require('api::a.a').attributes;
    const pick = (n: string) => {
      const x = a.get(n) as { toMany: boolean; targetHasMany: boolean; partnerListName: string; inverse?: string };
      return [x.toMany, x.targetHasMany, x.inverse ?? null, x.partnerListName];
    };
    expect(pick('o2o')).toEqual([false, false, 'o2o', 'api::b.b.o2o']);
    expect(pick('o2m')).toEqual([true, false, 'm2o', 'api::b.b.m2o']);
    expect(pick('m2m')).toEqual([true, true, 'm2m', 'api::b.b.m2m']);
    expect(pick('ow')).toEqual([false, true, null, 'api::a.a.ow~inverse']);
    expect(pick('mw')).toEqual([true, true, null, 'api::a.a.mw~inverse']);
    const m2o = r.require('api::b.b').attributes.get('m2o');
    expect(r.inverseOf(m2o as never)?.name).toBe('o2m');
  });
});

describe('a bad schema fails at start-up, naming the file and the attribute', () => {
  const cases: [string, SchemaSource[], RegExp][] = [
    ['unknown type', [source('a', type('a', 'as', { x: { type: 'colour' } }))], /a\/schema\.json \(attribute "x"\): unknown type "colour"/],
    ['component that does not exist', [source('a', type('a', 'as', { x: { type: 'component', component: 'shared.nope' } }))], /attribute "x"\): component "shared.nope" is not a known component/],
    ['dynamic zone without components', [source('a', type('a', 'as', { x: { type: 'dynamiczone', components: [] } }))], /attribute "x"\): a dynamic zone needs a non-empty "components" list/],
    ['media with an unknown allowed type', [source('a', type('a', 'as', { x: { type: 'media', allowedTypes: ['pictures'] } }))], /attribute "x"\): allowedTypes must be a list of images, videos, audios, files/],
    ['custom field without its uid', [source('a', type('a', 'as', { x: { type: 'customField' } }))], /attribute "x"\): a customField attribute needs a "customField" uid/],
    ['custom field mapped to a non-scalar', [source('a', type('a', 'as', { x: { type: 'customField', customField: 'plugin::x.y' } }))], /custom field plugin::x.y maps to "component", which is not a scalar type/],
    ['relation to a missing target', [source('a', type('a', 'as', { x: { type: 'relation', relation: 'oneWay', target: 'api::nope.nope' } }))], /attribute "x"\): relation target "api::nope.nope" is not a known content-type/],
    ['unknown relation kind', [source('a', type('a', 'as', { x: { type: 'relation', relation: 'fewToSome', target: 'api::a.a' } }))], /attribute "x"\): unknown relation kind/],
    ['inverse that does not point back', [
      source('a', type('a', 'as', { x: { type: 'relation', relation: 'manyToMany', target: 'api::b.b', inversedBy: 'y' } })),
      source('b', type('b', 'bs', { y: { type: 'relation', relation: 'manyToMany', target: 'api::a.a', mappedBy: 'other' } })),
    ], /attribute "x"\): inverse "api::b.b.y" does not point back to api::a.a.x/],
    ['inverse that is not a relation', [
      source('a', type('a', 'as', { x: { type: 'relation', relation: 'manyToMany', target: 'api::b.b', inversedBy: 'y' } })),
      source('b', type('b', 'bs', { y: { type: 'string' } })),
    ], /attribute "x"\): inverse "y" is not a relation attribute of api::b.b/],
    ['kinds that cannot pair', [
      source('a', type('a', 'as', { x: { type: 'relation', relation: 'manyToMany', target: 'api::b.b', inversedBy: 'y' } })),
      source('b', type('b', 'bs', { y: { type: 'relation', relation: 'manyToOne', target: 'api::a.a', mappedBy: 'x' } })),
    ], /a manyToMany relation cannot pair with a manyToOne inverse/],
    ['enumeration without values', [source('a', type('a', 'as', { x: { type: 'enumeration' } }))], /attribute "x"\): an enumeration needs/],
    ['reserved name', [source('a', type('a', 'as', { documentId: { type: 'string' } }))], /attribute "documentId"\): is a reserved name/],
    ['bad plural name', [source('a', type('a', 'A S', {}))], /a\/schema\.json: info\.pluralName/],
    ['plural clash', [source('a', type('a', 'xs', {})), source('b', type('b', 'xs', {}))], /b\/schema\.json: singular or plural name clashes with api::a.a/],
  ];
  it.each(cases)('%s', (_name, sources, message) => {
    const options = { customFields: { 'plugin::x.y': 'component' } };
    expect(() => SchemaRegistry.fromSources(sources, options)).toThrow(SchemaError);
    expect(() => SchemaRegistry.fromSources(sources, options)).toThrow(message);
  });

  it('a side whose partner is gone loads with a warning: a mappedBy side reads as absent, an inversedBy side goes one-way', () => {
    const r = SchemaRegistry.fromSources([
      source('a', type('a', 'as', {
        owner: { type: 'relation', relation: 'manyToMany', target: 'api::b.b', inversedBy: 'gone' },
        mapped: { type: 'relation', relation: 'oneToMany', target: 'api::b.b', mappedBy: 'gone' },
      })),
      source('b', type('b', 'bs', {})),
    ]);
    const a = r.require('api::a.a');
    expect(a.attributes.has('mapped')).toBe(false);
    expect(a.attributes.get('owner')).toMatchObject({ inverse: undefined, targetHasMany: true, partnerListName: 'api::a.a.owner~inverse' });
    expect(r.warnings).toEqual([
      'a/schema.json (attribute "owner"): inversedBy "gone" is not an attribute of api::b.b; it is kept as a one-way relation',
      'a/schema.json (attribute "mapped"): mappedBy "gone" is not an attribute of api::b.b; the attribute reads as absent',
    ]);
  });

  it('invalid JSON and an empty folder name the file or folder', () => {
    const bad = tree({ 'a/schema.json': '{ not json' });
    expect(() => SchemaRegistry.fromDir(bad)).toThrow(/a\/schema\.json: is not valid JSON/);
    const empty = tree({ 'readme.txt': 'x' });
    expect(() => SchemaRegistry.fromDir(empty)).toThrow(/holds no schema\.json files/);
  });
});

describe('document ids', () => {
  it('are 24 lowercase alphanumerics starting with a letter, so they never parse as numbers', () => {
    const ids = new Set(Array.from({ length: 2000 }, newDocumentId));
    expect(ids.size).toBe(2000);
    for (const id of ids) {
      expect(id).toMatch(DOCUMENT_ID);
      expect(Number.isNaN(Number.parseInt(id, 10))).toBe(true);
    }
  });
});
