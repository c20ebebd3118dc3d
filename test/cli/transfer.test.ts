import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeMulti, encode } from '@msgpack/msgpack';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { DEMO_DATASET, DEMO_SCHEMAS } from '../../src/cli/paths.js';
import { tempDir, testContext } from './support.js';
import { SchemaRegistry } from '../../src/schema/registry.js';

const registry = SchemaRegistry.fromDir(DEMO_SCHEMAS);

/**
 * Records of an export keyed by the row they are about, timestamps included (an import sets them
 * back), each target named in full: the demo dataset is a version 2 export, which names every
 * target so, where version 3 names a published one in no locale by its documentId, version 4
 * one of a type the bulk door writes by its position among that type's version records, and
 * version 5 lists such relations of many rows in lists records (here put back in each row's
 * links record, as versions 2 to 4 hold them).
 */
function records(path: string): Map<string, unknown> {
  const doc = JSON.parse(readFileSync(path, 'utf8')) as { records: Record<string, unknown>[] };
  const versions = new Map<string, string[]>();
  for (const r of doc.records) if (r.kind === 'version') versions.set(String(r.type), [...(versions.get(String(r.type)) ?? []), String(r.documentId)]);
  const rows = new Map<string, Record<string, unknown>>();
  const rowOf = (r: Record<string, unknown>) => `${String(r.kind)} ${String(r.type)} ${String(r.documentId)} ${String(r.locale)} ${String(r.status)}`;
  for (const r of doc.records) {
    if (r.kind === 'end') continue;
    if (r.kind !== 'lists') {
      rows.set(rowOf(r), { ...r, ...(r.kind === 'links' && { relations: { ...(r.relations as object) } }) });
      continue;
    }
    const lengths = r.lengths as number[];
    const targets = r.targets as number[];
    let at = 0;
    (r.rows as number[]).forEach((position, i) => {
      const row = { kind: 'links', type: r.type, documentId: versions.get(String(r.type))![position], locale: null, status: 'published' };
      const links = rows.get(rowOf(row)) ?? { ...row, relations: {} };
      rows.set(rowOf(row), links);
      (links.relations as Record<string, number[]>)[String(r.relation)] = targets.slice(at, (at += lengths[i]!));
    });
  }
  const out = new Map<string, unknown>();
  for (const [key, r] of rows) {
    const relations = r.relations as Record<string, unknown[]> | undefined;
    const named = relations && Object.fromEntries(Object.entries(relations).map(([name, list]) => {
      const target = registry.require(String(r.type)).attributes.get(name) as { target: string };
      return [name, list.map((v) => (typeof v === 'number' ? versions.get(target.target)![v] : v))];
    }));
    const row = { ...r, ...(named && { relations: named }) };
    out.set(key, inFull(row, false));
  }
  return out;
}

/** Lists of targets, in a links record's relations or its components' items (where a string in a list is a target). */
function inFull(value: unknown, inLinks = true): unknown {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' && inLinks ? { documentId: v, locale: null, status: 'published' } : inFull(v, inLinks)));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inFull(v, inLinks || k === 'relations' || k === 'components')]));
  return value;
}

const env = { QUARRY_SCHEMAS: DEMO_SCHEMAS, QUARRY_LOCALES: 'en,fr' };

