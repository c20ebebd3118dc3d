import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
      /links of api::restaurant\.restaurant \S+ published\): chef links at most one entry, the record lists 2/],
    ['twice.json', changed(category, (l) => l.replace(`"restaurants":[${firstRef(l, 'restaurants')}`, `"restaurants":[${firstRef(l, 'restaurants')},${firstRef(l, 'restaurants')}`)),
      /links of api::category\.category \S+ published\): restaurants lists an entry twice/],
    ['unknown.json', changed(restaurant, (l) => l.replace('"categories":[', `"categories":[${ref('q00000000000000000000000')},`)),
      /links of api::restaurant\.restaurant \S+ published\): Document with id "q00000000000000000000000", locale "null" not found/],
    ['no-such-relation.json', changed(restaurant, (l) => l.replace('"relations":{', `"relations":{"owners":[${ref('a00000000000000000000000')}],`)),
      /links of api::restaurant\.restaurant \S+ published\): api::restaurant\.restaurant has no relation owners/],
    // Positions (format version 4) name rows the load wrote, in relations between types it writes whole.
    ['past-the-rows.json', changed(restaurant, (l) => l.replace(/"chef":\[(\{[^}]*\})\]/, '"chef":[999]')),
      /links of api::restaurant\.restaurant \S+ published\): api::chef\.chef has no row at position 999: this load wrote \d+/],
    ['position-to-versioned.json', changed(firstOf('links', 'api::article.article'), (l) => l.replace(/"restaurants":\[(\{[^}]*\})/, '"restaurants":[0')),
      /links of api::article\.article \S+ published\): a position names a target only in a relation between two types a bulk load writes/],
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
