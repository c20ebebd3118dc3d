import { BoundedCache } from '../cache/index.js';
import type { FieldSelection } from '../query/params/index.js';
import type { Model } from '../schema/types.js';
import type { Row } from '../store/layout.js';

export type Entry = Record<string, unknown>;

type Builder = (row: Row) => Entry;

const keysCache = new WeakMap<Model, readonly string[]>();
/** The builder of whole entries, one per type. */
const wholeBuilders = new WeakMap<Model, Builder>();
/**
 * Builders of selections by the keys they show. Selections come from requests, and a type of n
 * fields has 2^n of them: bounded, the least recently used go (each is a compiled function).
 */
const selectionBuilders = new WeakMap<Model, BoundedCache<string, Builder>>();
const SELECTIONS_KEPT = 256;
/** A selection parsed once per request is looked up by identity for each of its rows. */
const bySelection = new WeakMap<Model, WeakMap<readonly string[], Builder>>();

/**
 * The keys an entry shows, in Strapi's order: id, documentId, public fields, timestamps, locale;
 * a component shows its id and public fields.
 */
export function outputKeys(ct: Model): readonly string[] {
  let keys = keysCache.get(ct);
  if (!keys) {
    const list = ct.kind === 'component' ? ['id'] : ['id', 'documentId'];
    for (const attr of ct.attributes.values()) if (attr.kind === 'scalar' && !attr.private) list.push(attr.name);
    if (ct.kind !== 'component') list.push('createdAt', 'updatedAt', 'publishedAt');
    if (ct.kind !== 'component' && ct.localized) list.push('locale');
    keys = list;
    keysCache.set(ct, keys);
  }
  return keys;
}

/** A row as the API shows it: private fields never, and only the selected fields, in their order, when there is a selection. */
export function toEntry(ct: Model, row: Row, fields: FieldSelection = '*'): Entry {
  if (fields === '*') {
    let build = wholeBuilders.get(ct);
    if (!build) wholeBuilders.set(ct, (build = compile(outputKeys(ct))));
    return build(row);
  }
  let known = bySelection.get(ct);
  if (!known) bySelection.set(ct, (known = new WeakMap()));
  let build = known.get(fields);
  if (!build) {
    // Strapi shows selected fields in the order they were asked for, after id and documentId.
    const output = new Set(outputKeys(ct));
    const shown = [...new Set(['id', 'documentId', ...fields])].filter((k) => output.has(k));
    known.set(fields, (build = selectionBuilder(ct, shown)));
  }
  return build(row);
}

function selectionBuilder(ct: Model, keys: readonly string[]): Builder {
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
