import { Packr } from 'msgpackr';
import type { Key } from 'lmdb';
import type { ChangeOp } from './change-capture.js';

/**
 * One committed write transaction as the outbox keeps it and the stream carries it: the
 * folder's write generation it made, when it committed (ms since the epoch, for replicas' lag),
 * and the entries it left, each as stored bytes or null for removed.
 */
export interface ChangeEntry {
  readonly generation: number;
  readonly time: number;
  readonly ops: readonly ChangeOp[];
}

/** The entry's layout on the wire; a replica refuses another. */
const FORMAT = 1;

// Plain msgpack (no records): the entry is read once, by a replica that never saw the writer's shapes.
const packr = new Packr({ useRecords: false, moreTypes: false });

export function encodeChangeEntry(entry: ChangeEntry): Uint8Array {
  return packr.pack([FORMAT, entry.generation, entry.time, entry.ops]);
}

export class ChangeEntryError extends Error {
  override readonly name = 'ChangeEntryError';
}

/** The entry `bytes` hold; throws ChangeEntryError on anything else. */
export function decodeChangeEntry(bytes: Uint8Array): ChangeEntry {
  let value: unknown;
  try {
    value = packr.unpack(bytes);
  } catch (e) {
    throw new ChangeEntryError('a change entry is not msgpack', { cause: e });
  }
  if (!Array.isArray(value) || value[0] !== FORMAT) throw new ChangeEntryError(`a change entry of another format (${Array.isArray(value) ? String(value[0]) : typeof value}; this Quarry reads ${FORMAT})`);
  const [, generation, time, ops] = value as [number, unknown, unknown, unknown];
  if (!Number.isSafeInteger(generation) || typeof time !== 'number' || !Array.isArray(ops)) throw new ChangeEntryError('a change entry without its generation, time or entries');
  for (const op of ops) {
    if (!Array.isArray(op) || op.length !== 3 || typeof op[0] !== 'string' || !isKey(op[1]) || !(op[2] === null || op[2] instanceof Uint8Array)) {
      throw new ChangeEntryError(`change entry ${generation as number}: an entry that is not [database, key, bytes or null]`);
    }
  }
  return { generation: generation as number, time, ops: ops as ChangeOp[] };
}

const isKey = (key: unknown): key is Key => typeof key === 'number' || (Array.isArray(key) && key.every((k) => k === null || ['number', 'string', 'boolean'].includes(typeof k)));
