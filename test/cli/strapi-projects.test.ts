import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { realProject } from '../../fixtures/real-projects.js';
import { main } from '../../src/cli/main.js';
import { createQuarry } from '../../src/index.js';
import { start, tempDir, testContext } from './support.js';

/** `quarry serve` over a project, writes open, on a free port; `stop()` ends it and answers its exit code. */
async function serve(schemas: string, extra: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const ctx = testContext({ QUARRY_PORT: '0', ...env });
  const data = join(tempDir(), 'db');
  const running = await start(['serve', '--schemas', schemas, '--data', data, '--locales', 'en,fr', '--write-access', 'public', ...extra], ctx, /at (\S+)[ \n]/);
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${running.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify({ data: body }) });
    return { status: r.status, body: r.status === 204 ? undefined : (await r.json()) as any };
  };
  return { ctx, data, url: running.url, call, stop: async () => (ctx.stop(), running.exit) };
}

const warningLines = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('quarry: warning: '));

describe('quarry serve over a Strapi project as it is', () => {
  it('LaunchPad from its root: every content-type, single types, components and dynamic zones, no warnings', async () => {
    const s = await serve(realProject('launchpad'));
    expect(s.ctx.stdout.text).toMatch(/^Quarry is serving 14 content-types at /);
    expect(warningLines(s.ctx.stderr.text)).toEqual([]);
    const global = await s.call('PUT', '/global', { admin_title: 'Launch', navbar: { logo: null, left_navbar_items: [{ text: 'Docs', URL: '/docs' }] } });
    expect(global.status).toBe(200);
    const page = await s.call('POST', '/pages', {
      slug: 'home',
      seo: { metaTitle: 'Home', metaDescription: 'The home page of the launch, long enough for its minimum length.' },
      dynamic_zone: [{ __component: 'dynamic-zone.hero', heading: 'Ship it', CTAs: [{ text: 'Start', URL: '/start', variant: 'primary' }] }],
    });
    expect(page.status).toBe(201);
    const read = await s.call('GET', `/pages/${page.body.data.documentId}?status=draft&populate[dynamic_zone][on][dynamic-zone.hero][populate]=CTAs&populate[seo]=true`);
    expect(read.body.data?.dynamic_zone, JSON.stringify(read.body)).toEqual([{
      __component: 'dynamic-zone.hero', id: expect.any(Number), heading: 'Ship it', sub_heading: null,
      CTAs: [{ id: expect.any(Number), text: 'Start', URL: '/start', target: null, variant: 'primary' }],
    }]);
    expect(read.body.data.seo.metaTitle).toBe('Home');
    expect((await s.call('GET', '/global?populate[navbar][populate]=left_navbar_items')).body.data.navbar.left_navbar_items).toEqual([
      { id: expect.any(Number), text: 'Docs', URL: '/docs', target: null },
    ]);
    expect(await s.stop()).toBe(0);
  });

  it('FoodAdvisor from its src/: served, and what loads with a caveat printed as a warning, one line each', async () => {
    const s = await serve(join(realProject('foodadvisor'), 'src'));
    expect(s.ctx.stdout.text).toMatch(/^Quarry is serving 11 content-types at /);
    expect(warningLines(s.ctx.stderr.text)).toEqual([
      expect.stringMatching(/\(attribute "role"\): relation target plugin::users-permissions\.role is a plugin type Quarry does not serve; the attribute reads as absent$/),
      expect.stringMatching(/\(attribute "articles"\): mappedBy "author" is not an attribute of api::article\.article; the attribute reads as absent$/),
    ]);
    const created = await s.call('POST', '/restaurants', { name: 'Chez Zoé', slug: 'chez-zoe', price: 'p2', information: { description: 'Crêpes' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await s.call('GET', '/restaurants?status=draft&populate=information')).body.data[0].information).toMatchObject({ description: 'Crêpes' });
    expect(await s.stop()).toBe(0);
  });

  it('every command that opens the data folder prints the warnings: import, export, check', async () => {
    const schemas = realProject('foodadvisor');
    const dir = tempDir();
    const seeded = createQuarry({ schemas, path: join(dir, 'a'), noSync: true });
    await seeded.documents('api::category.category').create({ data: { name: 'Bistro', slug: 'bistro' } });
    await seeded.close();
    const env = { QUARRY_SCHEMAS: schemas };
    for (const argv of [['export', join(dir, 'a.json'), '--data', join(dir, 'a')], ['import', join(dir, 'a.json'), '--data', join(dir, 'b')], ['check', join(dir, 'b')]]) {
      const ctx = testContext(env);
      expect(await main(argv, ctx), ctx.stderr.text).toBe(0);
      expect(warningLines(ctx.stderr.text), argv[0]).toHaveLength(2);
    }
  });
});

/** A project with a custom field of a plugin Quarry does not know. */
function customFieldProject(): string {
  const root = tempDir();
  const dir = join(root, 'src', 'api', 'dish', 'content-types', 'dish');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'schema.json'), JSON.stringify({
    kind: 'collectionType',
    info: { singularName: 'dish', pluralName: 'dishes', displayName: 'Dish' },
    options: { draftAndPublish: false },
    attributes: { name: { type: 'string' }, spice: { type: 'customField', customField: 'plugin::chili.rating' } },
  }));
  return root;
}

