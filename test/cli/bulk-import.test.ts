import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { DEMO_DATASET, DEMO_SCHEMAS } from '../../src/cli/paths.js';
import { tempDir, testContext } from './support.js';
import { createQuarry } from '../../src/index.js';

/**
 * Rows of types without versions or locales, and their relation lists between such types, are
 * written by the bulk door (Quarry.bulk): each list from its own row's record. A file whose
 * records do not fit together is refused, and the folder is left marked incomplete. (That an
 * import keeps every row's times and every list's order is transfer.test.ts's round trip.)
 */
describe('quarry import of lists written from their own records', () => {
  const lines = readFileSync(DEMO_DATASET, 'utf8').split('\n');
  const env = { QUARRY_SCHEMAS: DEMO_SCHEMAS };
  const firstOf = (kind: string, type: string) => lines.findIndex((l) => l.includes(`"kind":"${kind}","type":"${type}"`));
  const category = firstOf('links', 'api::category.category');
  const restaurant = firstOf('links', 'api::restaurant.restaurant');
  const ref = (documentId: string) => `{"documentId":"${documentId}","locale":null,"status":"published"}`;
  const firstRef = (line: string, relation: string) => new RegExp(`"${relation}":\\[(\\{[^}]*\\})`).exec(line)![1]!;

  /** The demo dataset with one line changed. */
  const changed = (at: number, change: (line: string) => string) => lines.map((l, i) => (i === at ? change(l) : l)).join('\n');

  const cases: [string, string, RegExp][] = [
    // The category no longer lists a restaurant that still lists it: found once every list is written.
    ['one-sided.json', changed(category, (l) => l.replace(`${firstRef(l, 'restaurants')},`, '')),
      /the two sides of api::(category\.category\.restaurants|restaurant\.restaurant\.categories) disagree/],
    ['to-one.json', changed(restaurant, (l) => l.replace(/"chef":\[(\{[^}]*\})\]/, `"chef":[$1,${ref('a00000000000000000000000')}]`)),
      /links of api::restaurant\.restaurant \S+ published\): relations\.chef: chef links at most one entry, the record lists 2/],
    ['twice.json', changed(category, (l) => l.replace(`"restaurants":[${firstRef(l, 'restaurants')}`, `"restaurants":[${firstRef(l, 'restaurants')},${firstRef(l, 'restaurants')}`)),
      /links of api::category\.category \S+ published\): relations\.restaurants: restaurants lists an entry twice/],
    ['unknown.json', changed(restaurant, (l) => l.replace('"categories":[', `"categories":[${ref('q00000000000000000000000')},`)),
      /links of api::restaurant\.restaurant \S+ published\): relations\.categories\.0: Document with id "q00000000000000000000000", locale "null" not found/],
    ['no-such-relation.json', changed(restaurant, (l) => l.replace('"relations":{', `"relations":{"owners":[${ref('a00000000000000000000000')}],`)),
      /links of api::restaurant\.restaurant \S+ published\): relations\.owners: api::restaurant\.restaurant has no relation owners/],
    // Positions (format version 4) name rows the load wrote, in relations between types it writes whole.
    ['past-the-rows.json', changed(restaurant, (l) => l.replace(/"chef":\[(\{[^}]*\})\]/, '"chef":[999]')),
      /links of api::restaurant\.restaurant \S+ published\): relations\.chef\.0: api::chef\.chef has no row at position 999: this load wrote \d+/],
    ['position-to-versioned.json', changed(firstOf('links', 'api::article.article'), (l) => l.replace(/"restaurants":\[(\{[^}]*\})/, '"restaurants":[0')),
      /links of api::article\.article \S+ published\): relations\.restaurants\.0: a position names a target only in a relation between two types a bulk load writes/],
  ];
  it('takes a target named by its documentId alone, or by its position among its type\'s version records (versions 3 and 4)', async () => {
    const versions = (type: string) => lines.filter((l) => l.includes(`"kind":"version","type":"${type}"`)).map((l) => /"documentId":"([a-z0-9]{24})"/.exec(l)![1]!);
    const restaurants = versions('api::restaurant.restaurant');
    const listed = [...lines[category]!.matchAll(/\{"documentId":"([a-z0-9]{24})","locale":null,"status":"published"\}/g)].map((m) => m[1]!);
    const chef = /"chef":\[\{"documentId":"([a-z0-9]{24})"/.exec(lines[restaurant]!)![1]!;
    const text = lines.map((l, i) => {
      if (i === category) return l.replace(/"restaurants":\[[^\]]*\]/, `"restaurants":[${listed.map((d) => restaurants.indexOf(d)).join(',')}]`);
      if (i === restaurant) return l.replace(/"chef":\[\{[^}]*\}\]/, `"chef":["${chef}"]`);
      return l;
    }).join('\n');
    const dir = tempDir();
    writeFileSync(join(dir, 'named.json'), text);
    cpSync(`${DEMO_DATASET}.uploads`, join(dir, 'named.json.uploads'), { recursive: true });
    const ctx = testContext(env);
    expect(await main(['import', join(dir, 'named.json'), '--data', join(dir, 'db')], ctx), ctx.stderr.text).toBe(0);
    const quarry = createQuarry({ schemas: DEMO_SCHEMAS, path: join(dir, 'db'), readOnly: true, i18n: { defaultLocale: 'en', locales: ['en', 'fr'] } });
    try {
      const documentIdOf = (line: string) => /"documentId":"([a-z0-9]{24})"/.exec(line)![1]!;
      const cat = await quarry.documents('api::category.category').findOne({ documentId: documentIdOf(lines[category]!), populate: { restaurants: { fields: ['documentId'] } } });
      expect((cat!.restaurants as { documentId: string }[]).map((r) => r.documentId)).toEqual(listed);
      const own = await quarry.documents('api::restaurant.restaurant').findOne({ documentId: documentIdOf(lines[restaurant]!), populate: { chef: { fields: ['documentId'] } } });
      expect((own!.chef as { documentId: string }).documentId).toBe(chef);
    } finally {
      await quarry.close();
    }
  });

  for (const [name, text, message] of cases) {
    it(name, async () => {
      const dir = tempDir();
      writeFileSync(join(dir, name), text);
      cpSync(`${DEMO_DATASET}.uploads`, join(dir, `${name}.uploads`), { recursive: true });
      const ctx = testContext(env);
      expect(await main(['import', join(dir, name), '--data', join(dir, 'db')], ctx)).toBe(1);
      expect(ctx.stderr.text).toMatch(message);
      expect(ctx.stderr.text).toContain('is marked incomplete: remove it before importing again');
      const again = testContext(env);
      expect(await main(['export', join(dir, 'again.json'), '--data', join(dir, 'db')], again)).toBe(2);
    });
  }

});

