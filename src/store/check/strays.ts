import type { Database, Key, RangeOptions } from 'lmdb';
import { MAX } from '../keys.js';
import type { CheckContext } from './rows-check.js';

/** How many stray keys are named per gap between known codes: enough to see what they are. */
const SHOWN = 5;

/**
 * Entries under a type or list code that none of the schemas' types or lists has: left behind by
 * a type or relation since removed from the schemas, or written by something else. The other
 * checks read only under known codes, so these are looked for in the gaps between them.
 */
export function checkStrays(ctx: CheckContext, typeCodes: readonly number[], listCodes: readonly number[]): void {
  const { dbs } = ctx;
  const dbsByCode: [string, Database<unknown, Key[]>, readonly number[]][] = [
    ['document index', dbs.docs, typeCodes],
    ['row sets', dbs.scope, typeCodes],
    ['secondary index', dbs.idx, typeCodes],
    ['links', dbs.links, listCodes],
    ['link positions', dbs.linkPos, listCodes],
    ['link sets', dbs.adj, listCodes],
  ];
  for (const [label, db, codes] of dbsByCode) {
    for (const key of strayKeys(db, codes)) {
      ctx.problems.add('stray', `${label}: ${JSON.stringify(key)} is under ${ctx.names.of(key[0]!)}, which is no type or list of these schemas`);
    }
  }
}

function* strayKeys(db: Database<unknown, Key[]>, known: readonly number[]): IterableIterator<Key[]> {
  const codes = [...known].sort((a, b) => a - b);
  const bounds: (Key[] | undefined)[] = [undefined];
  for (const code of codes) bounds.push([code], [code, MAX]);
  bounds.push(undefined);
  for (let i = 0; i < bounds.length; i += 2) {
    const range: RangeOptions = { limit: SHOWN };
    if (bounds[i]) range.start = bounds[i];
    if (bounds[i + 1]) range.end = bounds[i + 1];
    yield* db.getKeys(range);
  }
}
