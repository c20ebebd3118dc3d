/**
 * What every engine of the load bench stores beside the dataset's fields, the same for each:
 * an entity's documentId and its timestamps.
 */
import { entitySeed, Rng } from '../../fixtures/prng.js';

export const RESTAURANT = 'api::restaurant.restaurant';
export const CHEF = 'api::chef.chef';
export const CATEGORY = 'api::category.category';

/** A stream of its own, so documentIds never share draws with the dataset's fields. */
const DOCUMENT_ID_STREAM = 16;
const STREAM_OF: Readonly<Record<string, number>> = { [CHEF]: 0, [CATEGORY]: 1, [RESTAURANT]: 2 };
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const ALPHANUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** Rows are stamped one second apart from here, in id order. */
const EPOCH = Date.UTC(2026, 0, 1);

/**
 * The documentId of entity `index` of `type`: 24 characters, a letter first, as Strapi makes
 * them, and as scattered as random ones (ids that sort like the rows would flatter an index).
 */
export function documentIdOf(seed: number, type: string, index: number): string {
  const rng = new Rng(entitySeed(seed, DOCUMENT_ID_STREAM + (STREAM_OF[type] ?? 0), index));
  let id = LETTERS[Math.floor(rng.next() * 26)]!;
  for (let i = 1; i < 24; i++) id += ALPHANUM[Math.floor(rng.next() * 36)];
  return id;
}

/** When entity `index` was created (and last updated, and published), in ms since 1970. */
export const createdAtOf = (index: number): number => EPOCH + index * 1000;
