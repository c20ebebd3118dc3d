import type { Database, Key, RootDatabase } from 'lmdb';
import { compactKeys } from './key-codec.js';
import type { BlockFormat } from './posting-values.js';

/** The sub-databases; their key shapes are known only to the files of this folder. */
export interface Dbs {
  /** ['code', name] -> small integer; ['seq', typeCode] -> last row id; ['count', typeCode, scope] -> rows. */
  readonly meta: Database<unknown, Key[]>;
  /** [typeCode, documentId, scope] -> rowId */
  readonly docs: Database<number, Key[]>;
  /** Postings [typeCode, scope, firstId] -> ids: every row of a type in one version scope. */
  readonly scope: Database<Buffer, Key[]>;
  /** Postings [typeCode, fieldCode, scope, value, firstId] -> ids; trigram sets use the field's `~3` code. */
  readonly idx: Database<Buffer, Key[]>;
  /** Postings [listCode, sourceRow, firstId] -> target ids: a link list as a set, for set algebra. */
  readonly adj: Database<Buffer, Key[]>;
  /** [listCode, sourceRow, orderN, orderF] -> targetRow for a keyed list; [listCode, sourceRow] -> targetRows in order for a packed one (links.ts, packed-lists.ts). */
  readonly links: Database<number | number[] | Uint8Array, Key[]>;
  /** [listCode, sourceRow, targetRow] -> [orderN, orderF] */
  readonly linkPos: Database<[number, string], Key[]>;
  /** How the posting databases (scope, idx, adj) store their sets' blocks. */
  readonly blockFormat: BlockFormat;
  /** How the databases other than meta and the rows encode their keys. */
  readonly keyFormat: KeyFormat;
  /** Where the row databases keep their shapes (SHAPES_FIRST, or SHAPES_LAST in older folders, whose rows are not appended). */
  readonly rowShapesKey: number;
}

/** The meta key of a type's last row id. */
export const seqKey = (t: number): Key[] => ['seq', t];

/** The meta key of the folder's write generation: one more each write transaction, by any process. */
export const GENERATION_KEY: Key[] = ['generation'];

/** One content-type's rows: rowId -> the entry. */
export type RowDb = Database<Record<string, unknown>, number>;

/**
 * Rows of one type share their shape: msgpackr keeps it once, under a key no row id takes: 0 in
 * folders made since rows are appended (MDB_APPEND needs every new row id to come last), the
 * largest uint32 in older ones, which keep it there.
 */
export const SHAPES_FIRST = 0;
const SHAPES_LAST = 0xffff_ffff;

/** The keys of a row database's rows, wherever its folder keeps the shapes: a range. */
export const ROW_IDS = { start: 1, end: SHAPES_LAST } as const;

/**
 * How a folder's keys are written: compactly (key-codec.ts) in folders made since that encoding
 * came, with lmdb's ordered-binary in older ones, which keep it. Both sort alike; the meta
 * database, where the choice is recorded, always uses ordered-binary.
 */
export type KeyFormat = 'compact' | 'ordered-binary';

export const keyFormatOf = (meta: Database<unknown, Key[]>, writable: boolean): KeyFormat =>
  recordedFormat(meta, writable, 'keyFormat', 'compact', 'ordered-binary');

/**
 * A format a folder records in meta under `name`: `current` in folders made since it came (a
 * writable open of a new folder records it), `older` in folders made before, which keep theirs.
 */
function recordedFormat<F extends string>(meta: Database<unknown, Key[]>, writable: boolean, name: string, current: F, older: F): F {
  if (meta.get([name]) === current) return current;
  // Codes are interned at a folder's first open: a folder that has them and no recorded format is older.
  if (meta.get(['nextCode']) !== undefined) return older;
  if (writable) meta.putSync([name], current);
  return current;
}