describe('the custom fields setting', () => {
  const project = customFieldProject();

  it('unset: the field loads as json, with a warning that names the setting', async () => {
    const s = await serve(project);
    expect(warningLines(s.ctx.stderr.text)).toEqual([expect.stringMatching(/custom field plugin::chili\.rating is stored as json; map it to a type with the customFields setting$/)]);
    expect((await s.call('POST', '/dishes', { name: 'Curry', spice: { hot: true } })).status).toBe(201);
    expect(await s.stop()).toBe(0);
  });

  it('from --custom-fields or QUARRY_CUSTOM_FIELDS: the field stores as the type named, and there is no warning', async () => {
    for (const [extra, env] of [[['--custom-fields', 'plugin::chili.rating=integer,plugin::other.x=json'], {}], [[], { QUARRY_CUSTOM_FIELDS: 'plugin::chili.rating=integer' }]] as const) {
      const s = await serve(project, [...extra], env);
      expect(s.ctx.stderr.text).toMatch(extra.length > 0 ? /--custom-fields +plugin::chili\.rating=integer,plugin::other\.x=json +flag/ : /--custom-fields +plugin::chili\.rating=integer +env QUARRY_CUSTOM_FIELDS/);
      expect(warningLines(s.ctx.stderr.text)).toEqual([]);
      const refused = await s.call('POST', '/dishes', { name: 'Curry', spice: 'hot' });
      expect([refused.status, refused.body.error.details.path]).toEqual([400, 'data.spice']);
      expect((await s.call('POST', '/dishes', { name: 'Curry', spice: 4 })).status).toBe(201);
      expect((await s.call('GET', '/dishes?filters[spice][$gt]=3')).body.data.map((d: { name: string }) => d.name)).toEqual(['Curry']);
      expect(await s.stop()).toBe(0);
    }
  });

  it.each([
    [['--custom-fields', 'plugin::chili.rating'], /--custom-fields "plugin::chili\.rating": "plugin::chili\.rating" must be <custom field uid>=<type>/],
    [['--custom-fields', 'plugin::chili.rating=colour'], /--custom-fields "plugin::chili\.rating=colour": plugin::chili\.rating maps to "colour", which is not one of string, /],
    [['--custom-fields', 'a=string,a=json'], /a is mapped twice/],
  ])('a bad value %j is a usage error naming the setting: exit 2', async (extra, message) => {
    const ctx = testContext();
    expect(await main(['check', '--schemas', project, '--data', tempDir(), ...extra], ctx)).toBe(2);
    expect(ctx.stderr.text).toMatch(message);
  });

  it('a bad QUARRY_CUSTOM_FIELDS names the variable', async () => {
    const ctx = testContext({ QUARRY_CUSTOM_FIELDS: '=json' });
    expect(await main(['export', join(tempDir(), 'x.json'), '--schemas', project, '--data', tempDir()], ctx)).toBe(2);
    expect(ctx.stderr.text).toMatch(/QUARRY_CUSTOM_FIELDS "=json": "=json" must be <custom field uid>=<type>/);
  });
});