/**
 * Version 5 lists the relations between types the bulk door writes in lists records, many rows
 * to a record, rows and targets by position. A record whose columns do not fit together, or name
 * rows the load did not write, is refused with its record number and the offending position.
 */
describe('quarry import of lists records', () => {
  const env = { QUARRY_SCHEMAS: DEMO_SCHEMAS, QUARRY_LOCALES: 'en,fr' };
  let lines: string[];
  let uploads: string;

  beforeAll(async () => {
    const dir = tempDir();
    const ctx = testContext(env);
    expect(await main(['import', DEMO_DATASET, '--data', join(dir, 'a')], ctx), ctx.stderr.text).toBe(0);
    expect(await main(['export', join(dir, 'a.json'), '--data', join(dir, 'a')], ctx), ctx.stderr.text).toBe(0);
    lines = readFileSync(join(dir, 'a.json'), 'utf8').split('\n');
    uploads = join(dir, 'a.json.uploads');
  }, 60_000);

  type Lists = { kind: 'lists'; type: string; relation: string; rows: number[]; lengths: number[]; targets: number[] };
  const listsAt = (type: string, relation: string) => lines.findIndex((l) => l.startsWith(`{"kind":"lists","type":"${type}","relation":"${relation}"`));
  /** The export with the lists record of `type.relation` changed, and `more` records added after it (the end record's count kept right). */
  const changed = (type: string, relation: string, change: (r: Lists) => Lists, more: Lists[] = []) => {
    const at = listsAt(type, relation);
    const record = change(JSON.parse(lines[at]!.replace(/,$/, '')) as Lists);
    const out = lines.map((l) => l.replace(/\{"kind":"end","records":(\d+)\}/, (_, n: string) => `{"kind":"end","records":${Number(n) + more.length}}`));
    out.splice(at, 1, ...[record, ...more].map((r) => `${JSON.stringify(r)},`));
    return out.join('\n');
  };
  const R = 'api::restaurant.restaurant';

  const cases: [string, () => string, RegExp][] = [
    ['lengths.json', () => changed(R, 'categories', (r) => ({ ...r, lengths: r.lengths.slice(1) })), /record \d+: "lengths" holds \d+ numbers for \d+ rows/],
    ['sum.json', () => changed(R, 'categories', (r) => ({ ...r, targets: r.targets.slice(1) })), /record \d+: "lengths" add up to \d+, "targets" holds \d+/],
    ['negative.json', () => changed(R, 'categories', (r) => ({ ...r, targets: [r.targets[0]!, -1, ...r.targets.slice(2)] })), /record \d+: targets\.1 must be a whole number, 0 or more/],
    ['row-past.json', () => changed(R, 'categories', (r) => ({ ...r, rows: [r.rows[0]!, 5000, ...r.rows.slice(2)] })),
      /record \d+ \(lists of api::restaurant\.restaurant\.categories, \d+ rows\): rows\.1: api::restaurant\.restaurant has no row at position 5000: this load wrote \d+/],
    ['target-past.json', () => changed(R, 'categories', (r) => ({ ...r, targets: [r.targets[0]!, 999, ...r.targets.slice(2)] })),
      /lists of api::restaurant\.restaurant\.categories, \d+ rows\): targets\.1: api::category\.category has no row at position 999/],
    ['repeat.json', () => changed(R, 'categories', (r) => ({ ...r, rows: [r.rows[0]!], lengths: [2], targets: [r.targets[0]!, r.targets[0]!] })),
      /lists of api::restaurant\.restaurant\.categories, 1 rows\): rows\.0: categories lists an entry twice/],
    ['to-one.json', () => changed(R, 'chef', (r) => ({ ...r, rows: [r.rows[0]!], lengths: [2], targets: [0, 1] })),
      /lists of api::restaurant\.restaurant\.chef, 1 rows\): rows\.0: chef links at most one entry, the record lists 2/],
    ['no-relation.json', () => changed(R, 'categories', (r) => ({ ...r, relation: 'owners' })), /lists of api::restaurant\.restaurant\.owners, \d+ rows\): relation: api::restaurant\.restaurant has no relation owners/],
    ['not-positional.json', () => changed(R, 'categories', (r) => ({ ...r, relation: 'articles' })),
      /lists of api::restaurant\.restaurant\.articles, \d+ rows\): relation: api::restaurant\.restaurant\.articles links types that are not both written in bulk/],
    ['not-bulk.json', () => changed(R, 'categories', (r) => r, [{ kind: 'lists', type: 'api::article.article', relation: 'restaurants', rows: [0], lengths: [1], targets: [0] }]),
      /lists of api::article\.article\.restaurants, 1 rows\): api::article\.article is not written in bulk, so its rows' lists come in their links records/],
    ['filled-twice.json', () => changed(R, 'categories', (r) => r, [{ kind: 'lists', type: R, relation: 'categories', rows: [0], lengths: [1], targets: [0] }]), /is filled twice/],
  ];

  for (const [name, text, message] of cases) {
    it(name, async () => {
      const dir = tempDir();
      writeFileSync(join(dir, name), text());
      cpSync(uploads, join(dir, `${name}.uploads`), { recursive: true });
      const ctx = testContext(env);
      expect(await main(['import', join(dir, name), '--data', join(dir, 'db')], ctx)).toBe(1);
      expect(ctx.stderr.text).toMatch(message);
      expect(ctx.stderr.text).toContain('is marked incomplete: remove it before importing again');
    });
  }

  it('imports lists records split anywhere, in any order of their records, as one', async () => {
    const at = listsAt(R, 'categories');
    const whole = JSON.parse(lines[at]!.replace(/,$/, '')) as Lists;
    // The same lists in three records, the last rows first.
    const cut = (from: number, to: number): Lists => {
      const start = whole.lengths.slice(0, from).reduce((a, b) => a + b, 0);
      const end = start + whole.lengths.slice(from, to).reduce((a, b) => a + b, 0);
      return { ...whole, rows: whole.rows.slice(from, to), lengths: whole.lengths.slice(from, to), targets: whole.targets.slice(start, end) };
    };
    const n = whole.rows.length;
    const text = changed(R, 'categories', () => cut(Math.floor(n / 2), n), [cut(0, 7), cut(7, Math.floor(n / 2))]);
    const dir = tempDir();
    writeFileSync(join(dir, 'split.json'), text);
    cpSync(uploads, join(dir, 'split.json.uploads'), { recursive: true });
    const ctx = testContext(env);
    expect(await main(['import', join(dir, 'split.json'), '--data', join(dir, 'db')], ctx), ctx.stderr.text).toBe(0);
    expect(await main(['export', join(dir, 'again.json'), '--data', join(dir, 'db')], ctx), ctx.stderr.text).toBe(0);
    const again = readFileSync(join(dir, 'again.json'), 'utf8').split('\n');
    expect(again.slice(1)).toEqual(lines.slice(1));
  });
});

