import type { ContentType } from '../schema/types.js';
import type { Row } from '../store/layout.js';

export type Entry = Record<string, unknown>;

const cache = new WeakMap<ContentType, readonly string[]>();

/** The keys an entry shows, in Strapi's order: id, documentId, public fields, timestamps, locale. */
export function outputKeys(ct: ContentType): readonly string[] {
  let keys = cache.get(ct);
  if (!keys) {
    const list = ['id', 'documentId'];
    for (const attr of ct.attributes.values()) if (attr.kind === 'scalar' && !attr.private) list.push(attr.name);
    list.push('createdAt', 'updatedAt', 'publishedAt');
    if (ct.localized) list.push('locale');
    keys = list;
    cache.set(ct, keys);
  }
  return keys;
}

/** A row as the API shows it: private fields never, and only `fields` when they are given. */
export function toEntry(ct: ContentType, row: Row, fields?: ReadonlySet<string>): Entry {
  const entry: Entry = {};
  for (const key of outputKeys(ct)) {
    if (fields && !fields.has(key) && key !== 'id' && key !== 'documentId') continue;
    entry[key] = row[key] ?? null;
  }
  return entry;
}
