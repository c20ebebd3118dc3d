import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { realProject } from '../../fixtures/real-projects.js';
import { fileData, FILE_KINDS, sampleData, writableTypes, type SampleFiles } from '../../fixtures/models/sample-entries.js';
import { main } from '../../src/cli/main.js';
import { createQuarry, type Quarry } from '../../src/index.js';
import { writeRecordedFiles } from '../support/recorded-files.js';
import { LOCALES, tempDir, testContext } from './support.js';

/**
 * Every content-type of each real project with every attribute given (components nested to the
 * bottom, every dynamic-zone component, media and relations inside components), published, in
 * two locales where the type has them, with a newer draft: what `quarry export` writes, `quarry
 * import` brings back so that exporting again writes the same records (the files' bytes carried
 * with them), and both folders check.
 */
async function fill(quarry: Quarry): Promise<void> {
  const registry = quarry.registry;
  const made: Record<string, number[]> = {};
  for (const kind of Object.keys(FILE_KINDS) as (keyof SampleFiles)[]) {
    made[kind] = [];
    for (let i = 0; i < 3; i++) made[kind].push((await quarry.documents('plugin::upload.file').create({ data: fileData(kind, i) })).id as number);
  }
  await writeRecordedFiles(quarry);
  const files = made as unknown as SampleFiles;
  const documents = new Map<string, string[]>();
  let n = 0;
  const localesOf = (ct: (typeof types)[number]) => (ct.localized ? LOCALES : [undefined]);
  const types = writableTypes(registry);
  // Every document in every locale first, so that relations find their targets in each.
  for (const ct of types) {
    let documentId: string | undefined;
    for (const locale of localesOf(ct)) {
      const data = sampleData({ registry, files, documents, n: n++ }, ct, false);
      documentId = (await (documentId === undefined ? quarry.documents(ct.uid).create({ locale, data }) : quarry.documents(ct.uid).update({ documentId, locale, data })))!.documentId as string;
    }
    documents.set(ct.uid, [documentId!]);
  }
  for (const ct of types) {
    const svc = quarry.documents(ct.uid);
    const documentId = documents.get(ct.uid)![0]!;
    for (const locale of localesOf(ct)) {
      await svc.update({ documentId, locale, data: sampleData({ registry, files, documents, n: n++ }, ct, true) });
      if (!ct.draftAndPublish) continue;
      await svc.publish({ documentId, locale });
      // A newer draft: every component and relation written again, in another order of values.
      await svc.update({ documentId, locale, data: sampleData({ registry, files, documents, n: n++ }, ct, true) });
    }
  }
}

/** An export's records by the row they are about, timestamps included. */
function records(path: string): Map<string, unknown> {
  const doc = JSON.parse(readFileSync(path, 'utf8')) as { records: Record<string, unknown>[] };
  return new Map(doc.records.filter((r) => r.kind !== 'end').map((r) => [`${String(r.kind)} ${String(r.type)} ${String(r.documentId)} ${String(r.locale)} ${String(r.status)}`, r]));
}

describe('export -> import -> export of the real projects', () => {
  for (const name of ['launchpad', 'foodadvisor'] as const) {
    it(`${name}: every component, dynamic zone and link inside them comes back, and both folders check`, async () => {
      const dir = tempDir();
      const source = createQuarry({ schemas: realProject(name), path: join(dir, 'a'), i18n: { defaultLocale: 'en', locales: LOCALES }, noSync: true });
      await fill(source);
      await source.close();
      // No locales given: the folder kept those it was made with, and the export carries them.
      const env = { QUARRY_SCHEMAS: realProject(name) };
      for (const argv of [
        ['export', join(dir, 'a.json'), '--data', join(dir, 'a')],
        ['import', join(dir, 'a.json'), '--data', join(dir, 'b')],
        ['export', join(dir, 'b.json'), '--data', join(dir, 'b')],
        ['check', join(dir, 'a')],
        ['check', join(dir, 'b')],
      ]) {
        const ctx = testContext(env);
        expect(await main(argv, ctx), `${argv[0]}: ${ctx.stdout.text}${ctx.stderr.text}`).toBe(0);
      }
      const exported = records(join(dir, 'a.json'));
      const linksInside = [...exported.values()].filter((r) => (r as { components?: unknown }).components !== undefined);
      expect(linksInside.length).toBeGreaterThan(3);
      expect(records(join(dir, 'b.json'))).toEqual(exported);
      const timeless = (file: string) => readFileSync(join(dir, file), 'utf8').replace(/"exportedAt":"[^"]*"/, '');
      expect(timeless('b.json')).toBe(timeless('a.json'));
    }, 60_000);
  }
});