describe('quarry import / export of the demo dataset', () => {
  let dir: string;
  let first: { code: number; stderr: string };

  beforeAll(async () => {
    dir = tempDir();
    const ctx = testContext(env);
    first = { code: await main(['import', DEMO_DATASET, '--data', join(dir, 'a')], ctx), stderr: ctx.stderr.text };
  }, 60_000);

  it('import prints its settings and where they came from, then plain progress lines when stderr is not a terminal', () => {
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/--schemas +\S+ +env QUARRY_SCHEMAS/);
    expect(first.stderr).toMatch(/--data +\S+ +flag --data/);
    expect(first.stderr).toMatch(/--batch +1000 +default/);
    expect(first.stderr).toMatch(/^import: 5\d% \d+ records, [\d,]+\/s(, about \d+ s left)?$/m);
    expect(first.stderr).toMatch(/^import: 6518 records in [\d.]+ s, [\d,]+\/s$/m);
    expect(first.stderr).not.toMatch(/[\r\x1b]/);
  });

  it('export -> import -> export gives back the dataset, through msgpack and JSON', async () => {
    const run = async (argv: string[]) => {
      const ctx = testContext(env);
      const code = await main(argv, ctx);
      expect(code, ctx.stderr.text).toBe(0);
    };
    await run(['export', join(dir, 'a.msgpack'), '--data', join(dir, 'a')]);
    await run(['import', join(dir, 'a.msgpack'), '--data', join(dir, 'b'), '--batch', '97']);
    await run(['export', join(dir, 'b.json'), '--data', join(dir, 'b')]);
    expect(records(join(dir, 'b.json'))).toEqual(records(DEMO_DATASET));
    // Version 5 lists the relations between types the bulk door writes in lists records, version 3 names a published target in no locale by its documentId, any other in full.
    const text = readFileSync(join(dir, 'b.json'), 'utf8');
    expect(text).toMatch(/\{"kind":"lists","type":"api::restaurant\.restaurant","relation":"categories","rows":\[\d+(,\d+)*\],"lengths":\[\d+(,\d+)*\],"targets":\[\d+(,\d+)*\]\}/);
    expect(text).not.toMatch(/"categories":\[/);
    expect(text).toMatch(/"restaurants":\["[a-z0-9]{24}"/);
    expect(text).toMatch(/\{"documentId":"[a-z0-9]{24}","locale":"fr","status":"published"\}/);
    expect(text).toMatch(/\{"documentId":"[a-z0-9]{24}","locale":null,"status":"draft"\}/);
    expect(text).not.toMatch(/"locale":null,"status":"published"\}/);
  }, 60_000);

  it('a msgpack export cut inside a value, or with a value of an extension type, is refused', async () => {
    const ctx = testContext(env);
    expect(await main(['export', join(dir, 'c.msgpack'), '--data', join(dir, 'a')], ctx), ctx.stderr.text).toBe(0);
    const bytes = readFileSync(join(dir, 'c.msgpack'));
    // The same encoder wrote the header: encoded again, it is as long as it is in the file.
    const headerBytes = encode(decodeMulti(bytes).next().value).length;
    const damaged: [string, Buffer, RegExp][] = [
      // Cut inside a record in the middle of the file: the records before it were read and written.
      ['cut', bytes.subarray(0, Math.floor(bytes.length / 2)),
        /cut\.msgpack: the file ends before its end record: it was cut short\nThe data folder holds what was imported before the error, and is marked incomplete/],
      // An extension value where the first record should be: refused before any record.
      ['ext', Buffer.concat([bytes.subarray(0, headerBytes), Buffer.of(0xd4, 0x05, 0x00)]), /ext\.msgpack: record 1: not valid msgpack \(Unknown extension 5\)\nNothing was written to the data folder\./],
    ];
    for (const [name, content, message] of damaged) {
      writeFileSync(join(dir, `${name}.msgpack`), content);
      cpSync(join(dir, 'c.msgpack.uploads'), join(dir, `${name}.msgpack.uploads`), { recursive: true });
      const refused = testContext(env);
      expect(await main(['import', join(dir, `${name}.msgpack`), '--data', join(dir, `db-${name}`)], refused), refused.stderr.text).toBe(1);
      expect(refused.stderr.text).toMatch(message);
    }
  }, 60_000);

  it('import refuses a data folder that already holds documents: exit 1, and does not ask to remove it', async () => {
    const ctx = testContext(env);
    expect(await main(['import', DEMO_DATASET, '--data', join(dir, 'a')], ctx)).toBe(1);
    expect(ctx.stderr.text).toMatch(/error: the data folder already holds \d+ api::\S+ entries: import into a new \(empty\) data folder/);
    expect(ctx.stderr.text).toContain('Nothing was written to the data folder.');
    expect(ctx.stderr.text).not.toContain('remove it');
  });
});

