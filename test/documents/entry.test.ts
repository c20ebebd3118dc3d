import { describe, expect, it } from 'vitest';
import { outputKeys, toEntry } from '../../src/documents/entry.js';
import { SchemaRegistry } from '../../src/schema/registry.js';

const FIELDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];
const ct = SchemaRegistry.fromSources([{
  uid: 'api::wide.wide',
  file: 'wide/schema.json',
  schema: {
    kind: 'collectionType',
    info: { singularName: 'wide', pluralName: 'wides' },
    attributes: Object.fromEntries(FIELDS.map((f) => [f, { type: 'string' }])),
  },
}]).require('api::wide.wide');
const row = Object.freeze({ id: 1, documentId: 'doc', ...Object.fromEntries(FIELDS.map((f) => [f, f.toUpperCase()])) }) as never;

/** Every subset of the fields, in a fresh array each time (as each request's selection is). */
const selections = () => Array.from({ length: 2 ** FIELDS.length }, (_, bits) => FIELDS.filter((_, i) => bits & (1 << i)));

describe('entries built from rows', () => {
  it('show the selected fields, for more selections than the builders kept, and again once those are gone', () => {
    for (let round = 0; round < 2; round++) {
      for (const fields of selections()) {
        const entry = toEntry(ct, row, fields);
        expect(Object.keys(entry)).toEqual(outputKeys(ct).filter((k) => fields.includes(k) || k === 'id' || k === 'documentId'));
        for (const f of fields) expect(entry[f]).toBe(f.toUpperCase());
      }
    }
    expect(Object.keys(toEntry(ct, row))).toEqual(outputKeys(ct));
  });
});
