import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNodeHttpServer, type RunningServer } from '../../src/http/index.js';
import { createQuarry, type Quarry } from '../../src/index.js';
import { loadSchemaDir } from '../../src/schema/load-dir.js';
import type { SchemaSource } from '../../src/schema/raw.js';
import { repoRoot } from '../repo-root.js';

/**
 * What the fuzz targets run against: the demo content-types plus `note`, which has what the
 * demo lacks (a json field, a private field, a private relation), a few entries, a server on
 * node:http with the default access rules, and one token of each type.
 */
export interface FuzzWorld {
  readonly quarry: Quarry;
  readonly base: string;
  /** documentIds by plural name. */
  readonly ids: Readonly<Record<string, readonly string[]>>;
  readonly tokens: { readonly full: string; readonly readOnly: string };
  close(): Promise<void>;
}

export const NOTE = 'api::note.note';

const NOTE_SOURCE: SchemaSource = {
  uid: NOTE,
  file: 'note/schema.json',
  schema: {
    kind: 'collectionType',
    info: { singularName: 'note', pluralName: 'notes', displayName: 'note' },
    options: { draftAndPublish: true },
    attributes: {
      title: { type: 'string' },
      meta: { type: 'json' },
      secret: { type: 'string', private: true },
      restaurant: { type: 'relation', relation: 'manyToOne', target: 'api::restaurant.restaurant' },
      hidden: { type: 'relation', relation: 'oneWay', target: 'api::chef.chef', private: true },
      tags: { type: 'relation', relation: 'manyWay', target: 'api::tag.tag' },
    },
  },
};

export async function openWorld(): Promise<FuzzWorld> {
  const path = mkdtempSync(join(tmpdir(), 'quarry-fuzz-'));
  const quarry = createQuarry({
    schemas: [...loadSchemaDir(join(repoRoot(), 'data', 'schemas')), NOTE_SOURCE],
    path, noSync: true, i18n: { defaultLocale: 'en', locales: ['en', 'fr'] },
  });
  let server: RunningServer | undefined;
  try {
    const ids = await seed(quarry);
    const tokens = { full: quarry.tokens!.create('fuzz-full', 'full-access').token, readOnly: quarry.tokens!.create('fuzz-read', 'read-only').token };
    // Errors that are not QuarryErrors are what the fuzz looks for: it counts them from the answers.
    server = await startNodeHttpServer({ quarry, onInternalError: () => {} });
    const running = server;
    return {
      quarry, ids, tokens, base: `http://127.0.0.1:${running.port}`,
      async close() {
        await running.close();
        await quarry.close();
        rmSync(path, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await server?.close();
    await quarry.close();
    rmSync(path, { recursive: true, force: true });
    throw error;
  }
}

async function seed(quarry: Quarry): Promise<Record<string, string[]>> {
  const made = async (uid: string, data: Record<string, unknown>[], extra: Record<string, unknown> = {}) => {
    const out: string[] = [];
    for (const d of data) out.push((await quarry.documents(uid).create({ data: d, ...extra })).documentId as string);
    return out;
  };
  const chefs = await made('api::chef.chef', [{ name: 'Ana', country: 'Brazil' }, { name: 'Bo', country: 'France' }]);
  const categories = await made('api::category.category', [{ name: 'Bistro' }, { name: 'Vegan' }, { name: 'Sushi' }]);
  const tags = await made('api::tag.tag', [{ name: 'new', code: 'n' }, { name: 'old', code: 'o' }]);
  const restaurants = await made('api::restaurant.restaurant', [
    { name: 'Zinc', stars: 4, open: true, price: 20, chef: chefs[0], categories: categories.slice(0, 2) },
    { name: 'Umi', stars: 5, open: false, chef: chefs[1], categories: [categories[2]] },
    { name: 'Verde', stars: 2, categories: [categories[1]] },
  ]);
  const notes = await made(NOTE, [{ title: 'n1', meta: { a: [1, 2] }, secret: 's', restaurant: restaurants[0], tags }], { status: 'published' });
  return { chefs, categories, tags, restaurants, notes };
}
