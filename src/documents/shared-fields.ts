import type { ContentType } from '../schema/types.js';
import type { Row, Status } from '../store/layout.js';
import { copyComponents, detachComponents, withoutIds } from './components.js';
import type { ComponentFields } from './data.js';
import type { DocumentEngine } from './engine.js';
import { checkUnique } from './unique.js';

/**
 * Fields a localized type does not localize hold one value for every locale of a document, in
 * each version: its drafts agree among themselves, and so do its published rows. Whichever locale
 * is written last (created, updated, published, or its draft discarded) gives its values to the
 * others, in the same transaction, as Strapi's i18n does after each of those actions. Relations
 * are every locale's own, whatever their schema says: Strapi localizes every relation. Media
 * fields are not relations there, and are shared as these fields are (shared-media.ts). A
 * shared component or dynamic zone is copied, each locale holding its own instances (new ids),
 * as Strapi creates new component rows for each locale.
 */

interface Shared {
  readonly scalars: readonly string[];
  readonly components: ReadonlySet<string>;
}

const NONE: Shared = { scalars: [], components: new Set() };
const names = new WeakMap<ContentType, Shared>();

function sharedOf(ct: ContentType): Shared {
  let shared = names.get(ct);
  if (!shared) {
    const attrs = ct.localized ? [...ct.attributes.values()].filter((a) => !a.localized) : [];
    shared = {
      scalars: attrs.filter((a) => a.kind === 'scalar').map((a) => a.name),
      components: new Set(attrs.filter((a) => a.kind === 'component' || a.kind === 'dynamiczone').map((a) => a.name)),
    };
    if (shared.scalars.length === 0 && shared.components.size === 0) shared = NONE;
    names.set(ct, shared);
  }
  return shared;
}

/**
 * The fields of a new locale of `documentId`: `given` over the values its other locales share in
 * `status`. A shared field given as null takes theirs (as on Strapi); one given a value keeps it,
 * and `spreadShared` then hands it to the others. Shared components the write does not give
 * (`givenComponents`) are copied from a sibling; `linkCopies` gives the copies their links once
 * the row is stored.
 */
export function withSharedValues(
  engine: DocumentEngine, ct: ContentType, documentId: string, status: Status, given: Readonly<Record<string, unknown>>, givenComponents: ComponentFields,
): { readonly values: Readonly<Record<string, unknown>>; readonly linkCopies: () => void } {
  const shared = sharedOf(ct);
  if (shared === NONE) return { values: given, linkCopies: NOTHING };
  const rows = engine.store.rows;
  const sibling = rows.versions(ct.uid, documentId).find((v) => v.status === status);
  if (!sibling) return { values: given, linkCopies: NOTHING };
  const held = rows.get(ct.uid, sibling.id)!;
  const out: Record<string, unknown> = { ...given };
  for (const name of shared.scalars) if ((out[name] ?? null) === null) out[name] = held[name] ?? null;
  const taken = new Set([...shared.components].filter((name) => !givenComponents.some(([attr]) => attr.name === name)));
  if (taken.size === 0) return { values: out, linkCopies: NOTHING };
  const copy = copyComponents(engine, ct, held, status, taken);
  return { values: { ...out, ...copy.values }, linkCopies: copy.linkCopies };
}

const NOTHING = () => {};

/** Gives `row`'s shared values to the other locales of its document in `status`: a row is rewritten only where one differs. */
export function spreadShared(engine: DocumentEngine, ct: ContentType, row: Row, status: Status): void {
  const shared = sharedOf(ct);
  if (shared === NONE) return;
  const rows = engine.store.rows;
  for (const v of rows.versions(ct.uid, row.documentId)) {
    if (v.id === row.id || v.status !== status) continue;
    const other = rows.get(ct.uid, v.id)!;
    const differing = new Set([...shared.components].filter((name) => withoutIds(other[name] ?? null) !== withoutIds(row[name] ?? null)));
    if (differing.size === 0 && shared.scalars.every((name) => sameValue(other[name], row[name]))) continue;
    const next: Record<string, unknown> = { ...other, updatedAt: new Date().toISOString() };
    for (const name of shared.scalars) next[name] = row[name] ?? null;
    const copy = copyComponents(engine, ct, row, status, differing);
    if (differing.size > 0) {
      detachComponents(engine, ct, Object.fromEntries([...differing].map((name) => [name, other[name]])));
      Object.assign(next, copy.values);
    }
    rows.update(ct.uid, v, next as Row, other);
    copy.linkCopies();
    checkUnique(engine, ct, next as Row, v);
  }
}

/** Stored values are JSON-shaped: a json field's value compares by its text. */
function sameValue(a: unknown, b: unknown): boolean {
  if ((a ?? null) === (b ?? null)) return true;
  return typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b);
}
