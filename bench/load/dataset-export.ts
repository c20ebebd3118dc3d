/**
 * The benchmark dataset (fixtures/dataset) as a Quarry export file, written as `quarry export`
 * would write a folder holding it: version records of chefs, categories and restaurants, then
 * lists records of every relation, both sides in their own order (format.ts). Records are
 * made as they are written, so memory holds the inverse lists (one number per link), never the
 * records: a million restaurants stream like ten thousand.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createQuarry } from '../../src/index.js';
import { Exporter } from '../../src/cli/transfer/export.js';
import { RecordWriter } from '../../src/cli/transfer/files.js';
import type { EndRecord, ExportHeader, ListsRecord, VersionRecord } from '../../src/cli/transfer/format.js';
import { ListsBuilder } from '../../src/cli/transfer/lists-records.js';
import type { Dataset, Restaurant } from '../../fixtures/dataset/types.js';
import { CATEGORY, CHEF, createdAtOf, documentIdOf, RESTAURANT } from './identities.js';

/** The header `quarry export` writes for a folder under `schemas` opened with its default locales. */
export async function exportHeaderFor(schemas: string): Promise<ExportHeader> {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-load-header-'));
  const quarry = createQuarry({ schemas, path: dir });
  try {
    return new Exporter(quarry).header();
  } finally {
    await quarry.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes `data` to `path` (.msgpack or .json, by its extension); answers the records written. */
export async function writeDatasetExport(data: Dataset, header: ExportHeader, path: string): Promise<number> {
  const writer = RecordWriter.open(path);
  let records = 0;
  try {
    await writer.write(header);
    for (const record of datasetRecords(data)) {
      await writer.write(record);
      records++;
    }
    const end: EndRecord = { kind: 'end', records };
    await writer.write(end);
    await writer.close();
  } catch (e) {
    await writer.abort();
    throw e;
  }
  return records;
}

function* datasetRecords(data: Dataset): Generator<VersionRecord | ListsRecord> {
  const row = (type: string, index: number) => ({ type, documentId: documentIdOf(data.seed, type, index), locale: null, status: 'published' as const });
  const version = (type: string, index: number, fields: object): VersionRecord => {
    // Types without draft & publish are published when created, as the peer stores them.
    const at = new Date(createdAtOf(index)).toISOString();
    return { kind: 'version', ...row(type, index), createdAt: at, updatedAt: at, publishedAt: at, data: { ...fields } };
  };
  // Chefs, categories and restaurants are all written by the bulk door: rows and targets are
  // named by their index, their position among their type's version records, in lists records,
  // as `quarry export` writes them (ListsRecord).
  function* lists(type: string, relation: string, rows: Iterable<readonly [number, readonly number[]]>): Generator<ListsRecord> {
    const builder = new ListsBuilder(type, relation);
    for (const [index, targets] of rows) {
      const full = targets.length > 0 ? builder.add(index, targets) : undefined;
      if (full) yield full;
    }
    const rest = builder.take();
    if (rest) yield rest;
  }

  for (const [i, chef] of data.chefs.entries()) yield version(CHEF, i, chef);
  for (const [i, category] of data.categories.entries()) yield version(CATEGORY, i, category);
  let index = 0;
  for (const r of data.restaurants()) {
    const { chef: _chef, categories: _categories, ...fields } = r;
    yield version(RESTAURANT, index++, fields);
  }

  // The far sides list restaurants in id order, as the dataset defines them (types.ts).
  const { ofChef, ofCategory } = inverseLists(data);
  yield* lists(CATEGORY, 'restaurants', ofCategory.entries());
  yield* lists(CHEF, 'restaurants', ofChef.entries());
  yield* lists(RESTAURANT, 'chef', restaurantLists(data, (r) => (r.chef === null ? [] : [r.chef])));
  yield* lists(RESTAURANT, 'categories', restaurantLists(data, (r) => r.categories));
}

/** Each restaurant's index and one of its lists, in index order. */
function* restaurantLists(data: Dataset, list: (r: Restaurant) => readonly number[]): Generator<readonly [number, readonly number[]]> {
  let index = 0;
  for (const r of data.restaurants()) yield [index++, list(r)];
}

/** Each chef's and each category's restaurant indexes, in index order. */
function inverseLists(data: Dataset): { ofChef: number[][]; ofCategory: number[][] } {
  const ofChef = data.chefs.map((): number[] => []);
  const ofCategory = data.categories.map((): number[] => []);
  let index = 0;
  for (const r of data.restaurants()) {
    if (r.chef !== null) ofChef[r.chef]!.push(index);
    for (const c of r.categories) ofCategory[c]!.push(index);
    index++;
  }
  return { ofChef, ofCategory };
}
