import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPONENTS_PROJECT } from '../../fixtures/models/components.js';
import { createQuarry, type Quarry } from '../../src/index.js';
import { call, startTestServer, type TestServer } from '../http/support.js';

let path: string;
let quarry: Quarry;
let server: TestServer;
let logos: { documentId: string; id: number }[];

beforeAll(async () => {
  path = mkdtempSync(join(tmpdir(), 'quarry-components-'));
  quarry = createQuarry({ schemas: COMPONENTS_PROJECT, path, noSync: true, i18n: { defaultLocale: 'en', locales: ['en', 'fr'] } });
  server = await startTestServer('node', {}, quarry);
  logos = [];
  for (const name of ['Acme', 'Globex', 'Initech']) logos.push((await quarry.documents('api::logo.logo').create({ data: { name } })) as never);
});
afterAll(async () => {
  await server?.stop();
  await quarry?.close();
  rmSync(path, { recursive: true, force: true });
});

const pages = () => quarry.documents('api::page.page');
const hero = { __component: 'sections.hero', heading: 'Hello', body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hi', bold: true }] }] };

describe('components through the document service', () => {
  it('stores single, repeatable, nested components and a dynamic zone with the entry, each item with its own id', async () => {
    const page = await pages().create({
      data: {
        title: 'Home',
        seo: { metaTitle: 'Home page', metaDescription: 'Welcome' },
        links: [{ text: 'Docs', url: '/docs' }, { text: 'Blog', url: '/blog', target: '_self' }],
        sections: [hero, { __component: 'sections.cta', heading: 'Go', button: { label: 'Start', link: { url: '/start' } } }],
      },
      populate: { seo: true, links: true, sections: { populate: '*' } },
    });
    expect(page).toMatchObject({
      title: 'Home',
      seo: { id: expect.any(Number), metaTitle: 'Home page', metaDescription: 'Welcome' },
      links: [{ id: expect.any(Number), text: 'Docs', url: '/docs', target: null }, { text: 'Blog', url: '/blog', target: '_self' }],
      sections: [
        { __component: 'sections.hero', id: expect.any(Number), heading: 'Hello', body: hero.body },
        { __component: 'sections.cta', heading: 'Go', button: { id: expect.any(Number), label: 'Start' } },
      ],
    });
    const p = page as Record<string, any>;
    expect(p.links[0].id).not.toBe(p.links[1].id);
    // Components are absent unless populated.
    const plain = await pages().findOne({ documentId: p.documentId });
    expect(Object.keys(plain!)).not.toContain('seo');
    expect(Object.keys(plain!)).not.toContain('sections');
  });

  it('replaces a component value, keeps an item that carries its id, and refuses an id the entry does not hold', async () => {
    const created = (await pages().create({ data: { title: 'Keep', links: [{ text: 'A', url: '/a' }, { text: 'B', url: '/b' }] }, populate: ['links'] })) as Record<string, any>;
    const [a, b] = created.links;
    const updated = (await pages().update({
      documentId: created.documentId,
      data: { links: [{ id: b.id, text: 'B2' }, { text: 'C', url: '/c' }] },
      populate: ['links'],
    })) as Record<string, any>;
    expect(updated.links).toEqual([{ id: b.id, text: 'B2', url: '/b', target: null }, { id: expect.any(Number), text: 'C', url: '/c', target: null }]);
    expect(updated.links[1].id).not.toBe(a.id);
    await expect(pages().update({ documentId: created.documentId, data: { links: [{ id: a.id, text: 'gone' }] } }))
      .rejects.toMatchObject({ name: 'ValidationError', message: 'Some of the provided components in links are not related to the entity' });
    const after = (await pages().findOne({ documentId: created.documentId, populate: ['links'] })) as Record<string, any>;
    expect(after.links.map((l: { text: string }) => l.text)).toEqual(['B2', 'C']);
  });

  it('relations inside a component take connect and set, and follow the draft to its published version', async () => {
    const page = (await pages().create({
      data: { title: 'Brands', sections: [{ __component: 'sections.logos', heading: 'Friends', logos: [logos[0]!.documentId, logos[1]!.documentId] }] },
      populate: { sections: { on: { 'sections.logos': { populate: ['logos'] } } } },
    })) as Record<string, any>;
    expect(page.sections[0].logos.map((l: { name: string }) => l.name)).toEqual(['Acme', 'Globex']);
    const id = page.sections[0].id;
    const moved = (await pages().update({
      documentId: page.documentId,
      data: { sections: [{ __component: 'sections.logos', id, logos: { connect: [{ documentId: logos[2]!.documentId, position: { start: true } }] } }] },
      populate: { sections: { on: { 'sections.logos': { populate: ['logos'] } } } },
    })) as Record<string, any>;
    expect(moved.sections[0]).toMatchObject({ id, heading: 'Friends' });
    expect(moved.sections[0].logos.map((l: { name: string }) => l.name)).toEqual(['Initech', 'Acme', 'Globex']);
    const published = (await pages().publish({ documentId: page.documentId }));
    expect(published.entries).toHaveLength(1);
    const live = (await pages().findOne({ documentId: page.documentId, status: 'published', populate: { sections: { populate: '*' } } })) as Record<string, any>;
    expect(live.sections[0].logos.map((l: { name: string }) => l.name)).toEqual(['Initech', 'Acme', 'Globex']);
    // The published version holds copies: changing the draft leaves it as it was.
    expect(live.sections[0].id).not.toBe(id);
    await pages().update({ documentId: page.documentId, data: { sections: [{ __component: 'sections.logos', id, logos: { set: [logos[1]!.documentId] } }] } });
    const again = (await pages().findOne({ documentId: page.documentId, status: 'published', populate: { sections: { populate: '*' } } })) as Record<string, any>;
    expect(again.sections[0].logos.map((l: { name: string }) => l.name)).toEqual(['Initech', 'Acme', 'Globex']);
  });

  it('checks required fields and min inside components when an entry is published, naming the path', async () => {
    const draft = (await pages().create({ data: { title: 'Draft', seo: { metaDescription: 'no title yet' }, sections: [hero] } })) as Record<string, any>;
    await expect(pages().publish({ documentId: draft.documentId })).rejects.toMatchObject({ name: 'ValidationError', details: { path: 'data.seo.metaTitle' } });
    const empty = (await pages().create({ data: { title: 'Empty' } })) as Record<string, any>;
    await expect(pages().publish({ documentId: empty.documentId })).rejects.toMatchObject({ message: 'sections must contain at least 1 items' });
  });
});

describe('components over REST', () => {
  it('writes and reads a page with components, populate=* showing one level', async () => {
    const put = await call(server.base, 'POST', '/api/pages', {
      json: { data: { title: 'REST', seo: { metaTitle: 'Rest' }, links: [{ url: '/x' }], sections: [{ __component: 'sections.cta', heading: 'Act', button: { label: 'Now', link: { url: '/now' } } }] } },
    });
    expect(put.status).toBe(201);
    const documentId = put.body.data.documentId;
    const star = await call(server.base, 'GET', `/api/pages/${documentId}?populate=*`);
    expect(star.status).toBe(200);
    expect(star.body.data.seo).toEqual({ id: expect.any(Number), metaTitle: 'Rest', metaDescription: null });
    expect(star.body.data.links).toEqual([{ id: expect.any(Number), text: null, url: '/x', target: null }]);
    // One level: the cta's nested button is not populated by *.
    expect(star.body.data.sections).toEqual([{ __component: 'sections.cta', id: expect.any(Number), heading: 'Act' }]);
    const deep = await call(server.base, 'GET', `/api/pages/${documentId}?populate[sections][on][sections.cta][populate][button][populate]=link&populate[seo][fields][0]=metaTitle`);
    expect(deep.body.data.sections[0].button).toEqual({ id: expect.any(Number), label: 'Now', link: { id: expect.any(Number), text: null, url: '/now', target: null } });
    expect(deep.body.data.seo).toEqual({ id: expect.any(Number), metaTitle: 'Rest' });
    // Strapi 5.54 shows a zone item's tag after its fields.
    expect(Object.keys(star.body.data.sections[0])).toEqual(['id', 'heading', '__component']);
  });

  it('a dynamic zone populated `on` some components shows only those, as Strapi 5.54 does', async () => {
    const r = await call(server.base, 'POST', '/api/pages', {
      json: { data: { title: 'On', sections: [hero, { __component: 'sections.cta', heading: 'Go' }, { __component: 'sections.hero', heading: 'Again' }] } },
    });
    const only = await call(server.base, 'GET', `/api/pages/${r.body.data.documentId}?populate[sections][on][sections.hero]=true`);
    expect(only.body.data.sections.map((s: { heading: string }) => s.heading)).toEqual(['Hello', 'Again']);
    const all = await call(server.base, 'GET', `/api/pages/${r.body.data.documentId}?populate[sections][populate]=*`);
    expect(all.body.data.sections.map((s: { __component: string }) => s.__component)).toEqual(['sections.hero', 'sections.cta', 'sections.hero']);
  });

  it('answers bad component input with a 400 naming the path, and writes nothing', async () => {
    const before = await call(server.base, 'GET', '/api/pages?status=draft&pagination[pageSize]=100&populate=*');
    const cases: [unknown, string][] = [
      [{ sections: [{ __component: 'sections.nope' }] }, 'sections.0.__component'],
      [{ sections: [{ heading: 'no tag' }] }, 'sections.0.__component'],
      [{ seo: { metaTitle: 'x'.repeat(61) } }, 'seo.metaTitle'],
      [{ links: [{ url: '/a' }, { url: '/b', target: 'elsewhere' }] }, 'links.1.target'],
      [{ links: Array.from({ length: 6 }, () => ({ url: '/a' })) }, 'links'],
      [{ seo: { metaTitle: 'ok', nope: 1 } }, 'seo.nope'],
      [{ seo: 'text' }, 'seo'],
      [{ sections: [{ __component: 'sections.cta', button: { link: { url: 5 } } }] }, 'sections.0.button.link.url'],
      [{ sections: [{ __component: 'sections.hero', body: [{ type: 'paragraph', children: [{ type: 'text' }] }] }] }, 'sections.0.body.0.children.0.text'],
      [{ sections: [{ __component: 'sections.logos', logos: ['missing-document'] }] }, 'sections.0.logos'],
      [{ links: [{ url: 'no spaces allowed' }] }, 'links.0.url'],
    ];
    for (const [data, where] of cases) {
      const r = await call(server.base, 'POST', '/api/pages', { json: { data: { title: 'Bad', ...(data as object) } } });
      expect(r.status, JSON.stringify(data)).toBe(400);
      expect(r.body.error.name).toBe('ValidationError');
      expect(r.body.error.details.path, JSON.stringify(data)).toMatch(new RegExp(`^data\\.${where.replace(/\./g, '\\.')}`));
    }
    const after = await call(server.base, 'GET', '/api/pages?status=draft&pagination[pageSize]=100&populate=*');
    expect(after.text).toBe(before.text);
  });

  it('refuses filters on a dynamic zone, and populate keys a component does not take', async () => {
    const dz = await call(server.base, 'GET', '/api/pages?filters[sections][heading][$eq]=x');
    expect(dz.status).toBe(400);
    expect(dz.body.error.message).toBe('Invalid key sections');
    const bad = await call(server.base, 'GET', '/api/pages?populate[seo][filters][metaTitle]=x');
    expect(bad.status).toBe(400);
    const notAllowed = await call(server.base, 'GET', '/api/pages?populate[sections][on][shared.seo]=true');
    expect(notAllowed.status).toBe(400);
  });
});

describe('components and locales', () => {
  it('a shared (not localized) component is copied to every locale, each with its own ids; a localized one is each locale\'s own', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quarry-shared-components-'));
    const project = structuredClone(COMPONENTS_PROJECT) as unknown as { types: { schema: { attributes: Record<string, unknown> } }[] };
    const attrs = project.types[0]!.schema.attributes;
    attrs.footer = { type: 'component', component: 'sections.logos', pluginOptions: { i18n: { localized: false } } };
    const q = createQuarry({ schemas: project as never, path: dir, noSync: true, i18n: { defaultLocale: 'en', locales: ['en', 'fr'] } });
    try {
      const logo = (await q.documents('api::logo.logo').create({ data: { name: 'Shared' } })) as Record<string, any>;
      const docs = q.documents('api::page.page');
      const en = (await docs.create({ data: { title: 'EN', seo: { metaTitle: 'English' }, footer: { heading: 'Partners', logos: [logo.documentId] } } })) as Record<string, any>;
      const fr = (await docs.update({ documentId: en.documentId, locale: 'fr', data: { title: 'FR', seo: { metaTitle: 'Français' } }, populate: { seo: true, footer: { populate: '*' } } })) as Record<string, any>;
      expect(fr.seo.metaTitle).toBe('Français');
      expect(fr.footer).toMatchObject({ heading: 'Partners', logos: [{ name: 'Shared' }] });
      const enFooter = ((await docs.findOne({ documentId: en.documentId, locale: 'en', populate: { footer: true } })) as Record<string, any>).footer;
      expect(fr.footer.id).not.toBe(enFooter.id);
      await docs.update({ documentId: en.documentId, locale: 'fr', data: { footer: { heading: 'Amis', logos: [] } } });
      const enAfter = (await docs.findOne({ documentId: en.documentId, locale: 'en', populate: { seo: true, footer: { populate: '*' } } })) as Record<string, any>;
      expect(enAfter.footer).toMatchObject({ heading: 'Amis', logos: [] });
      expect(enAfter.seo.metaTitle).toBe('English');
    } finally {
      await q.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('populated pages kept between reads', () => {
  it('a repeated populated list shows what a write changed since, in the entry itself or in a row it shows', async () => {
    const docs = quarry.documents('api::page.page');
    const logo = (await quarry.documents('api::logo.logo').create({ data: { name: 'Before' } })) as Record<string, any>;
    const page = (await docs.create({
      data: { title: 'Kept', seo: { metaTitle: 'One' }, sections: [{ __component: 'sections.logos', logos: [logo.documentId] }] }, status: 'published',
    })) as Record<string, any>;
    const path = `/api/pages?filters[title][$eq]=Kept&populate[seo]=true&populate[sections][on][sections.logos][populate]=logos`;
    const read = async () => (await call(server.base, 'GET', path)).body.data[0];
    expect(await read()).toMatchObject({ seo: { metaTitle: 'One' }, sections: [{ logos: [{ name: 'Before' }] }] });
    expect(await read()).toMatchObject({ seo: { metaTitle: 'One' } });
    await quarry.documents('api::logo.logo').update({ documentId: logo.documentId, data: { name: 'After' } });
    expect((await read()).sections[0].logos[0].name).toBe('After');
    await docs.update({ documentId: page.documentId, data: { seo: { metaTitle: 'Two' } }, status: 'published' });
    expect((await read()).seo.metaTitle).toBe('Two');
    // The document service's entries are its caller's: never the kept, frozen ones.
    const own = (await docs.findMany({ filters: { title: 'Kept' }, status: 'published', populate: ['seo'] }))[0] as Record<string, any>;
    own.seo.metaTitle = 'changed by the caller';
    expect((await read()).seo.metaTitle).toBe('Two');
  });
});
