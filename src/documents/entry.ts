import { BoundedCache } from '../cache/index.js';
import type { FieldSelection } from '../query/params/index.js';
import type { ContentType } from '../schema/types.js';
import type { Row } from '../store/layout.js';

export type Entry = Record<string, unknown>;

type Builder = (row: Row) => Entry;

const keysCache = new WeakMap<ContentType, readonly string[]>();
/** The builder of whole entries, one per type. */
const wholeBuilders = new WeakMap<ContentType, Builder>();
/**
 * Builders of selections by the keys they show. Selections come from requests, and a type of n
 * fields has 2^n of them: bounded, the least recently used go (each is a compiled function).
 */
const selectionBuilders = new WeakMap<ContentType, BoundedCache<string, Builder>>();
const SELECTIONS_KEPT = 256;
/** A selection parsed once per request is looked up by identity for each of its rows. */
const bySelection = new WeakMap<ContentType, WeakMap<readonly string[], Builder>>();

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

/** A row as the API shows it: private fields never, and only the selected fields when there is a selection. */
export function toEntry(ct: ContentType, row: Row, fields: FieldSelection = '*'): Entry {
  if (fields === '*') {
    let build = wholeBuilders.get(ct);
    if (!build) wholeBuilders.set(ct, (build = compile(outputKeys(ct))));
    return build(row);
  }
  let known = bySelection.get(ct);
  if (!known) bySelection.set(ct, (known = new WeakMap()));
  let build = known.get(fields);
  if (!build) {
    const selected = new Set(fields);
    const shown = outputKeys(ct).filter((k) => selected.has(k) || k === 'id' || k === 'documentId');
    known.set(fields, (build = selectionBuilder(ct, shown)));
  }
  return build(row);
}

function selectionBuilder(ct: ContentType, keys: readonly string[]): Builder {
  let byKeys = selectionBuilders.get(ct);
  if (!byKeys) selectionBuilders.set(ct, (byKeys = new BoundedCache(SELECTIONS_KEPT)));
  return byKeys.remember(keys.join('\u0000'), () => compile(keys));
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