/** Opens the sub-databases; a writable open of a new folder records its key and block formats. */
export function openDbs(env: RootDatabase, writable = false): Dbs {
  const meta = env.openDB<unknown, Key[]>({ name: 'meta' });
  const keyFormat = keyFormatOf(meta, writable);
  const keys = keyEncodingOf(keyFormat);
  return {
    meta,
    keyFormat,
    blockFormat: recordedFormat<BlockFormat>(meta, writable, 'blockFormat', 'delta', 'plain'),
    rowShapesKey: recordedFormat(meta, writable, 'rowShapes', 'first', 'last') === 'first' ? SHAPES_FIRST : SHAPES_LAST,
    docs: env.openDB<number, Key[]>({ name: 'docs', ...keys }),
    scope: env.openDB<Buffer, Key[]>({ name: 'scope', encoding: 'binary', ...keys }),
    idx: env.openDB<Buffer, Key[]>({ name: 'idx', encoding: 'binary', ...keys }),
    adj: env.openDB<Buffer, Key[]>({ name: 'adj', encoding: 'binary', ...keys }),
    links: env.openDB<number | number[] | Uint8Array, Key[]>({ name: 'links', ...keys }),
    linkPos: env.openDB<[number, string], Key[]>({ name: 'linkPos', ...keys }),
  };
}

const keyEncodingOf = (format: KeyFormat): { keyEncoder?: typeof compactKeys } => (format === 'compact' ? { keyEncoder: compactKeys } : {});

/** Whether the environment holds the named database (a read-only open cannot make a missing one). */
export const hasDb = (env: RootDatabase, name: string): boolean => ([...env.getKeys({ start: name, end: `${name}\0` })] as string[]).includes(name);

/** The databases whose keys take the folder's key format (keyFormatOf), by their names in the environment. */
const KEYED = ['docs', 'scope', 'idx', 'adj', 'links', 'linkPos'] as const;

/** The named databases a write transaction may change, each with its name in the environment. */
export function namedDbs(dbs: Dbs, rowDbs: ReadonlyMap<string, RowDb>): [string, Database<unknown, Key>][] {
  const named: [string, Database<unknown, Key>][] = [['meta', dbs.meta], ...KEYED.map((name) => [name, dbs[name] as Database<unknown, Key>] as [string, Database<unknown, Key>])];
  for (const [type, db] of rowDbs) named.push([`${ROW_DB}${type}`, db as Database<unknown, Key>]);
  return named;
}

/** A named database of `namedDbs` opened to read and write stored bytes under the same keys, or undefined for another name. */
export function openAsBytes(env: RootDatabase, name: string, format: KeyFormat, rowTypes: ReadonlySet<string>): Database<Uint8Array, Key> | undefined {
  if (name.startsWith(ROW_DB)) {
    return rowTypes.has(name.slice(ROW_DB.length)) ? env.openDB<Uint8Array, Key>({ name, keyEncoding: 'uint32', encoding: 'binary' }) : undefined;
  }
  // API tokens (tokens.ts) keep lmdb's default keys, as meta does.
  if (name === 'meta' || name === 'tokens') return env.openDB<Uint8Array, Key>({ name, encoding: 'binary' });
  if (!(KEYED as readonly string[]).includes(name)) return undefined;
  return env.openDB<Uint8Array, Key>({ name, encoding: 'binary', ...keyEncodingOf(format) });
}

/**
 * After a write transaction is aborted: the row shapes msgpackr saved under STRUCTURES_KEY during
 * it are gone from the database, but the encoder still holds them and would write later rows
 * against shape ids that were never stored (those rows then decode wrongly). Marked
 * uninitialized, its shapes are read back from the database at the next write.
 */
export function forgetUnsavedShapes(db: RowDb): void {
  const structures = (db as unknown as { encoder?: { structures?: { uninitialized?: boolean } } }).encoder?.structures;
  if (structures) structures.uninitialized = true;
}

const ROW_DB = 'rows:';

export function openRowDb(env: RootDatabase, type: string, shapesKey = SHAPES_FIRST): RowDb {
  return env.openDB<Record<string, unknown>, number>({ name: `${ROW_DB}${type}`, keyEncoding: 'uint32', sharedStructuresKey: shapesKey });
}

/** Whether a named database holds a type's rows: its keys are native integers (row ids). */
export const isRowDbName = (name: string): boolean => name.startsWith(ROW_DB);
