import type { ContentType } from '../schema/types.js';
import type { Row } from '../store/layout.js';

export type Entry = Record<string, unknown>;

type Builder = (row: Row) => Entry;

const keysCache = new WeakMap<ContentType, readonly string[]>();
const builders = new WeakMap<ContentType, Map<string, Builder>>();

/** The keys an entry shows, in Strapi's order: id, documentId, public fields, timestamps, locale. */
export function outputKeys(ct: ContentType): readonly string[] {
  let keys = keysCache.get(ct);
  if (!keys) {
    const list = ['id', 'documentId'];
    for (const attr of ct.attributes.values()) if (attr.kind === 'scalar' && !attr.private) list.push(attr.name);
    list.push('createdAt', 'updatedAt', 'publishedAt');
    if (ct.localized) list.push('locale');
    keys = list;
    keysCache.set(ct, keys);
  }
  return keys;
}

/** A row as the API shows it: private fields never, and only `fields` when they are given. */
export function toEntry(ct: ContentType, row: Row, fields?: ReadonlySet<string>): Entry {
  const shown = fields ? outputKeys(ct).filter((k) => fields.has(k) || k === 'id' || k === 'documentId') : outputKeys(ct);
  const id = fields ? shown.join('\u0000') : '*';
  let byFields = builders.get(ct);
  if (!byFields) builders.set(ct, (byFields = new Map()));
  let build = byFields.get(id);
  if (!build) byFields.set(id, (build = compile(shown)));
  return build(row);
}

/**
 * An object literal per key list: one fixed shape V8 builds in a single step, instead of a loop
 * adding keys one by one for every entry of every page. Keys are schema attribute names (checked
 * identifiers) and system fields, quoted with JSON.stringify all the same.
 */
function compile(keys: readonly string[]): Builder {
  const body = keys.map((k) => `${JSON.stringify(k)}: row[${JSON.stringify(k)}] ?? null`).join(',\n');
  return new Function('row', `return {\n${body}\n};`) as Builder;
}