describe('quarry import of damaged or foreign files: exit 1 with what is wrong', () => {
  const lines = readFileSync(DEMO_DATASET, 'utf8').split('\n');
  const firstRestaurant = lines.find((l) => l.includes('"kind":"version","type":"api::restaurant.restaurant"'));
  /** A file made from the demo dataset, with the dataset's uploaded files beside it as an export has them. */
  const writeExport = (path: string, text: string) => {
    writeFileSync(path, text);
    cpSync(`${DEMO_DATASET}.uploads`, `${path}.uploads`, { recursive: true });
  };
  const cases: [string, string, RegExp][] = [
    ['cut.json', lines.slice(0, 400).join('\n'), /ends before its end record: it was cut short/],
    ['bad-line.json', [...lines.slice(0, 3), '{"kind":', ...lines.slice(3)].join('\n'), /bad-line\.json line 4: not valid JSON/],
    ['foreign.json', '{"hello":"world"}', /not a Quarry export/],
    ['future.json', lines[0]!.replace('"version":2', '"version":9') + '\n]}', /export format version 9 is not supported/],
    ['other-schema.json', lines[0]!.replace('api::chef.chef', 'api::cook.cook') + '\n]}', /content-type api::cook\.cook, which the schemas do not define/],
    ['order.json', [lines[0], lines.find((l) => l.includes('"kind":"links","type":"api::chef.chef"')), lines.find((l) => l.includes('"kind":"version","type":"api::chef.chef"')), ']}'].join('\n'),
      /record 2 \(version of api::chef\.chef \S+ published\) is out of order: section 1 comes before section 4/],
    ['count.json', [lines[0], '{"kind":"end","records":3}', ']}'].join('\n'), /the end record counts 3 records, the file holds 0/],
    // The first batch holds the bad record: it is rolled back whole, so nothing stays.
    ['bad-value.json', lines.map((l) => (l === firstRestaurant ? l.replace('"stars":', '"stars":"many","was":') : l)).join('\n'),
      /record \d+ \(version of api::restaurant\.restaurant \S+ published\): data\.stars: stars must be an integer/],
  ];
  for (const [name, text, message] of cases) {
    it(name, async () => {
      const dir = tempDir();
      writeExport(join(dir, name), text);
      const ctx = testContext(env);
      expect(await main(['import', join(dir, name), '--data', join(dir, 'db')], ctx)).toBe(1);
      expect(ctx.stderr.text).toMatch(message);
      // Each stops before its first batch is written.
      expect(ctx.stderr.text).toContain('Nothing was written to the data folder.');
      expect(ctx.stderr.text).not.toContain('remove it');
    });
  }

  it('a file that stops after some batches were written: the folder holds them, and is to be removed', async () => {
    const dir = tempDir();
    writeExport(join(dir, 'cut.json'), lines.slice(0, 400).join('\n'));
    const ctx = testContext(env);
    expect(await main(['import', join(dir, 'cut.json'), '--data', join(dir, 'db'), '--batch', '100'], ctx)).toBe(1);
    expect(ctx.stderr.text).toMatch(/it was cut short\nThe data folder holds what was imported before the error, and is marked incomplete: remove it before importing again\.\n/);
    // Marked: no command opens it as if it were whole.
    const served = testContext(env);
    expect(await main(['export', join(dir, 'again.json'), '--data', join(dir, 'db')], served)).toBe(2);
    expect(served.stderr.text).toMatch(/an import into this folder \(of \S+cut\.json, begun \S+\) did not finish, so it holds part of that file: remove the folder and import again/);
  });

  it('a file pretty-printed by another tool is read whole', async () => {
    const dir = tempDir();
    const pretty = JSON.stringify(JSON.parse([...lines.slice(0, 30), '{"kind":"end","records":29}', ']}'].map((l, i) => (i > 0 && i < 30 && !l.endsWith(',') ? `${l},` : l)).join('\n')), null, 2);
    writeExport(join(dir, 'pretty.json'), pretty);
    const ctx = testContext(env);
    expect(await main(['import', join(dir, 'pretty.json'), '--data', join(dir, 'db')], ctx), ctx.stderr.text).toBe(0);
    expect(ctx.stderr.text).toMatch(/import: 29 records in/);
  });
});

