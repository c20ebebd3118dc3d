import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { COMPONENTS_PROJECT } from '../../fixtures/models/components.js';
import { createQuarry } from '../../src/index.js';

const open = (path: string) => createQuarry({ schemas: COMPONENTS_PROJECT, path, noSync: true, i18n: { defaultLocale: 'en', locales: ['en', 'fr'] } });
const MISSING = 'nosuchlogo0000000000000a';

/**
 * A write refused after its row was encoded (here: a relation inside a component names a logo
 * that does not exist) is rolled back with the row shapes its encoding saved: rows written after
 * it, of the shapes it introduced, must read back as written, now and after a reopen.
 */
for (const variant of ['create', 'update'] as const) {
  it(`a refused ${variant} leaves the rows written after it readable`, async () => {
    const path = mkdtempSync(join(tmpdir(), 'quarry-aborted-'));
    const quarry = open(path);
    const pages = quarry.documents('api::page.page');
    const first = await pages.create({ data: { title: 'first' } });
    const shapes = { seo: { metaTitle: 'm' }, links: [{ url: '/a', text: 't' }], sections: [{ __component: 'sections.cta', heading: 'c', button: { label: 'l', link: { url: '/x' } } }] };
    const refused = { ...shapes, title: 'refused', sections: [...shapes.sections, { __component: 'sections.logos', heading: 'h', logos: [MISSING] }] };
    if (variant === 'create') await expect(pages.create({ data: refused })).rejects.toMatchObject({ name: 'ValidationError' });
    else await expect(pages.update({ documentId: first.documentId as string, data: refused })).rejects.toMatchObject({ name: 'ValidationError' });
    const second = await pages.create({ data: { ...shapes, title: 'second' } });
    await pages.update({ documentId: first.documentId as string, data: { title: 'first 2', sections: [{ __component: 'sections.hero', heading: 'h' }] } });
    await pages.update({ documentId: second.documentId as string, data: { title: 'second 2' } });
    expect(quarry.check().problems).toEqual([]);
    await quarry.close();
    const again = open(path);
    const read = await again.documents('api::page.page').findOne({ documentId: second.documentId as string, populate: { seo: true, links: true, sections: { populate: '*' } } });
    expect(read).toMatchObject({ title: 'second 2', seo: { metaTitle: 'm' }, links: [{ url: '/a', text: 't' }], sections: [{ __component: 'sections.cta', heading: 'c', button: { label: 'l' } }] });
    await again.close();
    rmSync(path, { recursive: true, force: true });
  });
}
