import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realProject } from '../../fixtures/real-projects.js';
import {
  deepPopulate, expectedShape, fileData, FILE_KINDS, sampleData, writableTypes, type SampleFiles,
} from '../../fixtures/models/sample-entries.js';
import { createQuarry, type Quarry } from '../../src/index.js';
import { call, startTestServer, type TestServer } from '../http/support.js';

/**
 * Each real project under ../shared/real-projects, loaded unchanged: an entry of every
 * content-type with a value for every attribute (components nested as deep as they go, every
 * component of every dynamic zone, media of an allowed kind, relations), written over REST and
 * the document service, read back with everything populated and compared.
 */
for (const name of ['launchpad', 'foodadvisor'] as const) {
  describe(`${name}, as its authors wrote it`, () => {
    let path: string;
    let quarry: Quarry;
    let server: TestServer;
    let files: SampleFiles;
    const written = new Map<string, Record<string, unknown>>();
    const documents = new Map<string, string[]>();

    beforeAll(async () => {
      path = mkdtempSync(join(tmpdir(), `quarry-${name}-`));
      quarry = createQuarry({ schemas: realProject(name), path, noSync: true, i18n: { defaultLocale: 'en', locales: ['en', 'fr'] } });
      server = await startTestServer('node', {}, quarry);
      const made: Record<string, number[]> = {};
      for (const kind of Object.keys(FILE_KINDS) as (keyof SampleFiles)[]) {
        made[kind] = [];
        for (let i = 0; i < 3; i++) made[kind].push(((await quarry.documents('plugin::upload.file').create({ data: fileData(kind, i) })) as { id: number }).id);
      }
      files = made as unknown as SampleFiles;
    });
    afterAll(async () => {
      await server?.stop();
      await quarry?.close();
      rmSync(path, { recursive: true, force: true });
    });

    it('takes an entry of every content-type over REST, every attribute given, relations left for later', async () => {
      const registry = quarry.registry;
      let n = 0;
      for (const ct of writableTypes(registry)) {
        const data = sampleData({ registry, files, documents, n: n++ }, ct, false);
        let documentId: string;
        if (ct.uid.startsWith('plugin::')) {
          documentId = ((await quarry.documents(ct.uid).create({ data })) as { documentId: string }).documentId;
        } else {
          const r = ct.kind === 'singleType'
            ? await call(server.base, 'PUT', `/api/${ct.singularName}`, { json: { data } })
            : await call(server.base, 'POST', `/api/${ct.pluralName}`, { json: { data } });
          expect(r.status, `${ct.uid}: ${r.text}`).toBe(ct.kind === 'singleType' ? 200 : 201);
          documentId = r.body.data.documentId;
        }
        documents.set(ct.uid, [documentId]);
      }
      expect(documents.size).toBe(writableTypes(registry).length);
    });

    it('links every relation, inside components too, through the document service, then reads it all back over REST', async () => {
      const registry = quarry.registry;
      let n = 100;
      for (const ct of writableTypes(registry)) {
        const documentId = documents.get(ct.uid)![0]!;
        const data = sampleData({ registry, files, documents, n: n++ }, ct, true);
        if (ct.uid.startsWith('plugin::')) delete data.password;
        await quarry.documents(ct.uid).update({ documentId, data });
        if (ct.draftAndPublish) await quarry.documents(ct.uid).publish({ documentId });
        written.set(ct.uid, data);
      }
      for (const ct of writableTypes(registry)) {
        const documentId = documents.get(ct.uid)![0]!;
        const populate = deepPopulate(registry, ct);
        const expected = expectedShape(registry, ct, written.get(ct.uid)!);
        const entry = ct.uid.startsWith('plugin::')
          ? await quarry.documents(ct.uid).findOne({ documentId, populate: populate as never })
          : (await call(server.base, 'GET', `/api/${ct.kind === 'singleType' ? ct.singularName : `${ct.pluralName}/${documentId}`}?${populateQuery(populate)}`)).body.data;
        expect(entry, ct.uid).toMatchObject(expected);
      }
    });

    it('finds each entry by a text field of each of its single components, over REST', async () => {
      const registry = quarry.registry;
      let checked = 0;
      for (const ct of writableTypes(registry)) {
        if (ct.uid.startsWith('plugin::') || ct.kind === 'singleType') continue;
        const data = written.get(ct.uid)!;
        for (const attr of ct.attributes.values()) {
          if (attr.kind !== 'component' || attr.repeatable || attr.private) continue;
          const component = registry.component(attr.component);
          const text = [...component.attributes.values()].find((a) => a.kind === 'scalar' && a.type === 'string' && !a.private);
          if (!text) continue;
          const value = (data[attr.name] as Record<string, string>)[text.name]!;
          const query = `filters[${attr.name}][${text.name}][$eq]=${encodeURIComponent(value)}&fields[0]=documentId`;
          const hit = await call(server.base, 'GET', `/api/${ct.pluralName}?${query}`);
          expect(hit.body.data?.map((e: { documentId: string }) => e.documentId), `${ct.uid} ${query}`).toEqual(documents.get(ct.uid));
          const miss = await call(server.base, 'GET', `/api/${ct.pluralName}?filters[${attr.name}][${text.name}][$eq]=nothing-like-it`);
          expect(miss.body.data, `${ct.uid} ${attr.name}`).toEqual([]);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(0);
    });
  });
}

/** A populate object as REST's query string. */
function populateQuery(populate: Record<string, unknown>): string {
  const parts: string[] = [];
  const walk = (value: unknown, prefix: string) => {
    if (value === true) parts.push(`${prefix}=true`);
    else for (const [k, v] of Object.entries(value as object)) walk(v, `${prefix}[${k}]`);
  };
  walk(populate, 'populate');
  return parts.join('&');
}