describe('an export carries what its import needs: no flags beyond the schemas', () => {
  const schemasOnly = { QUARRY_SCHEMAS: DEMO_SCHEMAS };
  let dir: string;
  const run = async (argv: string[], expected = 0) => {
    const ctx = testContext(schemasOnly);
    const code = await main(argv, ctx);
    expect(code, ctx.stderr.text).toBe(expected);
    return ctx;
  };
  /** An export's text without its `exportedAt`, the one thing two exports of the same folder may differ in. */
  const timeless = (path: string) => readFileSync(path, 'utf8').replace(/"exportedAt":"[^"]*"/, '');

  beforeAll(async () => {
    dir = tempDir();
    const imported = await run(['import', DEMO_DATASET, '--data', join(dir, 'a')]);
    expect(imported.stderr.text).toMatch(/^locales: en, fr: the export's$/m);
  }, 60_000);

  it('export, import and export again without --locales: the exports agree byte for byte but for their time, and so do their files', async () => {
    await run(['export', join(dir, 'a.json'), '--data', join(dir, 'a')]);
    await run(['import', join(dir, 'a.json'), '--data', join(dir, 'b')]);
    await run(['export', join(dir, 'b.json'), '--data', join(dir, 'b')]);
    expect(timeless(join(dir, 'b.json'))).toBe(timeless(join(dir, 'a.json')));
    expect(records(join(dir, 'a.json'))).toEqual(records(DEMO_DATASET));
    // A JSON export's first line is its header, then the records' list opens.
    const header = JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8').split('\n')[0]!.replace(/,"records":\[$/, '}')) as { locales: string[] };
    expect(header.locales).toEqual(['en', 'fr']);
    for (const name of readdirSync(`${DEMO_DATASET}.uploads`)) {
      expect(readFileSync(join(dir, 'b.json.uploads', name)).equals(readFileSync(join(`${DEMO_DATASET}.uploads`, name))), name).toBe(true);
    }
  }, 60_000);

  it('a folder keeps its locales: commands that open it later without --locales take them', async () => {
    const checked = await run(['check', join(dir, 'a')]);
    expect(checked.stderr.text).toMatch(/^locales: en, fr, default en: kept by the data folder/m);
    expect(checked.stdout.text).toMatch(/^consistent: /m);
  });

  it('refuses --locales that leave out a locale of the export, before writing anything', async () => {
    const ctx = await run(['import', DEMO_DATASET, '--data', join(dir, 'c'), '--locales', 'en'], 2);
    expect(ctx.stderr.text).toMatch(/the export was made with locales en, fr, and --locales en leaves out fr/);
    expect(existsSync(join(dir, 'c'))).toBe(false);
  });

  it('refuses an export made under other schemas, naming what differs, before writing anything', async () => {
    const text = readFileSync(DEMO_DATASET, 'utf8').replace('"name":"string"', '"name":"text"').replace('"restaurants":"relation oneToMany', '"dishes":"integer","restaurants":"relation oneToMany');
    writeFileSync(join(dir, 'other.json'), text);
    cpSync(`${DEMO_DATASET}.uploads`, join(dir, 'other.json.uploads'), { recursive: true });
    const ctx = await run(['import', join(dir, 'other.json'), '--data', join(dir, 'd')], 1);
    expect(ctx.stderr.text).toMatch(/the export was written under other schemas \(fingerprint [0-9a-f]{16}\): /);
    expect(ctx.stderr.text).toMatch(/\.name is text in the export, string in the schemas/);
    expect(ctx.stderr.text).toMatch(/api::chef\.chef\.dishes \(integer\) is not in the schemas/);
    expect(ctx.stderr.text).toContain('Nothing was written to the data folder.');
  });
});
