import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaSource } from '../../src/schema/raw.js';
import { tempQuarry } from '../support/temp-quarry.js';

/**
 * Text around the indexed prefix's length: a cut is 256 characters, or 255 when the 256th would
 * split a surrogate pair. Substring operators answered from the in-memory index must fall back
 * to the row exactly where the indexed text may be such a cut, and equality must re-check it.
 */
const N = 'api::note.note';
const schemas: SchemaSource[] = [
  { uid: N, file: 'note', schema: { info: { singularName: 'note', pluralName: 'notes' }, attributes: { body: { type: 'string' } } } },
];
const pad = (n: number) => 'x'.repeat(n);
const emoji = '😀';
const texts = {
  short: 'Brasserie du Port',
  at254: `${pad(250)}ÉTÉ!`,
  surrogateCut: `${pad(255)}${emoji}brasserie tail`,
  long: `${pad(300)}BRASSERIE end`,
  longPrefixOnly: `Brasserie ${pad(400)}`,
} as const;
let q: ReturnType<typeof tempQuarry>;
const idOf: Record<string, number> = {};

beforeAll(async () => {
  q = tempQuarry(schemas);
  for (const [key, body] of Object.entries(texts)) idOf[key] = (await q.documents(N).create({ data: { body } })).id as number;
});
afterAll(() => q.dispose());

const ids = (filters: unknown) => q.reads.findPageSync(N, { filters, pagination: { pageSize: 100 } }).results.map((e) => e.id);
const keys = (...names: (keyof typeof texts)[]) => names.map((n) => idOf[n]).sort((a, b) => a! - b!);

describe('text past the indexed prefix', () => {
  it('substring operators see the whole text, cut or not', () => {
    expect(ids({ body: { $containsi: 'brasserie' } })).toEqual(keys('short', 'surrogateCut', 'long', 'longPrefixOnly'));
    expect(ids({ body: { $contains: 'BRASSERIE' } })).toEqual(keys('long'));
    expect(ids({ body: { $endsWithi: 'TAIL' } })).toEqual(keys('surrogateCut'));
    expect(ids({ body: { $endsWith: 'été!' } })).toEqual([]);
    expect(ids({ body: { $endsWithi: 'été!' } })).toEqual(keys('at254'));
    expect(ids({ body: { $containsi: `${emoji}BRAS` } })).toEqual(keys('surrogateCut'));
  });

  it('equality with a value as long as a surrogate-shortened cut does not match the longer text', () => {
    expect(ids({ body: { $eq: pad(255) } })).toEqual([]);
    expect(ids({ body: { $eqi: pad(255) } })).toEqual([]);
    expect(ids({ body: { $eq: texts.surrogateCut } })).toEqual(keys('surrogateCut'));
    expect(ids({ body: { $gte: pad(255), $lt: `${pad(255)}${emoji}` } })).toEqual([]);
    expect(ids({ body: { $gte: pad(255) } })).toEqual(keys('at254', 'surrogateCut', 'long'));
  });
});
